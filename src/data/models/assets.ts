import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { collectionSchema, decimal, keyword, text, uuid } from "./fields.ts";

export const assetSchema = collectionSchema({
  title: "assets",
  description: "An issuer's asset, with its asset type (assetTypeByType: {type, accountingType}).",
  version: 0,
  properties: {
    issuerId: uuid,
    name: text,
    type: keyword,
    status: keyword,
    authorizedTotal: decimal,
    assetTypeByType: {
      type: ["object", "null"],
      properties: { type: text, accountingType: { type: ["string", "null"] } },
    },
  },
  required: ["issuerId", "name", "type", "status", "authorizedTotal"],
  indexes: ["createdOn"],
});

export type AssetDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof assetSchema>;
