import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import {
  accountSummary,
  decimal,
  flag,
  keyword,
  list,
  object,
  optionalDecimal,
  optionalText,
  timestamp,
  uuid,
} from "./fields.ts";

export const distributionSchema = toTypedRxJsonSchema({
  title: "distributions",
  description:
    "An investor's distribution with its prices, payments, annotations, custom fields, vesting schedule, onboarding process and steps, investor summary and allocation summary ({id, name, roundId}).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
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
    /** the onboarding process with its steps (sync/database/onboarding/10_process.sql: process_document) */
    process: object,
    investor: accountSummary,
    allocation: {
      type: ["object", "null"],
      properties: { id: uuid, name: { type: "string" }, roundId: uuid },
    },
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "allocationId", "investorId", "amount", "status", "createdOn", "updatedOn"],
  indexes: ["allocationId", "investorId", "createdOn"],
} as const);

export type DistributionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof distributionSchema>;
