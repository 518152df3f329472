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
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
} as const);

export type AccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof accountSchema>;
