// The `accreditations` read model (a kind of `records`; server: sync/database/accreditation/, docs/ACCREDITATION.md):
// one document per accreditation verification, read by the investor's account and the reviewer's (the issuer or
// broker whose qualification asked): who, which round and step, the method, the status (expired once its expiry date
// has passed), the reviewer's reason, the dates and the evidence files with their upload status.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, optionalText, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const accreditationSchema = kindSchema({
  title: "accreditations",
  description: "An investor's accreditation verification, its decision and its evidence files.",
  version: 0,
  properties: {
    investorId: uuid,
    investorName: text,
    reviewerAccountId: uuid,
    reviewerName: text,
    stepId: optionalUuid,
    distributionId: optionalUuid,
    roundId: optionalUuid,
    roundName: optionalText,
    method: keyword,
    /** submitted | approved | rejected | self_certified | expired */
    status: keyword,
    reason: optionalText,
    submittedOn: timestamp,
    decidedOn: { type: ["string", "null"], maxLength: 40 },
    decidedByName: optionalText,
    expiresOn: { type: ["string", "null"], maxLength: 40 },
    /** built_in | investready */
    provider: keyword,
    evidence: {
      type: "array",
      items: {
        type: "object",
        properties: { key: uuid, name: text, size: { type: ["number", "null"] }, status: keyword },
      },
    },
  },
  required: ["investorId", "reviewerAccountId", "method", "status"],
  withUpdatedOn: false,
  indexes: [],
});

export type AccreditationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof accreditationSchema>;

export interface AccreditationEvidence {
  key: string;
  name: string;
  size?: number | null;
  status: "pending" | "uploaded" | "failed" | string;
}
