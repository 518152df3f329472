import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { collectionSchema, flag, keyword, optionalText, text } from "./fields.ts";

export const accountSchema = collectionSchema({
  title: "accounts",
  description: "Accounts this account may see: itself, its issuers, brokers, investors, exchanges and agents.",
  version: 0,
  properties: {
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
  },
  required: ["name", "type"],
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
});

export type AccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof accountSchema>;
