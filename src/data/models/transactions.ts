import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { collectionSchema, list, optionalUuid, uuid } from "./fields.ts";

export const transactionSchema = collectionSchema({
  title: "transactions",
  description: "A transaction (append-only) with its ledger entries.",
  version: 0,
  properties: {
    issuerId: uuid,
    roundId: optionalUuid,
    brokerId: optionalUuid,
    chainData: { type: "object" },
    ledgerEntries: list,
  },
  required: ["issuerId"],
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
});

export type TransactionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof transactionSchema>;
