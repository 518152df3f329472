// The `transfers` read model (a kind of `records`, parent holdingId; server: sync/database/transfers/20_read_model.sql,
// docs/TRANSFERS.md): a request to transfer units of a holding to another investor and its decision, with the names
// people read, and whether an open request waits for its transferee's onboarding in the round. Read by the holder who
// asked, the transferee, the issuer and the brokers managing the round.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import {
  decimal,
  keyword,
  kindSchema,
  optionalDecimal,
  optionalText,
  optionalUuid,
  text,
  timestamp,
  uuid,
} from "./fields.ts";

export const transferSchema = kindSchema({
  title: "transfers",
  description: "A transfer request of a holding's units to another investor, and its decision.",
  // 1: the chain's side of a tokenized holding's transfer (chain, chainStatus, chainFailure)
  // 2: the transferee's onboarding: the distribution the request made for them (onboardingDistributionId) and
  //    waitsForTransfereeOnboarding (the security's qualification rule, the round's steps not complete)
  version: 2,
  properties: {
    holdingId: uuid,
    securityId: uuid,
    roundId: uuid,
    issuerId: uuid,
    requesterId: uuid,
    transfereeId: uuid,
    units: decimal,
    reason: keyword,
    pricePerUnit: optionalDecimal,
    status: keyword,
    requestedOn: timestamp,
    decidedOn: { type: ["string", "null"] },
    rejectionReason: optionalText,
    newHoldingId: optionalUuid,
    onboardingDistributionId: optionalUuid,
    chain: optionalText,
    chainStatus: optionalText,
    chainFailure: optionalText,
    securityName: text,
    requesterName: text,
    transfereeName: text,
    waitsForTransfereeOnboarding: { type: ["boolean", "null"] },
  },
  required: ["holdingId", "requesterId", "transfereeId", "units", "status"],
  indexes: ["holdingId"],
});

export type TransferDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof transferSchema>;
