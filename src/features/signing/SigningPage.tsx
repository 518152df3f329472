// /docusign/templates/{template_id?}/{mapped_template_id?}/{document_id?} (spec part 2 "Signing page"): breadcrumb
// Signing; the left panel holds the signing account with 'Sync template list', the template's details, the mapped
// template's details (name and signing type editable only while unlocked, Lock (final), the Active toggle when locked, Add to
// qualifications,
// Delete only while unlocked) and the document's name; the right panel lists the templates, a template's mapped
// templates, a mapped template's sent documents (only when locked), documents, roles and question sets, and a
// document's fields. A Back link goes up one level. Everything is read from the replicas (use-signing.ts); edits are
// queued commands (they work offline); syncing the template list needs the network and says so.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { formatDate } from "../../domain/format.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorBlock,
  Fact,
  LoadingIndicator,
  linkClass,
  Page,
  PageHeader,
  Select,
  StatusBadge,
  Switch,
  SyncMark,
  TextField,
} from "../../ui/index.ts";
import {
  fieldErrors,
  mappedTemplateActions,
  NOT_MAPPED,
  readyToLock,
  roleErrors,
  STATIC_MAPPINGS,
} from "./signing-rules.ts";
import { SIGNING_TYPES, SIGNING_TEXT as T, SIGNING_VALIDATION as V } from "./strings.ts";
import { type Mark, type SigningData, useSigning } from "./use-signing.ts";
import type {
  MappedTemplateView,
  SigningDocumentView,
  SigningFieldView,
  SigningRoleView,
  SigningTemplateView,
} from "./view.ts";
import { Warnings } from "./Warnings.tsx";

const ROUTE = "/docusign/templates/{-$templateId}/{-$mappedTemplateId}/{-$documentId}" as const;

export interface SigningPath {
  templateId?: string;
  mappedTemplateId?: string;
  documentId?: string;
}

export function signingLink(path: SigningPath) {
  return {
    to: ROUTE,
    params: { templateId: path.templateId, mappedTemplateId: path.mappedTemplateId, documentId: path.documentId },
  };
}

const LIST_FORMAT = "MMM DD YYYY h:mma" as const;

export function SigningPage({ templateId, mappedTemplateId, documentId }: SigningPath) {
  const data = useSigning();
  const { canWrite } = useViewer();
  const online = useOnline();

  if (data.loading) {
    return (
      <Page>
        <LoadingIndicator />
      </Page>
    );
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
      <div
        className={css({
          display: "grid",
          gap: "4",
          gridTemplateColumns: { base: "1fr", md: "minmax(0, 1fr) minmax(0, 2fr)" },
          alignItems: "start",
        })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="signing-left">
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
        </div>
        <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="signing-right">
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
        </div>
      </div>
    </Page>
  );
}

export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid={testId}>
      {children}
    </p>
  );
}

function MarkNote({ mark }: { mark: Mark | null }) {
  if (!mark || mark.status === "accepted") return null;
  return (
    <div>
      <SyncMark mark={mark} />
    </div>
  );
}

function AccountCard({ data, online, canWrite }: { data: SigningData; online: boolean; canWrite: boolean }) {
  const account = data.account;
  const state = data.syncState;
  return (
    <Card
      title={account?.name ?? T.signingAccount}
      testId="signing-account"
      actions={
        <Button
          size="sm"
          loading={state === "loading"}
          disabled={!online || !canWrite || !account}
          onClick={() => data.sync()}
        >
          {state === "loading" ? T.syncing : T.syncTemplateList}
        </Button>
      }
    >
      {account ? (
        <dl>
          <Fact label={T.syncedOn}>{account.syncedOn ? formatDate(account.syncedOn, LIST_FORMAT) : T.neverSynced}</Fact>
        </dl>
      ) : (
        <Note>{T.noSigningAccount}</Note>
      )}
      {state === "error" && <ErrorBlock text={T.syncError} />}
      {!online && <Note testId="needs-network">{T.syncNeedsNetwork}</Note>}
      {!canWrite && <Note>{T.readOnly}</Note>}
      {data.upload && canWrite && <UploadTemplate upload={data.upload} online={online} />}
    </Card>
  );
}

