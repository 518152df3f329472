import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { decimal, keyword, text, timestamp, uuid } from "./fields.ts";

export const assetSchema = toTypedRxJsonSchema({
  title: "assets",
  description: "An issuer's asset, with its asset type (assetTypeByType: {type, accountingType}).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    issuerId: uuid,
    name: text,
    type: keyword,
    status: keyword,
    authorizedTotal: decimal,
    assetTypeByType: {
      type: ["object", "null"],
      properties: { type: text, accountingType: { type: ["string", "null"] } },
    },
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "issuerId", "name", "type", "status", "authorizedTotal", "createdOn", "updatedOn"],
  indexes: ["createdOn"],
} as const);

export type AssetDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof assetSchema>;
