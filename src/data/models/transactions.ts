import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { list, optionalUuid, timestamp, uuid } from "./fields.ts";

export const transactionSchema = toTypedRxJsonSchema({
  title: "transactions",
  description: "A transaction (append-only) with its ledger entries.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    issuerId: uuid,
    roundId: optionalUuid,
    brokerId: optionalUuid,
    chainData: { type: "object" },
    ledgerEntries: list,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "issuerId", "createdOn", "updatedOn"],
  indexes: ["createdOn"],
} as const);

export type TransactionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof transactionSchema>;
