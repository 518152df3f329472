// /docusign/test/{template_id}/{mapped_template_id} (spec part 2 "Signing page": "A 'test' path shows the mock-data
// field list"): the mapped template's roles and fields as they would be filled, each mapped field with the mapping
// field's mock value (testValue) or the mapping's own value (static, custom); unmapped ones show 'not mapped'. Read
// from the replicas, so it works offline; the filled PDF preview (built-in provider) needs the network.
import { Link } from "@tanstack/react-router";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import {
  Breadcrumb,
  Card,
  EmptyPage,
  EmptyState,
  Fact,
  ListRows,
  LoadingPage,
  linkClass,
  Note,
  Page,
  PageHeader,
  Panels,
  Tag,
} from "../../ui/index.ts";
import { signingLink } from "./signing-link.ts";
import { mockRecipient, mockValue } from "./signing-rules.ts";
import { SIGNING_TEXT as T } from "./strings.ts";
import { useSigning } from "./use-signing.ts";
import { Warnings } from "./Warnings.tsx";

export function SigningTestPage({ templateId, mappedTemplateId }: { templateId: string; mappedTemplateId: string }) {
  const data = useSigning();
  const online = useOnline();
  if (data.loading) {
    return <LoadingPage />;
  }
  const template = data.templates.find((t) => t.id === templateId);
  const mapped = data.mappedTemplates.find((m) => m.id === mappedTemplateId && m.signingTemplateId === templateId);
  if (!template || !mapped) {
    return (
      <EmptyPage
        title={T.testTitle}
        text={T.noTemplates}
        breadcrumb={[
          { display: T.breadcrumb, link: "/docusign/templates" },
          { display: T.test, active: true },
        ]}
      />
    );
  }
  const documentName = (id: string | null) => template.documents.find((d) => d.id === id)?.name ?? "—";
  const preview = data.previewUrl?.(mapped.id) ?? null;

  return (
    <Page>
      <Breadcrumb
        items={[
          { display: T.breadcrumb, link: "/docusign/templates" },
          { display: template.name, link: `/docusign/templates/${template.id}` },
          { display: mapped.name, link: `/docusign/templates/${template.id}/${mapped.id}` },
          { display: T.test, active: true },
        ]}
      />
      <PageHeader title={`${T.testTitle}: ${mapped.name}`}>
        <Link {...signingLink({ templateId: template.id, mappedTemplateId: mapped.id })} className={linkClass}>
          ← {T.back}
        </Link>
      </PageHeader>
      <Panels.Root>
        <Panels.Panel testId="signing-left">
          <Card title={T.mappedTemplateDetails} testId="signing-mapped-template">
            <dl className={css({ display: "grid", gap: "3" })}>
              <Fact label={T.templateDetails}>{template.name}</Fact>
              <Fact label={T.name}>{mapped.name}</Fact>
              <Fact label={T.status}>{mapped.locked ? T.locked : T.unlocked}</Fact>
            </dl>
            <Note>{T.testIntro}</Note>
            {preview &&
              (online ? (
                <a href={preview} target="_blank" rel="noopener" className={linkClass}>
                  {T.preview}
                </a>
              ) : (
                <Note testId="needs-network">{T.previewNeedsNetwork}</Note>
              ))}
            <Warnings template={template} mapped={mapped} />
          </Card>
          <Card title={T.roles} testId="signing-test-roles">
            {mapped.roles.length === 0 ? (
              <EmptyState text={T.notMapped} />
            ) : (
              <dl className={css({ display: "grid", gap: "3" })}>
                {mapped.roles.map((role) => (
                  <Fact key={role.id} label={role.name}>
                    {mockRecipient(role, data.mappingFields)}
                  </Fact>
                ))}
              </dl>
            )}
          </Card>
        </Panels.Panel>
        <Card title={T.fields} testId="signing-test-fields">
          {mapped.fields.length === 0 ? (
            <EmptyState text={T.noFields} />
          ) : (
            <ListRows>
              {mapped.fields.map((field) => {
                const value = mockValue(field, data.mappingFields);
                return (
                  <li
                    key={field.id}
                    data-testid="signing-test-field"
                    className={css({
                      display: "grid",
                      gap: "2",
                      gridTemplateColumns: { base: "1fr", sm: "minmax(0, 1fr) minmax(0, 1fr)" },
                      py: "3",
                      borderTopWidth: "1px",
                      borderColor: "border.default",
                      _first: { borderTopWidth: "0", pt: "0" },
                    })}
                  >
                    <div className={css({ minW: 0 })}>
                      <p className={css({ fontWeight: "600", overflowWrap: "anywhere" })} data-testid="signing-name">
                        {field.name}
                      </p>
                      <p className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>
                        {[documentName(field.documentId), field.role, mappingKeyLabel(field.mapTo) || T.notMapped]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                    </div>
                    <div className={css({ minW: 0, overflowWrap: "anywhere" })}>
                      <span className={css({ srOnly: true })}>{T.mockValue}: </span>
                      {value === null ? <Tag text={T.notMapped} /> : value}
                    </div>
                  </li>
                );
              })}
            </ListRows>
          )}
        </Card>
      </Panels.Root>
    </Page>
  );
}

/** A mapping key as words: "distribution.amount" -> "Distribution amount", "date.signed" -> "Date signed". */
function mappingKeyLabel(key: string | null | undefined): string {
  if (!key) return "";
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll(/[._-]+/g, " ")
    .toLowerCase()
    .trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}
