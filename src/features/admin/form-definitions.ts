// Onboarding step form definitions as the admin edits them (spec part 2: step schema title; fields with key,
// displayKey, type, regex, error, message, options, order; disclosures; button text; link). The checks are the
// server's (app_private.check_form_schema, makeFormDefinition) with the same texts, so a form is refused before it
// is queued; the server checks again.
import type { StepDoc } from "../../domain/onboarding.ts";
import { FORMS_TEXT } from "./strings.ts";

export type StepType = "form" | "encrypted_form" | "custom" | "button";
export type FieldType = "text" | "integer" | "boolean" | "select";

export interface FieldDraft {
  key: string;
  displayKey: string;
  type: FieldType;
  regex: string;
  error: string;
  message: string;
  /** one option per line */
  options: string;
  order: number;
}

export interface FormDraft {
  key: string;
  name: string;
  stepType: StepType;
  title: string;
  progressBarTitle: string;
  about: string;
  instructions: string;
  /** one disclosure per line */
  disclosures: string;
  text: string;
  link: string;
  fields: FieldDraft[];
}

export interface FormDefinition {
  id: string;
  key: string;
  version: number;
  name: string;
  stepType: StepType;
  renderAttributes: Record<string, string>;
  schema: {
    title?: string;
    fields?: Array<Partial<Omit<FieldDraft, "options">> & { key: string; options?: string[] }>;
    disclosures?: string[];
    text?: string;
    link?: string;
  };
  createdOn: string;
}

export const emptyField = (order: number): FieldDraft => ({
  key: "",
  displayKey: "",
  type: "text",
  regex: "",
  error: "",
  message: "",
  options: "",
  order,
});

export const emptyDraft = (): FormDraft => ({
  key: "",
  name: "",
  stepType: "form",
  title: "",
  progressBarTitle: "",
  about: "",
  instructions: "",
  disclosures: "",
  text: "",
  link: "",
  fields: [emptyField(1)],
});

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A stored definition as the editor's draft. */
export function draftOf(definition: FormDefinition): FormDraft {
  const attributes = definition.renderAttributes ?? {};
  return {
    key: definition.key,
    name: definition.name,
    stepType: definition.stepType,
    title: definition.schema.title ?? "",
    progressBarTitle: attributes.progressBarTitle ?? "",
    about: attributes.about ?? "",
    instructions: attributes.instructions ?? "",
    disclosures: (definition.schema.disclosures ?? []).join("\n"),
    text: definition.schema.text ?? "",
    link: definition.schema.link ?? "",
    fields: (definition.schema.fields ?? []).map((field, index) => ({
      key: field.key,
      displayKey: field.displayKey ?? "",
      type: (field.type as FieldType) ?? "text",
      regex: field.regex ?? "",
      error: field.error ?? "",
      message: field.message ?? "",
      options: (field.options ?? []).join("\n"),
      order: field.order ?? index + 1,
    })),
  };
}

/** The schema and render attributes the server stores and a step copies. */
export function definitionOf(draft: FormDraft): {
  schema: Record<string, unknown>;
  renderAttributes: Record<string, string>;
} {
  const schema: Record<string, unknown> = { title: draft.title.trim() };
  const fields = draft.fields.map((field) => {
    const out: Record<string, unknown> = { key: field.key.trim(), type: field.type, order: field.order };
    if (field.displayKey.trim()) out.displayKey = field.displayKey.trim();
    if (field.regex.trim()) out.regex = field.regex.trim();
    if (field.error.trim()) out.error = field.error.trim();
    if (field.message.trim()) out.message = field.message.trim();
    if (field.type === "select") out.options = lines(field.options);
    return out;
  });
  if (fields.length > 0) schema.fields = fields;
  if (lines(draft.disclosures).length > 0) schema.disclosures = lines(draft.disclosures);
  if (draft.text.trim()) schema.text = draft.text.trim();
  if (draft.link.trim()) schema.link = draft.link.trim();
  const renderAttributes: Record<string, string> = { title: draft.title.trim() };
  if (draft.progressBarTitle.trim()) renderAttributes.progressBarTitle = draft.progressBarTitle.trim();
  if (draft.about.trim()) renderAttributes.about = draft.about.trim();
  if (draft.instructions.trim()) renderAttributes.instructions = draft.instructions.trim();
  return { schema, renderAttributes };
}

/** The draft's problems by field name ("key", "name", "title", "fields.N", "form"); empty when it can be saved. */
export function draftProblems(draft: FormDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.key.trim()) problems.key = FORMS_TEXT.keyRequired;
  else if (!/^[a-z0-9][a-z0-9_-]*$/.test(draft.key.trim())) problems.key = FORMS_TEXT.keyPattern;
  if (!draft.name.trim()) problems.name = FORMS_TEXT.nameRequired;
  if (!draft.title.trim()) problems.title = FORMS_TEXT.titleRequired;
  if ((draft.stepType === "form" || draft.stepType === "encrypted_form") && draft.fields.length === 0)
    problems.form = FORMS_TEXT.noFields;
  const seen = new Set<string>();
  draft.fields.forEach((field, index) => {
    const key = field.key.trim();
    const at = `fields.${index}`;
    if (!key) problems[at] = FORMS_TEXT.fieldKeyRequired;
    else if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) problems[at] = FORMS_TEXT.fieldKeyPattern;
    else if (seen.has(key)) problems[at] = FORMS_TEXT.fieldKeyTwice(key);
    else if (field.regex.trim() && !compiles(field.regex.trim())) problems[at] = FORMS_TEXT.regexInvalid(key);
    else if (field.type === "select" && lines(field.options).length === 0)
      problems[at] = FORMS_TEXT.optionsRequired(key);
    seen.add(key);
  });
  return problems;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The step an investor would be given from this draft: what the preview renders. */
export function previewStep(draft: FormDraft): StepDoc {
  const { schema, renderAttributes } = definitionOf(draft);
  return {
    id: "preview",
    processId: "preview",
    parentId: null,
    order: 1,
    status: "in_progress",
    type: draft.stepType,
    renderAttributes,
    schema: schema as StepDoc["schema"],
    outputData: {},
    retryCount: 0,
    retryLimit: 3,
    completedOn: null,
  };
}
