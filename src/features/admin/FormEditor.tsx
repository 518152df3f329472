// /admin/forms: the editor of one step form definition (key, step type, texts, fields) with its preview, rendered by
// the onboarding step renderer in a preview context (nothing is sent).
import { type FormEvent, type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { textFields } from "../../app/use-form.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, ErrorBlock, mutedText, Select, TextField } from "../../ui/index.ts";
import { StepAction, StepHeader, StepPreviewContext } from "../onboarding/index.ts";
import {
  draftProblems,
  emptyField,
  type FieldDraft,
  type FieldType,
  type FormDefinition,
  type FormDraft,
  previewStep,
  type StepType,
} from "./form-definitions.ts";
import { FORMS_TEXT } from "./strings.ts";

const STEP_TYPES: Array<{ value: StepType; label: string }> = [
  { value: "form", label: "Form" },
  { value: "encrypted_form", label: "Form with encrypted answers" },
  { value: "custom", label: "Custom step" },
  { value: "button", label: "Button" },
];

const FIELD_TYPES: Array<{ value: FieldType; label: string }> = [
  { value: "text", label: "text" },
  { value: "integer", label: "integer" },
  { value: "boolean", label: "boolean (Yes / No)" },
  { value: "select", label: "select" },
];

/** The form's and a field's text inputs (the step and field types are Selects, the field's order a number). */
type FormText = "key" | "name" | "title" | "progressBarTitle" | "text" | "about" | "instructions" | "link";
type FieldText = "key" | "displayKey" | "regex" | "error" | "message";

export function FormEditor({
  initial,
  existing,
  versions,
  onSave,
}: {
  initial: FormDraft;
  existing: boolean;
  versions: FormDefinition[];
  onSave: (draft: FormDraft) => Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<FormDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const setField = (index: number, patch: Partial<FieldDraft>) =>
    setDraft((previous) => ({
      ...previous,
      fields: previous.fields.map((field, at) => (at === index ? { ...field, ...patch } : field)),
    }));
  const text = textFields<FormText>(draft, problems, (key) => (value) => set({ [key]: value }));
  /** The text fields of the field at `index` (its problems show above it, not per input). */
  const fieldText = (field: FieldDraft, index: number) =>
    textFields<FieldText>(field, {}, (key) => (value) => setField(index, { [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5", minW: 0 })}>
      {previewing && <Preview draft={draft} />}
      <Card
        title={existing ? `${draft.name || draft.key}` : FORMS_TEXT.newForm}
        testId="form-editor"
        actions={
          <Button size="sm" variant="outline" onClick={() => setPreviewing((shown) => !shown)}>
            {FORMS_TEXT.preview}
          </Button>
        }
      >
        <form onSubmit={save} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          <Grid>
            <TextField label={FORMS_TEXT.key} {...text("key")} hint={FORMS_TEXT.keyHint} disabled={existing} />
            <TextField label={FORMS_TEXT.name} {...text("name")} />
            <Select
              label={FORMS_TEXT.stepType}
              options={STEP_TYPES}
              value={draft.stepType}
              onChange={(value) => set({ stepType: (value as StepType) ?? "form" })}
            />
            <TextField label={FORMS_TEXT.schemaTitle} {...text("title")} />
            <TextField label={FORMS_TEXT.progressBarTitle} {...text("progressBarTitle")} />
            <TextField label={FORMS_TEXT.buttonText} {...text("text")} />
            <TextField label={FORMS_TEXT.about} {...text("about")} />
            <TextField label={FORMS_TEXT.instructions} {...text("instructions")} />
            <TextField label={FORMS_TEXT.link} {...text("link")} />
          </Grid>
          <TextArea
            label={FORMS_TEXT.disclosures}
            value={draft.disclosures}
            onChange={(value) => set({ disclosures: value })}
          />
          <section
            className={css({ display: "flex", flexDirection: "column", gap: "3" })}
            aria-label={FORMS_TEXT.fields}
          >
            <h3 className={css({ fontSize: "sm", fontWeight: "700" })}>{FORMS_TEXT.fields}</h3>
            {problems.form && <ErrorBlock text={problems.form} />}
            {draft.fields.map((field, index) => (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place; their keys change as typed
                key={index}
                data-testid="form-field"
                className={css({
                  borderWidth: "1px",
                  borderColor: "border.default",
                  borderRadius: "md",
                  p: "3",
                  display: "flex",
                  flexDirection: "column",
                  gap: "3",
                })}
              >
                <legend className={css({ fontSize: "xs", color: "fg.muted", px: "1" })}>
                  {field.displayKey || field.key || `#${index + 1}`}
                </legend>
                {problems[`fields.${index}`] && <ErrorBlock text={problems[`fields.${index}`]} />}
                <Grid>
                  <TextField label={FORMS_TEXT.fieldKey} {...fieldText(field, index)("key")} />
                  <TextField label={FORMS_TEXT.displayKey} {...fieldText(field, index)("displayKey")} />
                  <Select
                    label={FORMS_TEXT.fieldType}
                    options={FIELD_TYPES}
                    value={field.type}
                    onChange={(value) => setField(index, { type: (value as FieldType) ?? "text" })}
                  />
                  <TextField label={FORMS_TEXT.regex} {...fieldText(field, index)("regex")} />
                  <TextField label={FORMS_TEXT.error} {...fieldText(field, index)("error")} />
                  <TextField label={FORMS_TEXT.message} {...fieldText(field, index)("message")} />
                  <TextField
                    label={FORMS_TEXT.order}
                    inputMode="numeric"
                    value={String(field.order)}
                    onChange={(e) => setField(index, { order: Number.parseInt(e.target.value, 10) || 0 })}
                  />
                </Grid>
                {field.type === "select" && (
                  <TextArea
                    label={FORMS_TEXT.options}
                    value={field.options}
                    onChange={(value) => setField(index, { options: value })}
                  />
                )}
                <div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => set({ fields: draft.fields.filter((_, at) => at !== index) })}
                  >
                    {FORMS_TEXT.removeField}
                  </Button>
                </div>
              </fieldset>
            ))}
            <div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => set({ fields: [...draft.fields, emptyField(draft.fields.length + 1)] })}
              >
                {FORMS_TEXT.addField}
              </Button>
            </div>
          </section>
          <div>
            <Button type="submit" loading={saving}>
              {existing ? FORMS_TEXT.save : FORMS_TEXT.create}
            </Button>
          </div>
        </form>
        {versions.length > 0 && (
          <div>
            <h3 className={css({ fontSize: "sm", fontWeight: "700", mb: "2" })}>{FORMS_TEXT.versions}</h3>
            <ul className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="form-versions">
              {versions.map((version) => (
                <li key={version.id}>
                  {FORMS_TEXT.latest(version.version)} · {version.schema.title ?? ""} ·{" "}
                  {formatDate(version.createdOn, "MMM DD YYYY h:mma")}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
    </div>
  );
}

function Preview({ draft }: { draft: FormDraft }) {
  const step = previewStep(draft);
  const [answers, setAnswers] = useState<Record<string, unknown> | null>(null);
  return (
    <Card title={FORMS_TEXT.previewTitle} testId="form-preview">
      <StepPreviewContext.Provider value={setAnswers}>
        <StepHeader step={step} />
        <StepAction step={step} hasChildren={false} command={undefined} />
      </StepPreviewContext.Provider>
      {answers && (
        <div data-testid="preview-answers" className={css({ fontSize: "sm" })}>
          <p className={mutedText}>{FORMS_TEXT.previewSubmitted}</p>
          <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "3", rowGap: "1" })}>
            {Object.entries(answers).map(([key, value]) => (
              <div key={key} className={css({ display: "contents" })}>
                <dt className={mutedText}>{draft.fields.find((field) => field.key === key)?.displayKey || key}</dt>
                <dd>{typeof value === "boolean" ? (value ? "Yes" : "No") : String(value ?? "")}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Card>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <div className={css({ display: "grid", gap: "3", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" } })}>
      {children}
    </div>
  );
}

function TextArea({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className={css({ display: "flex", flexDirection: "column", gap: "1.5", fontSize: "sm", fontWeight: "600" })}>
      {label}
      <textarea
        value={value}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        className={css({
          borderWidth: "1px",
          borderColor: "border.default",
          borderRadius: "control",
          p: "2",
          fontSize: "sm",
          fontWeight: "400",
          bg: "bg.surface",
        })}
      />
    </label>
  );
}
