import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import {
  accountSummary,
  collectionSchema,
  keyword,
  list,
  object,
  optionalUuid,
  text,
  timestamp,
  uuid,
} from "./fields.ts";

export const allocationSchema = collectionSchema({
  title: "allocations",
  description:
    "An allocation of a round, with annotations, vesting schedule, email preference (sendDistribution), offering links and owner.",
  version: 0,
  properties: {
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
  },
  required: ["roundId", "ownerId", "name", "status"],
  indexes: ["roundId", "createdOn"],
});

export type AllocationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof allocationSchema>;
