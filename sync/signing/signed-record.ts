// A built-in signed document recorded in the database, in the caller's transaction: shared by the online signing route
// (signing/step.ts) and the sealing of signatures made offline (signing/offline.ts).
import type { Sql } from "../db/database.ts";
import { SIGNING_PATH } from "./answers.ts";
import { sha256 } from "./pdf.ts";

export interface SignedRecord {
  id: string;
  mappedId: string;
  stepId: string;
  distributionId: string;
  investorId: string;
  signingType: string;
  sentOn: Date;
  completedOn: Date;
  /** Where the sealed PDF is stored. */
  fileKey: string;
  pdf: Uint8Array;
  audit: unknown;
}

/** The route the signed PDF is downloaded from. */
export const signedDocumentUri = (id: string) => `${SIGNING_PATH}sent-documents/${id}/download`;

/**
 * The step's sent document (completed, stored at fileKey), its audit trail, and every earlier document of the step
 * still waiting voided: this one supersedes an e-mailed document.
 */
export async function recordSignedDocument(tx: Sql, doc: SignedRecord): Promise<void> {
  await tx.query(
    `insert into app_public.sent_signing_documents (id, mapped_signing_template_id, step_id, distribution_id,
       sent_to_id, provider, envelope_id, status, delivery, sent_on, completed_on, document_id, document_uri,
       document_sha256)
     values ($1::uuid, $2, $3, $4, $5, 'builtin', $1::text, 'completed', $6, $7::timestamptz, $8::timestamptz,
       $9, $10, $11)`,
    [
      doc.id,
      doc.mappedId,
      doc.stepId,
      doc.distributionId,
      doc.investorId,
      doc.signingType,
      doc.sentOn,
      doc.completedOn,
      doc.fileKey,
      signedDocumentUri(doc.id),
      sha256(doc.pdf),
    ],
  );
  await tx.query("insert into app_private.signing_audits (sent_signing_document_id, data) values ($1, $2)", [
    doc.id,
    JSON.stringify(doc.audit),
  ]);
  await tx.query(
    "update app_public.sent_signing_documents set status = 'voided' where step_id = $1 and id <> $2 and status in ('created', 'sent', 'delivered')",
    [doc.stepId, doc.id],
  );
}
