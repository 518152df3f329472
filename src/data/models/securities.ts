import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import {
  collectionSchema,
  decimal,
  object,
  optionalDecimal,
  optionalText,
  optionalUuid,
  text,
  uuid,
} from "./fields.ts";

export const securitySchema = collectionSchema({
  title: "securities",
  description: "A security with its listing ({id, exchangeId, exchange: {id, name, company}}).",
  version: 0,
  properties: {
    issuerId: uuid,
    name: text,
    ticker: optionalText,
    symbol: optionalText,
    total: decimal,
    unitValue: optionalDecimal,
    blockchainAddressId: optionalUuid,
    listing: object,
  },
  required: ["issuerId", "name", "total"],
  indexes: ["createdOn"],
});

export type SecurityDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof securitySchema>;
