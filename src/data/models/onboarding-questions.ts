// The question-set read models (kinds of `records`; server: sync/database/questions/20_read_models.sql,
// docs/QUESTIONS.md): an issuer's or broker's question sets with their questions in execute order, and its
// questions with their type, regex and the sets they are in. Only the account's own members receive them.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { flag, keyword, kindSchema, optionalUuid, text, uuid } from "./fields.ts";

export const onboardingQuestionSetSchema = kindSchema({
  title: "onboarding_question_sets",
  description: "A question set with its questions in execute order.",
  version: 0,
  properties: {
    accountId: uuid,
    name: text,
    active: flag,
    locked: flag,
    vendorQualificationId: optionalUuid,
    questions: { type: "array", items: { type: "object" } },
  },
  required: ["accountId"],
  indexes: ["accountId"],
});

export type OnboardingQuestionSetDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof onboardingQuestionSetSchema>;

/** A question of a set (`questions[i]`), in execute order. */
export interface QuestionSetEntry {
  joinId: string;
  executeOrder: number;
  questionId: string;
  name: string;
  description: string;
  errorMessage: string;
  typeId: string;
}

export const onboardingQuestionSchema = kindSchema({
  title: "onboarding_questions",
  description: "An onboarding question with its type and regex.",
  version: 0,
  properties: {
    accountId: uuid,
    name: text,
    description: text,
    errorMessage: text,
    typeId: uuid,
    typeName: text,
    fieldType: keyword,
    regex: { type: ["string", "null"] },
    options: { type: "array", items: { type: "string" } },
    setIds: { type: "array", items: { type: "string" } },
    locked: flag,
  },
  required: ["accountId"],
  indexes: ["accountId"],
});

export type OnboardingQuestionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof onboardingQuestionSchema>;
