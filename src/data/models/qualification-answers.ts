// The `qualification_answers` read model (a kind of `records`; server: sync/database/questions/20_read_models.sql,
// docs/QUESTIONS.md): the investor's latest answer to each onboarding question it answered (instanced account
// information), decrypted by the server for that investor only. They fill the same questions in later rounds.
import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { optionalText, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const qualificationAnswerSchema = toTypedRxJsonSchema({
  title: "qualification_answers",
  description: "An investor's latest answer to an onboarding question.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    accountId: uuid,
    vendorId: uuid,
    vendorName: text,
    questionId: uuid,
    questionSetId: optionalUuid,
    questionSetName: optionalText,
    stepId: optionalUuid,
    field: text,
    value: optionalText,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "accountId", "vendorId", "questionId", "createdOn", "updatedOn"],
  indexes: ["accountId", "createdOn"],
} as const);

export type QualificationAnswerDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof qualificationAnswerSchema>;
