import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { decimal, object, optionalDecimal, optionalText, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const securitySchema = toTypedRxJsonSchema({
  title: "securities",
  description: "A security with its listing ({id, exchangeId, exchange: {id, name, company}}).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    issuerId: uuid,
    name: text,
    ticker: optionalText,
    symbol: optionalText,
    total: decimal,
    unitValue: optionalDecimal,
    blockchainAddressId: optionalUuid,
    listing: object,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "issuerId", "name", "total", "createdOn", "updatedOn"],
  indexes: ["createdOn"],
} as const);

export type SecurityDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof securitySchema>;