function UploadTemplate({ upload, online }: { upload: (file: File) => Promise<void>; online: boolean }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <label
        htmlFor="signing-template-file"
        className={css({ fontSize: "sm", fontWeight: "600", color: "fg.default" })}
      >
        {T.uploadTemplate}
      </label>
      <input
        id="signing-template-file"
        type="file"
        accept="application/pdf,.pdf"
        disabled={!online || busy}
        className={css({
          fontSize: "sm",
          maxW: "full",
          color: "fg.muted",
          _file: {
            mr: "3",
            px: "3",
            py: "1.5",
            borderRadius: "control",
            borderWidth: "1px",
            borderColor: "border.strong",
            bg: "bg.surface",
            color: "fg.default",
            fontWeight: "600",
            cursor: "pointer",
          },
        })}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setBusy(true);
          setFailed(false);
          try {
            await upload(file);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      />
      <Note>{busy ? T.uploading : T.uploadHint}</Note>
      {failed && <ErrorBlock text={T.uploadFailed} />}
      {!online && <Note testId="upload-needs-network">{T.uploadNeedsNetwork}</Note>}
    </div>
  );
}

function TemplateDetails({ template }: { template: SigningTemplateView }) {
  return (
    <Card title={T.templateDetails} testId="signing-template">
      <dl className={css({ display: "grid", gap: "3" })}>
        <Fact label={T.name}>{template.name}</Fact>
        {template.description && <Fact label={T.description}>{template.description}</Fact>}
        <Fact label={T.updatedOn}>{template.updatedOn ? formatDate(template.updatedOn, LIST_FORMAT) : "—"}</Fact>
        <Fact label={T.syncedOn}>{template.syncedOn ? formatDate(template.syncedOn, LIST_FORMAT) : "—"}</Fact>
      </dl>
      {template.syncStatus === "loading" && <Note>{T.templateLoading}</Note>}
      {template.syncStatus === "error" && <ErrorBlock text={template.failure ?? T.syncError} />}
      <Warnings template={template} />
    </Card>
  );
}

function MappedTemplateDetails({
  template,
  mapped,
  data,
  canWrite,
  online,
}: {
  template: SigningTemplateView;
  mapped: MappedTemplateView;
  data: SigningData;
  canWrite: boolean;
  online: boolean;
}) {
  const can = mappedTemplateActions(mapped, canWrite);
  const [name, setName] = useState(mapped.name);
  const [type, setType] = useState<string>(mapped.qualificationStepType);
  const [nameError, setNameError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const mark = data.markOf("updateMappedSigningTemplateById", mapped.id);
  const deleteMark = data.markOf("deleteMappedSigningTemplate", mapped.id);
  const lockable = readyToLock(mapped.roles, mapped.fields);
  const changed = name !== mapped.name || type !== mapped.qualificationStepType;

  return (
    <Card title={T.mappedTemplateDetails} testId="signing-mapped-template">
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
        {mapped.deleted ? (
          <StatusBadge label={T.deleted} status="failed" />
        ) : (
          <StatusBadge label={mapped.locked ? T.locked : T.unlocked} status={mapped.locked ? "closed" : "draft"} />
        )}
        {mapped.locked && (
          <StatusBadge label={mapped.active ? T.active : T.inactive} status={mapped.active ? "active" : "draft"} />
        )}
      </div>
      <dl className={css({ display: "grid", gap: "3" })}>
        <Fact label={T.copiedOn}>{mapped.templateCopyOn ? formatDate(mapped.templateCopyOn, LIST_FORMAT) : "—"}</Fact>
      </dl>
      <form
        noValidate
        aria-label={T.mappedTemplateDetails}
        className={css({ display: "flex", flexDirection: "column", gap: "3" })}
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) {
            setNameError(V.templateName);
            return;
          }
          void data.updateMapped(mapped.id, { name: name.trim(), qualificationStepType: type as "email" | "inline" });
        }}
      >
        <TextField
          label={T.name}
          name="name"
          value={name}
          disabled={!can.edit}
          error={nameError}
          onValueChange={(value) => {
            setName(value);
            setNameError(undefined);
          }}
        />
        <Select
          label={T.signingType}
          name="qualificationStepType"
          options={SIGNING_TYPES.map((t) => ({ label: t.label, value: t.value }))}
          value={type}
          onChange={(value) => setType(value ?? "inline")}
          disabled={!can.edit}
        />
        {can.edit && (
          <div>
            <Button type="submit" size="sm" disabled={!changed}>
              {T.save}
            </Button>
          </div>
        )}
      </form>
      {!mapped.deleted && !mapped.locked && <Note>{T.editableWhileUnlocked}</Note>}
      {can.showActive && (
        <Switch
          checked={mapped.active}
          disabled={!can.toggleActive}
          onChange={(active) => void data.updateMapped(mapped.id, { active })}
        >
          {T.active}
        </Switch>
      )}
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", alignItems: "center" })}>
        {can.lock && (
          <Button size="sm" disabled={!lockable} onClick={() => void data.updateMapped(mapped.id, { locked: true })}>
            {T.lock}
          </Button>
        )}
        {can.addToQualifications && !mapped.inQualifications && (
          <Button size="sm" onClick={() => void data.addToQualifications(mapped.id)}>
            {T.addToQualifications}
          </Button>
        )}
        {!mapped.deleted && (
          <Link
            to="/docusign/test/$templateId/$mappedTemplateId"
            params={{ templateId: template.id, mappedTemplateId: mapped.id }}
            className={linkClass}
          >
            {T.testMapping}
          </Link>
        )}
        {can.delete && (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {T.delete}
          </Button>
        )}
      </div>
      {can.lock && !lockable && <Note>{T.lockToActivate}</Note>}
      {can.lock && lockable && <Note>{T.lockIsFinal}</Note>}
      {mapped.inQualifications && (
        <div>
          <StatusBadge label={T.inQualifications} status="active" />
        </div>
      )}
      <MarkNote mark={mark} />
      <MarkNote mark={data.markOf("addMappedSigningTemplateToQualifications", mapped.id)} />
      <MarkNote mark={deleteMark} />
      {!online && (mark?.status === "pending" || deleteMark?.status === "pending") && <Note>{T.queuedOffline}</Note>}
      <Warnings template={template} mapped={mapped} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={T.deleteConfirm}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {T.cancel}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void data.deleteMapped(mapped.id);
              }}
            >
              {T.delete}
            </Button>
          </>
        }
      />
    </Card>
  );
}

