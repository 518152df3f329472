import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { collectionSchema, decimal, keyword, list, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const roundSchema = collectionSchema({
  title: "rounds",
  description: "A round (offering) of an asset, with tranche bond data, its security summary and capital deployments.",
  version: 0,
  properties: {
    assetId: uuid,
    name: text,
    opensOn: timestamp,
    closesOn: timestamp,
    status: keyword,
    total: decimal,
    termsUrl: text,
    price: decimal,
    managedUnits: decimal,
    securityId: optionalUuid,
    trancheBondData: {
      type: ["object", "null"],
      properties: { id: uuid, term: decimal, coupon: decimal },
    },
    security: {
      type: ["object", "null"],
      properties: {
        id: uuid,
        name: text,
        ticker: { type: ["string", "null"] },
        total: decimal,
        unitValue: { type: ["string", "null"] },
      },
    },
    capitalDeployments: list,
  },
  required: ["assetId", "name", "status"],
  indexes: ["assetId", "createdOn"],
});

export type RoundDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof roundSchema>;
