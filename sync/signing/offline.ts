// Signing offline (docs/SIGNING.md "Signing offline"): the signatures the devices sent with signStepOffline
// (app_private.offline_signatures, status 'received') are checked and sealed by the signing runner. The fingerprint
// the device recorded is computed again (src/domain/signing-fingerprint.ts) from the template file and the values
// the server holds now, dated as the device dated them. Equal: the PDF is sealed by the built-in signer as an online
// signature is (PKCS#7), with an audit page saying where, when and how it was signed, and the step completes, all in
// one transaction. Different (or the step can no longer be signed): nothing is sealed and the step reopens with the
// reason. The sealed document's id is the signature's id, so a pass cut short seals the same document again, once.
import { MESSAGES } from "../../src/domain/messages.ts";
import { signingFingerprint } from "../../src/domain/signing-fingerprint.ts";
import type { Database } from "../db/database.ts";
import type { FileStorage } from "../storage/index.ts";
import { type InPersonHost, signedDocument } from "./builtin.ts";
import { readStored } from "./files.ts";
import type { SigningKey } from "./keys.ts";
import { sha256 } from "./pdf.ts";
import { recordSignedDocument } from "./signed-record.ts";
import { distributionValues, fieldValues, loadMapping, shownValues } from "./values.ts";

interface Received {
  id: string;
  step_id: string;
  investor_id: string;
  user_id: string;
  fingerprint: string;
  typed_name: string;
  signed_at_device: Date;
  received_on: Date;
  ip: string | null;
  user_agent: string | null;
  device_id: string | null;
  /** signed in an in-person session (docs/IN-PERSON.md): its host */
  host: InPersonHost | null;
}

interface Context {
  distributionId: string;
  mappedSigningTemplateId: string;
  signingType: string;
}

/** A database error with an LL code (an expected refusal: its text is the reason); anything else is a bug. */
const codedMessage = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("LL") ? (error as Error).message : null;
};

export function offlineSigner(options: { db: Database; storage: FileStorage; key: SigningKey }) {
  const { db, storage, key } = options;

  async function reopen(signature: Received, reason: string): Promise<void> {
    await db.query("select id from app_private.offline_signature_reopened($1, $2)", [signature.id, reason]);
  }

  async function handle(signature: Received): Promise<void> {
    let context: Context;
    try {
      const { rows } = await db.query<{ context: Context }>(
        "select app_private.signing_step_context($1, $2) as context",
        [signature.step_id, signature.investor_id],
      );
      context = rows[0]?.context as Context;
    } catch (error) {
      const reason = codedMessage(error);
      if (reason === null) throw error;
      return reopen(signature, reason);
    }
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (mapping?.provider !== "builtin" || !mapping.fileKey) {
      return reopen(signature, MESSAGES.offlineSigningChanged);
    }
    const template = await readStored(storage, mapping.fileKey);
    const signedOnDevice = new Date(signature.signed_at_device);
    const data = await distributionValues(db, context.distributionId, signedOnDevice);
    const values = fieldValues(mapping.fields, data);
    const expected = await signingFingerprint(sha256(template), shownValues(mapping.fields, values));
    if (expected !== signature.fingerprint) return reopen(signature, MESSAGES.offlineSigningChanged);

    const sentId = signature.id;
    const sealedAt = new Date();
    const receivedOn = new Date(signature.received_on);
    const { pdf, audit } = await signedDocument({
      template,
      mapping,
      values,
      typedName: signature.typed_name,
      signer: { email: data["investor.email"] ?? "", accountId: signature.investor_id, userId: signature.user_id },
      ip: signature.ip ?? "",
      userAgent: signature.user_agent ?? "",
      signedAt: sealedAt,
      sentId,
      key,
      offline: {
        signedOnDevice,
        receivedOn,
        sealedOn: sealedAt,
        deviceId: signature.device_id,
        fingerprint: signature.fingerprint,
        host: signature.host,
      },
    });
    if (!storage.write) return reopen(signature, "Signed documents need the server's local file storage.");
    const fileKey = `signing/${sentId}.pdf`;
    await storage.write(fileKey, pdf);
    try {
      await db.transaction(async (tx) => {
        await recordSignedDocument(tx, {
          id: sentId,
          mappedId: mapping.mappedId,
          stepId: signature.step_id,
          distributionId: context.distributionId,
          investorId: signature.investor_id,
          signingType: context.signingType,
          sentOn: signedOnDevice,
          completedOn: sealedAt,
          fileKey,
          pdf,
          audit,
        });
        await tx.query("select id from app_private.offline_signature_sealed($1)", [signature.id]);
      });
    } catch (error) {
      await storage.remove(fileKey).catch(() => {});
      const reason = codedMessage(error);
      if (reason === null) throw error;
      await reopen(signature, reason);
    }
  }

  /** Seals or reopens every signature waiting (oldest first); how many were handled. */
  async function runDue(): Promise<number> {
    const { rows } = await db.query<Received>(
      `select o.id, o.step_id, o.investor_id, o.user_id, o.fingerprint, o.typed_name, o.signed_at_device, o.received_on,
              o.ip, o.user_agent,
              (select l.device_id from app_private.command_log l
               where l.mutation = 'signStepOffline' and l.user_id = o.user_id
                 and l.variables -> 'input' ->> 'stepId' = o.step_id::text
                 and l.variables -> 'input' ->> 'fingerprint' = o.fingerprint
               order by l.received_on desc limit 1) as device_id,
              app_private.in_person_host(o.in_person_session_id) as host
       from app_private.offline_signatures o where o.status = 'received' order by o.received_on limit 20`,
    );
    for (const signature of rows) {
      try {
        await handle(signature);
      } catch (error) {
        // a missing template file or a storage failure: the signature waits for the next pass
        console.error("signing: an offline signature was not sealed", signature.id, (error as Error).message);
      }
    }
    return rows.length;
  }

  return { runDue };
}