function ListCard({
  title,
  empty,
  testId,
  children,
  actions,
}: {
  title: string;
  empty: string;
  testId: string;
  children: ReactNode[];
  actions?: ReactNode;
}) {
  return (
    <Card title={title} testId={testId} actions={actions}>
      {children.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column" })}>{children}</ul>
      )}
    </Card>
  );
}

const rowClass = css({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: "3",
  py: "3",
  borderTopWidth: "1px",
  borderColor: "border.default",
  _first: { borderTopWidth: "0" },
});

function Row({
  link,
  title,
  detail,
  children,
}: {
  link?: ReturnType<typeof signingLink>;
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <li className={rowClass}>
      <div className={css({ minW: 0 })}>
        {link ? (
          <Link {...link} className={linkClass}>
            {title}
          </Link>
        ) : (
          <span className={css({ fontWeight: "600" })}>{title}</span>
        )}
        {detail && <p className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>{detail}</p>}
      </div>
      {children && <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>{children}</div>}
    </li>
  );
}

function TemplateList({ templates }: { templates: SigningTemplateView[] }) {
  return (
    <ListCard title={T.templates} empty={T.noTemplates} testId="signing-templates">
      {templates.map((t) => (
        <Row
          key={t.id}
          link={signingLink({ templateId: t.id })}
          title={t.name}
          detail={t.updatedOn ? formatDate(t.updatedOn, LIST_FORMAT) : (t.description ?? undefined)}
        >
          {t.deleted && <StatusBadge label={T.deleted} status="failed" />}
          {!t.deleted && t.syncStatus === "loading" && <Tag text={T.syncing} />}
          {!t.deleted && t.syncStatus === "error" && <StatusBadge label={T.syncFailed} status="failed" />}
        </Row>
      ))}
    </ListCard>
  );
}

