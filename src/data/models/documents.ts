import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { collectionSchema, keyword, list, optionalUuid, text, uuid } from "./fields.ts";

export const documentSchema = collectionSchema({
  title: "documents",
  description:
    "A document of a security or a holding, with its sharings ({toRole, name}). Files download through the server.",
  version: 0,
  properties: {
    name: text,
    type: keyword,
    extension: keyword,
    uploadStatus: keyword,
    uploadedById: uuid,
    securityId: optionalUuid,
    holdingId: optionalUuid,
    sharings: list,
  },
  required: ["name", "type"],
  indexes: ["createdOn"],
});

export type DocumentDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof documentSchema>;
