import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { accountSummary, keyword, optionalText, text, timestamp, uuid } from "./fields.ts";

export const customerSchema = toTypedRxJsonSchema({
  title: "customers",
  description: "A contact of the account (an investor account), with the investor summary.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    accountId: uuid,
    investorId: uuid,
    email: text,
    name: optionalText,
    status: keyword,
    investor: accountSummary,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "accountId", "investorId", "email", "status", "createdOn", "updatedOn"],
  indexes: ["createdOn"],
} as const);

export type CustomerDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof customerSchema>;
