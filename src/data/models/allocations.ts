import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { accountSummary, keyword, list, object, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const allocationSchema = toTypedRxJsonSchema({
  title: "allocations",
  description:
    "An allocation of a round, with annotations, vesting schedule, email preference (sendDistribution), offering links and owner.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    roundId: uuid,
    ownerId: uuid,
    name: text,
    status: keyword,
    opensOn: timestamp,
    closesOn: timestamp,
    blockchainAddressId: optionalUuid,
    annotations: list,
    vestingSchedule: object,
    emailPreference: object,
    offeringLinks: list,
    owner: accountSummary,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "roundId", "ownerId", "name", "status", "createdOn", "updatedOn"],
  indexes: ["roundId", "createdOn"],
} as const);

export type AllocationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof allocationSchema>;
