// Question sets (spec part 2: question set management, qualification answers; docs/QUESTIONS.md): the question
// types with their regex (the same rows migration 1140 seeds: the server is the authority, this copy lets a form
// answer at once and offline), the texts and checks of the set and question forms, what a question-set step
// prefills from the investor's last answers, and the qualification-answer cards.
import type { FormValues } from "./onboarding.ts";

export type QuestionFieldType = "text" | "integer" | "boolean" | "select";

export interface QuestionType {
  id: string;
  name: string;
  fieldType: QuestionFieldType;
  regex: string | null;
}

/** sync/migrations/1140_question_sets.sql inserts the same rows (tests/db/questions-rules.test.ts compares them). */
export const QUESTION_TYPES: readonly QuestionType[] = [
  { id: "7b000000-0000-4000-8000-000000000001", name: "Text", fieldType: "text", regex: "^.{1,200}$" },
  { id: "7b000000-0000-4000-8000-000000000002", name: "Whole number", fieldType: "integer", regex: "^[0-9]+$" },
  { id: "7b000000-0000-4000-8000-000000000003", name: "Yes / No", fieldType: "boolean", regex: "^(Yes|No)$" },
  { id: "7b000000-0000-4000-8000-000000000004", name: "Email", fieldType: "text", regex: "^[^@ ]+@[^@ ]+\\.[^@ ]+$" },
  {
    id: "7b000000-0000-4000-8000-000000000005",
    name: "Date (MM/DD/YYYY)",
    fieldType: "text",
    regex: "^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$",
  },
  {
    id: "7b000000-0000-4000-8000-000000000006",
    name: "Amount (USD)",
    fieldType: "text",
    regex: "^[0-9]{1,15}(\\.[0-9]{1,2})?$",
  },
  { id: "7b000000-0000-4000-8000-000000000007", name: "Choice", fieldType: "select", regex: null },
];

export function questionType(id: string | null | undefined): QuestionType | undefined {
  return QUESTION_TYPES.find((type) => type.id === id);
}

/** The spec's texts (part 2: validation rules, errors, settings) and this feature's own. */
export const QUESTION_TEXTS = {
  setNameRequired: "Name field is required",
  setNameTaken: "Question set names must be unique.",
  questionNameTaken: "Questions must have a unique name.",
  questionLocked: "Questions that are part of a question set cannot be edited.",
  /** The spec's text where a question set is picked (a mapped signing template's question sets). */
  selectQuestionSet: "Please select a question set to add.",
  selectQuestion: "Please select a question to add.",
  nameRequired: "Field name is required",
  typeRequired: "Field type is required",
  descriptionRequired: "Description is required",
  errorMessageRequired: "error message is required",
  optionsRequired: "A choice question needs at least one option.",
  answersAutofilled:
    "Your most recent answers to qualification question sets will be auto-filled in subsequent qualification rounds.",
  noAnswers: "You have no completed qualification question sets.",
} as const;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The set name's error, or null ('Name field is required'; unique per account, letter case ignored). */
export function setNameError(
  name: string,
  sets: readonly { id: string; name: string }[],
  ownId?: string,
): string | null {
  if (!name.trim()) return QUESTION_TEXTS.setNameRequired;
  if (sets.some((set) => set.id !== ownId && same(set.name, name))) return QUESTION_TEXTS.setNameTaken;
  return null;
}

export interface QuestionDraft {
  name: string;
  typeId: string;
  description: string;
  errorMessage: string;
  /** A choice question's options, one per line. */
  options: string;
}

export const EMPTY_QUESTION: QuestionDraft = { name: "", typeId: "", description: "", errorMessage: "", options: "" };

export function optionList(options: string): string[] {
  return options
    .split("\n")
    .map((option) => option.trim())
    .filter(Boolean);
}

/** Every field's error of the question form (the server checks the same, with the same texts). */
export function questionErrors(
  draft: QuestionDraft,
  questions: readonly { id: string; name: string }[],
  ownId?: string,
): Partial<Record<keyof QuestionDraft, string>> {
  const errors: Partial<Record<keyof QuestionDraft, string>> = {};
  if (!draft.name.trim()) errors.name = QUESTION_TEXTS.nameRequired;
  else if (questions.some((q) => q.id !== ownId && same(q.name, draft.name)))
    errors.name = QUESTION_TEXTS.questionNameTaken;
  const type = questionType(draft.typeId);
  if (!type) errors.typeId = QUESTION_TEXTS.typeRequired;
  if (!draft.description.trim()) errors.description = QUESTION_TEXTS.descriptionRequired;
  if (!draft.errorMessage.trim()) errors.errorMessage = QUESTION_TEXTS.errorMessageRequired;
  if (type?.fieldType === "select" && optionList(draft.options).length === 0)
    errors.options = QUESTION_TEXTS.optionsRequired;
  return errors;
}

/** The next execute order of a set: after its last question. */
export function nextExecuteOrder(questions: readonly { executeOrder: number }[]): number {
  return questions.reduce((max, q) => Math.max(max, q.executeOrder), 0) + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The investor's side.

export interface QualificationAnswer {
  id: string;
  vendorId: string;
  vendorName: string;
  questionId: string;
  field: string;
  value: string | null;
  updatedOn: string;
}

/** A question-set step (its schema names the set; the server filled its fields from the set's questions). */
export function isQuestionSetStep(step: { schema?: object | null }): boolean {
  return typeof (step.schema as { questionSetId?: unknown } | null)?.questionSetId === "string";
}

/** The form's first values: the last answer to each of the step's questions (fields are keyed by question id). */
export function prefilledValues(
  fields: readonly { key: string }[],
  answers: readonly Pick<QualificationAnswer, "questionId" | "value">[],
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const answer = answers.find((a) => a.questionId === field.key);
    if (answer?.value != null) values[field.key] = answer.value;
  }
  return values;
}

export interface AnswerCard {
  vendorId: string;
  vendorName: string;
  rows: { id: string; question: string; answer: string; answeredOn: string }[];
}

/** One card per vendor (by name), its questions by name. */
export function answerCards(answers: readonly QualificationAnswer[]): AnswerCard[] {
  const cards = new Map<string, AnswerCard>();
  for (const answer of answers) {
    const card = cards.get(answer.vendorId) ?? { vendorId: answer.vendorId, vendorName: answer.vendorName, rows: [] };
    card.rows.push({ id: answer.id, question: answer.field, answer: answer.value ?? "", answeredOn: answer.updatedOn });
    cards.set(answer.vendorId, card);
  }
  return [...cards.values()]
    .map((card) => ({ ...card, rows: card.rows.sort((a, b) => a.question.localeCompare(b.question)) }))
    .sort((a, b) => a.vendorName.localeCompare(b.vendorName));
}
