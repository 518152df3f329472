// The `qualification_answers` read model (a kind of `records`; server: sync/database/questions/20_read_models.sql,
// docs/QUESTIONS.md): the investor's latest answer to each onboarding question it answered (instanced account
// information), decrypted by the server for that investor only. They fill the same questions in later rounds.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { kindSchema, optionalText, optionalUuid, text, uuid } from "./fields.ts";

export const qualificationAnswerSchema = kindSchema({
  title: "qualification_answers",
  description: "An investor's latest answer to an onboarding question.",
  version: 0,
  properties: {
    accountId: uuid,
    vendorId: uuid,
    vendorName: text,
    questionId: uuid,
    questionSetId: optionalUuid,
    questionSetName: optionalText,
    stepId: optionalUuid,
    field: text,
    value: optionalText,
  },
  required: ["accountId", "vendorId", "questionId"],
  indexes: ["accountId"],
});

export type QualificationAnswerDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof qualificationAnswerSchema>;
