import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { accountSummary, collectionSchema, keyword, optionalText, text, uuid } from "./fields.ts";

export const customerSchema = collectionSchema({
  title: "customers",
  description: "A contact of the account (an investor account), with the investor summary.",
  version: 0,
  properties: {
    accountId: uuid,
    investorId: uuid,
    email: text,
    name: optionalText,
    status: keyword,
    investor: accountSummary,
  },
  required: ["accountId", "investorId", "email", "status"],
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
});

export type CustomerDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof customerSchema>;
