// /docusign/templates/{template_id?}/{mapped_template_id?}/{document_id?} (spec part 2 "Signing page"): breadcrumb
// Signing; the left panel holds the signing account with 'Sync template list' (AccountCard.tsx), the template's details,
// the mapped template's details (DetailCards.tsx: name and signing type editable only while unlocked, Lock (final), the
// Active toggle when locked, Add to qualifications, Delete only while unlocked) and the document's name; the right panel
// lists the templates, a template's mapped templates, a mapped template's sent documents (only when locked), documents
// and question sets (SigningLists.tsx), its roles and a document's fields (MappingRows.tsx). A Back link goes up one
// level. This page reads the replicas (use-signing.ts) and picks the cards; edits are queued commands (they work
// offline); syncing the template list needs the network and says so.
import { Link } from "@tanstack/react-router";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Card,
  Fact,
  LoadingPage,
  linkClass,
  Page,
  PageHeader,
  Panels,
} from "../../ui/index.ts";
import { AccountCard } from "./AccountCard.tsx";
import { MappedTemplateDetails, TemplateDetails } from "./DetailCards.tsx";
import { FieldList, RoleList } from "./MappingRows.tsx";
import { DocumentList, MappedTemplateList, QuestionSetList, SentDocuments, TemplateList } from "./SigningLists.tsx";
import { type SigningPath, signingLink } from "./signing-link.ts";
import { SIGNING_TEXT as T } from "./strings.ts";
import { useSigning } from "./use-signing.ts";

export function SigningPage({ templateId, mappedTemplateId, documentId }: SigningPath) {
  const data = useSigning();
  const { canWrite } = useViewer();
  const online = useOnline();

  if (data.loading) {
    return <LoadingPage />;
  }

  const template = data.templates.find((t) => t.id === templateId);
  const mapped = template
    ? data.mappedTemplates.find((m) => m.id === mappedTemplateId && m.signingTemplateId === template.id)
    : undefined;
  const document = mapped ? template?.documents.find((d) => d.id === documentId) : undefined;

  const crumbs: BreadcrumbItem[] = [{ display: T.breadcrumb, link: "/docusign/templates", active: !template }];
  if (template) crumbs.push({ display: template.name, link: `/docusign/templates/${template.id}`, active: !mapped });
  if (template && mapped)
    crumbs.push({
      display: mapped.name,
      link: `/docusign/templates/${template.id}/${mapped.id}`,
      active: !document,
    });
  if (document) crumbs.push({ display: document.name, active: true });
  const up: SigningPath | null = document
    ? { templateId, mappedTemplateId }
    : mapped
      ? { templateId }
      : template
        ? {}
        : null;
  const title = document?.name ?? mapped?.name ?? template?.name ?? T.breadcrumb;

  return (
    <Page>
      <Breadcrumb items={crumbs} />
      <PageHeader title={title}>
        {up && (
          <Link {...signingLink(up)} className={linkClass} data-testid="signing-back">
            ← {T.back}
          </Link>
        )}
      </PageHeader>
      <Panels.Root>
        <Panels.Panel testId="signing-left">
          <AccountCard data={data} online={online} canWrite={canWrite} />
          {template && <TemplateDetails template={template} />}
          {template && mapped && (
            <MappedTemplateDetails
              key={mapped.id}
              template={template}
              mapped={mapped}
              data={data}
              canWrite={canWrite}
              online={online}
            />
          )}
          {document && (
            <Card title={T.document} testId="signing-document">
              <dl>
                <Fact label={T.name}>{document.name}</Fact>
              </dl>
            </Card>
          )}
        </Panels.Panel>
        <Panels.Panel testId="signing-right">
          {!template && <TemplateList templates={data.templates} />}
          {template && !mapped && <MappedTemplateList template={template} data={data} canWrite={canWrite} />}
          {template && mapped && !document && (
            <>
              {mapped.locked && <SentDocuments mapped={mapped} />}
              <DocumentList template={template} mapped={mapped} />
              <RoleList mapped={mapped} data={data} canWrite={canWrite} />
              <QuestionSetList mapped={mapped} data={data} canWrite={canWrite} />
            </>
          )}
          {template && mapped && document && (
            <FieldList mapped={mapped} document={document} data={data} canWrite={canWrite} />
          )}
        </Panels.Panel>
      </Panels.Root>
    </Page>
  );
}
