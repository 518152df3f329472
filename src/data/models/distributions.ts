import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import {
  accountSummary,
  collectionSchema,
  decimal,
  flag,
  keyword,
  list,
  object,
  optionalDecimal,
  optionalText,
  uuid,
} from "./fields.ts";

export const distributionSchema = collectionSchema({
  title: "distributions",
  description:
    "An investor's distribution with its prices, payments, annotations, custom fields, vesting schedule, onboarding process and steps, investor summary, allocation summary ({id, name, roundId}) and whether it came by transfer.",
  // Stays 0: a collection of its own changes its schema at the same version (byTransfer added): a device holding
  // the older schema drops the collection and pulls it again (schema-upgrade.ts). A higher version would need RxDB's
  // migration plugin, which the app does not load: opening the database would fail.
  version: 0,
  properties: {
    allocationId: uuid,
    investorId: uuid,
    name: optionalText,
    amount: decimal,
    status: keyword,
    locked: flag,
    issuanceStatus: keyword,
    purchasePrice: optionalDecimal,
    prices: list,
    payments: list,
    annotations: list,
    customFields: list,
    vestingSchedule: object,
    /** the onboarding process with its steps (sync/database/read-models/10_distributions.sql: process_documents_of) */
    process: object,
    /** made for a transfer request's transferee (sync/database/read-models/10_distributions.sql): units moving between
     * holders, not sold by the issuer, so the round's totals leave it out and no payment is owed on it */
    byTransfer: flag,
    investor: accountSummary,
    allocation: {
      type: ["object", "null"],
      properties: { id: uuid, name: { type: "string" }, roundId: uuid },
    },
  },
  required: ["allocationId", "investorId", "amount", "status"],
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
});

export type DistributionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof distributionSchema>;
