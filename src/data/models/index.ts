// The local read models: one per server read model (sync/database/read-models), plus the client-only outbox. RxDB's
// free tier opens at most 13 collections per page across all databases: the large models have a collection each
// (COLLECTION_MODELS, 10), the small and reference models are kinds of the one shared collection `records`
// (records.ts, RECORD_KINDS), and the outbox: 12 collections, whatever the number of kinds.
// Onboarding steps are not a collection of their own: a distribution's document carries its process with its steps
// (the investor's qualification screen reads them there), which keeps one collection free under the limit.
import { accountSchema } from "./accounts.ts";
import { allocationSchema } from "./allocations.ts";
import { assetSchema } from "./assets.ts";
import { customerSchema } from "./customers.ts";
import { distributionSchema } from "./distributions.ts";
import { documentSchema } from "./documents.ts";
import { holdingSchema } from "./holdings.ts";
import { outboxSchema } from "./outbox.ts";
import { RECORD_KINDS, type RecordKind } from "./records.ts";
import { roundSchema } from "./rounds.ts";
import { securitySchema } from "./securities.ts";
import { transactionSchema } from "./transactions.ts";

export type { AccountDoc } from "./accounts.ts";
export type { AllocationDoc } from "./allocations.ts";
export type { AssetDoc } from "./assets.ts";
export type { BrokerAllocationDoc } from "./broker-allocations.ts";
export type { CustomerDoc } from "./customers.ts";
export type { DistributionDoc } from "./distributions.ts";
export type { DocumentDoc } from "./documents.ts";
export type { HoldingDoc } from "./holdings.ts";
export type { OutboxCommand } from "./outbox.ts";
export type { RecordDoc } from "./records.ts";
export { isRecordKind } from "./records.ts";
export type { RoundDoc } from "./rounds.ts";
export type { SecurityDoc } from "./securities.ts";
export type { TokenCapTableEntry, TokenContract, TokenDoc, TokenHoldingStatus } from "./tokens.ts";
export type { TransactionDoc } from "./transactions.ts";
export type { TransferDoc } from "./transfers.ts";
export type { DelegateUser, UsersAccountDoc } from "./users-accounts.ts";

/** Read models with a collection of their own: collection name = server model name (the `t` of change events). */
export const COLLECTION_MODELS = {
  assets: assetSchema,
  rounds: roundSchema,
  allocations: allocationSchema,
  distributions: distributionSchema,
  holdings: holdingSchema,
  customers: customerSchema,
  securities: securitySchema,
  accounts: accountSchema,
  transactions: transactionSchema,
  documents: documentSchema,
} as const satisfies Record<string, { title: string; primaryKey: string }>;

export type CollectionModelName = keyof typeof COLLECTION_MODELS;

/** Every replicated read model (its documents' schema), in a collection of its own or a kind of `records`. */
export const READ_MODELS = {
  ...COLLECTION_MODELS,
  ...(Object.fromEntries(Object.entries(RECORD_KINDS).map(([kind, { schema }]) => [kind, schema])) as {
    [K in RecordKind]: (typeof RECORD_KINDS)[K]["schema"];
  }),
};

export type ReadModelName = CollectionModelName | RecordKind;
export const READ_MODEL_NAMES = Object.keys(READ_MODELS) as ReadModelName[];

export const OUTBOX_SCHEMA = outboxSchema;

export function isCollectionModel(name: string): name is CollectionModelName {
  return Object.hasOwn(COLLECTION_MODELS, name);
}

export function isReadModel(name: string): name is ReadModelName {
  return Object.hasOwn(READ_MODELS, name);
}
