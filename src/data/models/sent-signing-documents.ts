// The `sent_signing_documents` read model (a kind of `records`, parent mappedSigningTemplateId; server:
// sync/database/signing/20_read_models.sql, docs/SIGNING.md): a document sent for signature in an onboarding step,
// its status and, once signed, the signed PDF (documentUri: GET it with the session). The issuer (owner of the mapped
// template) and the investor it was sent to receive it.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, object, optionalText, optionalUuid, uuid } from "./fields.ts";

export const sentSigningDocumentSchema = kindSchema({
  title: "sent_signing_documents",
  description: "A document sent for signature, with its status and the signed PDF.",
  version: 0,
  properties: {
    mappedSigningTemplateId: uuid,
    stepId: optionalUuid,
    distributionId: optionalUuid,
    sentToId: uuid,
    sentTo: object,
    name: optionalText,
    provider: keyword,
    envelopeId: optionalText,
    status: keyword,
    delivery: keyword,
    sentOn: { type: ["string", "null"], maxLength: 40 },
    completedOn: { type: ["string", "null"], maxLength: 40 },
    documentId: optionalText,
    documentUri: optionalText,
    documentSha256: optionalText,
  },
  required: ["mappedSigningTemplateId", "sentToId"],
  indexes: ["mappedSigningTemplateId"],
});

export type SentSigningDocumentDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof sentSigningDocumentSchema>;