function MappedTemplateList({
  template,
  data,
  canWrite,
}: {
  template: SigningTemplateView;
  data: SigningData;
  canWrite: boolean;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const mapped = data.mappedTemplates.filter((m) => m.signingTemplateId === template.id);
  return (
    <>
      <ListCard title={T.mappedTemplates} empty={T.noMappedTemplates} testId="signing-mapped-templates">
        {mapped.map((m) => (
          <Row
            key={m.id}
            link={signingLink({ templateId: template.id, mappedTemplateId: m.id })}
            title={m.name}
            detail={m.templateCopyOn ? formatDate(m.templateCopyOn, LIST_FORMAT) : undefined}
          >
            {m.deleted ? (
              <StatusBadge label={T.deleted} status="failed" />
            ) : (
              <>
                <StatusBadge label={m.locked ? T.locked : T.unlocked} status={m.locked ? "closed" : "draft"} />
                {m.locked && (
                  <StatusBadge label={m.active ? T.active : T.inactive} status={m.active ? "active" : "draft"} />
                )}
              </>
            )}
            <MarkNote mark={m.pending} />
          </Row>
        ))}
      </ListCard>
      {canWrite && !template.deleted && (
        <Card title={T.newMappedTemplate} testId="signing-new-mapped">
          <form
            noValidate
            aria-label={T.newMappedTemplate}
            className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) {
                setError(V.templateName);
                return;
              }
              void data.createMapped(template.id, name.trim());
              setName("");
            }}
          >
            <TextField
              label={T.name}
              name="mappedName"
              value={name}
              error={error}
              className={css({ flex: "1", minW: "12rem" })}
              onValueChange={(value) => {
                setName(value);
                setError(undefined);
              }}
            />
            <Button type="submit" disabled={template.syncStatus !== "synced"}>
              {T.create}
            </Button>
          </form>
        </Card>
      )}
    </>
  );
}

function SentDocuments({ mapped }: { mapped: MappedTemplateView }) {
  return (
    <ListCard title={T.sentDocuments} empty={T.noDocumentsSent} testId="signing-sent">
      {mapped.sentDocuments.map((s) => (
        <Row
          key={s.id}
          title={s.sentTo ?? s.id}
          detail={`${T.sentOn} ${s.sentOn ? formatDate(s.sentOn, "MM/dd/yyyy") : T.notVerified}`}
        >
          <StatusBadge
            label={s.status}
            status={s.status === "completed" || s.status === "signed" ? "active" : "draft"}
          />
          {s.documentUri && (
            <a href={s.documentUri} className={linkClass} target="_blank" rel="noopener">
              {T.download}
            </a>
          )}
        </Row>
      ))}
    </ListCard>
  );
}

function DocumentList({ template, mapped }: { template: SigningTemplateView; mapped: MappedTemplateView }) {
  return (
    <ListCard title={T.documents} empty={T.noDocuments} testId="signing-documents">
      {template.documents.map((d: SigningDocumentView) => {
        const fields = mapped.fields.filter((f) => f.documentId === d.id);
        const unmapped = fields.filter(
          (f) => !f.mapTo || f.mapTo === NOT_MAPPED || Object.keys(fieldErrors(f)).length > 0,
        ).length;
        return (
          <Row
            key={d.id}
            link={signingLink({ templateId: template.id, mappedTemplateId: mapped.id, documentId: d.id })}
            title={d.name}
            detail={`${fields.length} ${T.fields.toLowerCase()}`}
          >
            {unmapped > 0 ? <Tag text={T.notMapped} /> : <StatusBadge label={T.mapped} status="active" />}
          </Row>
        );
      })}
    </ListCard>
  );
}

function RoleList({ mapped, data, canWrite }: { mapped: MappedTemplateView; data: SigningData; canWrite: boolean }) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  return (
    <ListCard title={T.roles} empty={T.notMapped} testId="signing-roles">
      {mapped.roles.map((role) => (
        <RoleRow key={role.id} role={role} data={data} editable={editable} />
      ))}
    </ListCard>
  );
}

const editRowClass = css({
  display: "grid",
  gap: "3",
  py: "4",
  borderTopWidth: "1px",
  borderColor: "border.default",
  _first: { borderTopWidth: "0", pt: "0" },
});

