import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { accountSummary, decimal, optionalDecimal, optionalUuid, timestamp, uuid } from "./fields.ts";

export const holdingSchema = toTypedRxJsonSchema({
  title: "holdings",
  description: "A holding of a security by an investor, with the investor summary.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    securityId: uuid,
    roundId: uuid,
    investorId: uuid,
    distributionId: optionalUuid,
    amount: decimal,
    purchasePrice: optionalDecimal,
    issuedOn: timestamp,
    investor: accountSummary,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "securityId", "roundId", "investorId", "amount", "createdOn", "updatedOn"],
  indexes: ["securityId", "investorId", "createdOn"],
} as const);

export type HoldingDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof holdingSchema>;
