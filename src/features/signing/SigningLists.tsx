// The signing page's lists: the templates, a template's mapped templates (and a new one), a locked mapped template's
// sent documents, its documents and its question sets.
import { css } from "../../../styled-system/css";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { formatDate } from "../../domain/format.ts";
import {
  Button,
  Card,
  EmptyState,
  ListCard,
  ListRow,
  ListRows,
  linkClass,
  Select,
  StatusBadge,
  Tag,
  TextField,
} from "../../ui/index.ts";
import { ErrorText, type MappedListProps } from "./MappingRows.tsx";
import { MarkNote } from "./MarkNote.tsx";
import { LIST_FORMAT, signingLink } from "./signing-link.ts";
import { fieldErrors, mappedTemplateActions, NOT_MAPPED } from "./signing-rules.ts";
import { SIGNING_TEXT as T, SIGNING_VALIDATION as V } from "./strings.ts";
import type { SigningData } from "./use-signing.ts";
import type { MappedTemplateView, SigningDocumentView, SigningTemplateView } from "./view.ts";

export function TemplateList({ templates }: { templates: SigningTemplateView[] }) {
  return (
    <ListCard title={T.templates} empty={T.noTemplates} testId="signing-templates">
      {templates.map((t) => (
        <ListRow
          key={t.id}
          link={signingLink({ templateId: t.id })}
          title={t.name}
          detail={t.updatedOn ? formatDate(t.updatedOn, LIST_FORMAT) : (t.description ?? undefined)}
        >
          {t.deleted && <StatusBadge label={T.deleted} status="failed" />}
          {!t.deleted && t.syncStatus === "loading" && <Tag text={T.syncing} />}
          {!t.deleted && t.syncStatus === "error" && <StatusBadge label={T.syncFailed} status="failed" />}
        </ListRow>
      ))}
    </ListCard>
  );
}

export function MappedTemplateList({
  template,
  data,
  canWrite,
}: {
  template: SigningTemplateView;
  data: SigningData;
  canWrite: boolean;
}) {
  const name = useCheckedField("");
  const mapped = data.mappedTemplates.filter((m) => m.signingTemplateId === template.id);
  return (
    <>
      <ListCard title={T.mappedTemplates} empty={T.noMappedTemplates} testId="signing-mapped-templates">
        {mapped.map((m) => (
          <ListRow
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
          </ListRow>
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
              if (!name.value.trim()) {
                name.setError(V.templateName);
                return;
              }
              void data.createMapped(template.id, name.value.trim());
              name.setValue("");
            }}
          >
            <TextField
              label={T.name}
              name="mappedName"
              value={name.value}
              error={name.error}
              className={css({ flex: "1", minW: "12rem" })}
              onValueChange={name.onChange}
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

export function SentDocuments({ mapped }: { mapped: MappedTemplateView }) {
  return (
    <ListCard title={T.sentDocuments} empty={T.noDocumentsSent} testId="signing-sent">
      {mapped.sentDocuments.map((s) => (
        <ListRow
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
        </ListRow>
      ))}
    </ListCard>
  );
}

export function DocumentList({ template, mapped }: { template: SigningTemplateView; mapped: MappedTemplateView }) {
  return (
    <ListCard title={T.documents} empty={T.noDocuments} testId="signing-documents">
      {template.documents.map((d: SigningDocumentView) => {
        const fields = mapped.fields.filter((f) => f.documentId === d.id);
        const unmapped = fields.filter(
          (f) => !f.mapTo || f.mapTo === NOT_MAPPED || Object.keys(fieldErrors(f)).length > 0,
        ).length;
        return (
          <ListRow
            key={d.id}
            link={signingLink({ templateId: template.id, mappedTemplateId: mapped.id, documentId: d.id })}
            title={d.name}
            detail={`${fields.length} ${T.fields.toLowerCase()}`}
          >
            {unmapped > 0 ? <Tag text={T.notMapped} /> : <StatusBadge label={T.mapped} status="active" />}
          </ListRow>
        );
      })}
    </ListCard>
  );
}

export function QuestionSetList({ mapped, data, canWrite }: MappedListProps) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  const choice = useCheckedField<string | null>(null);
  const attached = new Set(mapped.questionSets.map((q) => q.questionSetId));
  const options = data.questionSets.filter((s) => !attached.has(s.id)).map((s) => ({ label: s.name, value: s.id }));
  return (
    <Card title={T.questions} testId="signing-questions">
      {mapped.questionSets.length === 0 ? (
        <EmptyState text={T.noQuestionSets} />
      ) : (
        <ListRows>
          {mapped.questionSets.map((q) => (
            <ListRow key={q.id} title={q.name}>
              <MarkNote mark={data.markOf("mappedTemplate.questionSets", "remove", q.id)} />
              {editable && (
                <Button size="sm" variant="ghost" onClick={() => void data.removeQuestionSet(q.id)}>
                  {T.remove}
                </Button>
              )}
            </ListRow>
          ))}
        </ListRows>
      )}
      {editable && data.questionSetsAvailable && (
        <div className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}>
          <div className={css({ flex: "1", minW: "12rem", display: "flex", flexDirection: "column", gap: "1" })}>
            <Select
              label={T.questionSet}
              name="questionSet"
              options={options}
              value={choice.value}
              onChange={choice.onChange}
            />
            <ErrorText text={choice.error} />
          </div>
          <Button
            size="sm"
            onClick={() => {
              if (!choice.value) {
                choice.setError(V.questionSet);
                return;
              }
              void data.addQuestionSet(mapped.id, choice.value);
              choice.setValue(null);
            }}
          >
            {T.addQuestionSet}
          </Button>
        </div>
      )}
    </Card>
  );
}
