// The local collections: one per server read model (sync/migrations/0160_read_models.sql), plus the client-only
// outbox. RxDB's free tier opens at most 13 collections per page across all databases: this list is 11 + outbox.
// Onboarding steps are not a collection of their own: a distribution's document carries its process with its steps
// (the investor's qualification screen reads them there), which keeps one collection free under the limit.
import { accountSchema } from "./accounts.ts";
import { allocationSchema } from "./allocations.ts";
import { assetSchema } from "./assets.ts";
import { brokerAllocationSchema } from "./broker-allocations.ts";
import { customerSchema } from "./customers.ts";
import { distributionSchema } from "./distributions.ts";
import { documentSchema } from "./documents.ts";
import { holdingSchema } from "./holdings.ts";
import { outboxSchema } from "./outbox.ts";
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
export type { RoundDoc } from "./rounds.ts";
export type { SecurityDoc } from "./securities.ts";
export type { TransactionDoc } from "./transactions.ts";

/** Replicated read models: collection name = server model name (the `t` of change events). */
export const READ_MODELS = {
  assets: assetSchema,
  rounds: roundSchema,
  allocations: allocationSchema,
  distributions: distributionSchema,
  holdings: holdingSchema,
  customers: customerSchema,
  securities: securitySchema,
  accounts: accountSchema,
  transactions: transactionSchema,
  broker_allocations: brokerAllocationSchema,
  documents: documentSchema,
} as const satisfies Record<string, { title: string; primaryKey: string }>;

export type ReadModelName = keyof typeof READ_MODELS;
export const READ_MODEL_NAMES = Object.keys(READ_MODELS) as ReadModelName[];

export const OUTBOX_SCHEMA = outboxSchema;

export function isReadModel(name: string): name is ReadModelName {
  return Object.hasOwn(READ_MODELS, name);
}
