import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { accountSummary, decimal, keyword, kindSchema, text, uuid } from "./fields.ts";

export const brokerAllocationSchema = kindSchema({
  title: "broker_allocations",
  description: "An invitation of a broker to manage units of a round (sent, accepted or rejected).",
  version: 0,
  properties: {
    roundId: uuid,
    brokerId: uuid,
    name: text,
    managedUnits: decimal,
    status: keyword,
    broker: accountSummary,
  },
  required: ["roundId", "brokerId", "status"],
  indexes: ["roundId"],
});

export type BrokerAllocationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof brokerAllocationSchema>;
