import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { accountSummary, decimal, keyword, text, timestamp, uuid } from "./fields.ts";

export const brokerAllocationSchema = toTypedRxJsonSchema({
  title: "broker_allocations",
  description: "An invitation of a broker to manage units of a round (sent, accepted or rejected).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    roundId: uuid,
    brokerId: uuid,
    name: text,
    managedUnits: decimal,
    status: keyword,
    broker: accountSummary,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "roundId", "brokerId", "status", "createdOn", "updatedOn"],
  indexes: ["roundId", "createdOn"],
} as const);

export type BrokerAllocationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof brokerAllocationSchema>;