const editGridClass = css({
  display: "grid",
  gap: "3",
  gridTemplateColumns: { base: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
  alignItems: "start",
});

/** A mapping's state as written ('not mapped' stays lower case, unlike a status badge). */
export function Tag({ text, tone = "neutral" }: { text: string; tone?: "neutral" | "success" }) {
  return <span className={cx(badge({ tone }), css({ textTransform: "none" }))}>{text}</span>;
}

function Hint({ text }: { text: string }) {
  return <p className={css({ fontSize: "xs", color: "fg.muted" })}>{text}</p>;
}

/** A role's or a static mapping's name as a label: investor -> Investor. */
function mappingLabel(id: string): string {
  return id ? id.charAt(0).toUpperCase() + id.slice(1) : id;
}

/** A mapping field in the pick list: its description, or Static value / Custom value. */
function fieldLabel(field: { id: string; description: string }): string {
  return STATIC_MAPPINGS.includes(field.id) ? `${mappingLabel(field.id)} value` : field.description || field.id;
}

function ErrorText({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })} role="alert">
      {text}
    </p>
  );
}

function RoleRow({ role, data, editable }: { role: SigningRoleView; data: SigningData; editable: boolean }) {
  const [mapTo, setMapTo] = useState(role.mapTo || NOT_MAPPED);
  const [toName, setToName] = useState(role.toName ?? "");
  const [toEmail, setToEmail] = useState(role.toEmail ?? "");
  const [shown, setShown] = useState(false);
  const errors = roleErrors({ mapTo, toName, toEmail });
  const stored = roleErrors(role);
  const mark = data.markOf("updateSigningRoleById", role.id);
  const isStatic = STATIC_MAPPINGS.includes(mapTo);
  const changed =
    mapTo !== (role.mapTo || NOT_MAPPED) || toName !== (role.toName ?? "") || toEmail !== (role.toEmail ?? "");
  const options = [
    { label: T.notMapped, value: NOT_MAPPED },
    ...data.mappingRoles.map((r) => ({ label: mappingLabel(r.id), value: r.id })),
  ];
  const hint = data.mappingRoles.find((r) => r.id === mapTo)?.description;
  return (
    <li className={editRowClass} data-testid="signing-role">
      <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
        <span className={css({ fontWeight: "600" })} data-testid="signing-name">
          {role.name}
        </span>
        {!role.mapTo || role.mapTo === NOT_MAPPED ? (
          <Tag text={T.notMapped} />
        ) : (
          <Tag text={mappingLabel(role.mapTo)} tone={Object.keys(stored).length ? "neutral" : "success"} />
        )}
        <MarkNote mark={mark} />
      </div>
      <div className={editGridClass}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <Select
            label={`${T.mapTo} (${role.name})`}
            name="mapTo"
            options={options}
            value={mapTo}
            disabled={!editable}
            onChange={(value) => setMapTo(value ?? NOT_MAPPED)}
          />
          <ErrorText text={shown ? errors.mapTo : undefined} />
          {hint && <Hint text={hint} />}
        </div>
        <TextField
          label={T.toName}
          name="toName"
          value={toName}
          disabled={!editable}
          error={shown ? errors.toName : undefined}
          placeholder={isStatic ? undefined : "—"}
          onValueChange={setToName}
        />
        <TextField
          label={T.toEmail}
          name="toEmail"
          type="email"
          value={toEmail}
          disabled={!editable}
          error={shown ? errors.toEmail : undefined}
          placeholder={isStatic ? undefined : "—"}
          onValueChange={setToEmail}
        />
      </div>
      {editable && (
        <div>
          <Button
            size="sm"
            disabled={!changed}
            onClick={() => {
              setShown(true);
              if (Object.keys(errors).length > 0) return;
              void data.updateRole(role.id, {
                mapTo,
                toName: toName.trim() || null,
                toEmail: toEmail.trim() || null,
              });
            }}
          >
            {T.save}
          </Button>
        </div>
      )}
    </li>
  );
}

