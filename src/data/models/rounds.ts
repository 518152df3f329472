import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { decimal, keyword, list, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const roundSchema = toTypedRxJsonSchema({
  title: "rounds",
  description: "A round (offering) of an asset, with tranche bond data, its security summary and capital deployments.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
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
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "assetId", "name", "status", "createdOn", "updatedOn"],
  indexes: ["assetId", "createdOn"],
} as const);

export type RoundDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof roundSchema>;
