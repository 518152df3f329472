import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { flag, keyword, optionalText, text, timestamp, uuid } from "./fields.ts";

export const accountSchema = toTypedRxJsonSchema({
  title: "accounts",
  description: "Accounts this account may see: itself, its issuers, brokers, investors, exchanges and agents.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    name: text,
    slug: optionalText,
    type: keyword,
    email: optionalText,
    url: optionalText,
    contactName: optionalText,
    supportEmail: optionalText,
    company: optionalText,
    setup: flag,
    jurisdictionId: { type: ["integer", "null"] },
    investorType: optionalText,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "name", "type", "createdOn", "updatedOn"],
  indexes: ["type", "createdOn"],
} as const);

export type AccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof accountSchema>;