function QuestionSetList({
  mapped,
  data,
  canWrite,
}: {
  mapped: MappedTemplateView;
  data: SigningData;
  canWrite: boolean;
}) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const attached = new Set(mapped.questionSets.map((q) => q.questionSetId));
  const options = data.questionSets.filter((s) => !attached.has(s.id)).map((s) => ({ label: s.name, value: s.id }));
  return (
    <Card title={T.questions} testId="signing-questions">
      {mapped.questionSets.length === 0 ? (
        <EmptyState text={T.noQuestionSets} />
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column" })}>
          {mapped.questionSets.map((q) => (
            <Row key={q.id} title={q.name}>
              <MarkNote mark={data.markOf("deleteMappedSigningTemplateQuestionSetById", q.id)} />
              {editable && (
                <Button size="sm" variant="ghost" onClick={() => void data.removeQuestionSet(q.id)}>
                  {T.remove}
                </Button>
              )}
            </Row>
          ))}
        </ul>
      )}
      {editable && data.questionSetsAvailable && (
        <div className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}>
          <div className={css({ flex: "1", minW: "12rem", display: "flex", flexDirection: "column", gap: "1" })}>
            <Select
              label={T.questionSet}
              name="questionSet"
              options={options}
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setError(undefined);
              }}
            />
            <ErrorText text={error} />
          </div>
          <Button
            size="sm"
            onClick={() => {
              if (!choice) {
                setError(V.questionSet);
                return;
              }
              void data.addQuestionSet(mapped.id, choice);
              setChoice(null);
            }}
          >
            {T.addQuestionSet}
          </Button>
        </div>
      )}
    </Card>
  );
}

function FieldList({
  mapped,
  document,
  data,
  canWrite,
}: {
  mapped: MappedTemplateView;
  document: SigningDocumentView;
  data: SigningData;
  canWrite: boolean;
}) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  const fields = mapped.fields.filter((f) => f.documentId === document.id);
  return (
    <ListCard title={T.fields} empty={T.noFields} testId="signing-fields">
      {fields.map((field) => (
        <FieldRow key={field.id} field={field} data={data} editable={editable} />
      ))}
    </ListCard>
  );
}

function FieldRow({ field, data, editable }: { field: SigningFieldView; data: SigningData; editable: boolean }) {
  const [mapTo, setMapTo] = useState(field.mapTo ?? "");
  const [value, setValue] = useState(field.value ?? "");
  const [shown, setShown] = useState(false);
  const errors = fieldErrors({ mapTo, value });
  const mark = data.markOf("updateSigningFieldById", field.id);
  const needsValue = STATIC_MAPPINGS.includes(mapTo);
  const changed = mapTo !== (field.mapTo ?? "") || value !== (field.value ?? "");
  const options = [
    { label: T.notMapped, value: NOT_MAPPED },
    ...data.pickableFields.map((f) => ({ label: fieldLabel(f), value: f.id })),
  ];
  const chosen = data.mappingFields.find((f) => f.id === mapTo);
  const hint = chosen && STATIC_MAPPINGS.includes(chosen.id) ? chosen.description : undefined;
  const label = (id: string) => {
    const found = data.mappingFields.find((f) => f.id === id);
    return found ? fieldLabel(found) : id;
  };
  return (
    <li className={editRowClass} data-testid="signing-field">
      <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
        <span className={css({ fontWeight: "600" })} data-testid="signing-name">
          {field.name}
        </span>
        {field.role && <span className={css({ fontSize: "sm", color: "fg.muted" })}>{field.role}</span>}
        {field.mapTo && field.mapTo !== NOT_MAPPED ? (
          <Tag text={label(field.mapTo)} tone="success" />
        ) : (
          <Tag text={T.notMapped} />
        )}
        <MarkNote mark={mark} />
      </div>
      <div className={editGridClass}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <Select
            label={`${T.mapTo} (${field.name})`}
            name="mapTo"
            options={options}
            value={mapTo || null}
            disabled={!editable}
            onChange={(next) => setMapTo(next ?? "")}
          />
          <ErrorText text={shown ? errors.mapTo : undefined} />
          {hint && <Hint text={hint} />}
        </div>
        {needsValue && (
          <TextField
            label={T.value}
            name="value"
            value={value}
            disabled={!editable}
            error={shown ? errors.value : undefined}
            onValueChange={setValue}
          />
        )}
      </div>
      {editable && (
        <div>
          <Button
            size="sm"
            disabled={!changed}
            onClick={() => {
              setShown(true);
              if (Object.keys(errors).length > 0) return;
              void data.updateField(field.id, { mapTo, value: needsValue ? value.trim() : null });
            }}
          >
            {T.save}
          </Button>
        </div>
      )}
    </li>
  );
}
