import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { keyword, list, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const documentSchema = toTypedRxJsonSchema({
  title: "documents",
  description:
    "A document of a security or a holding, with its sharings ({toRole, name}). Files download through the server.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    name: text,
    type: keyword,
    extension: keyword,
    uploadStatus: keyword,
    uploadedById: uuid,
    securityId: optionalUuid,
    holdingId: optionalUuid,
    sharings: list,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "name", "type", "createdOn", "updatedOn"],
  indexes: ["createdOn"],
} as const);

export type DocumentDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof documentSchema>;
