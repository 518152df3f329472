// The signing step of an investor's onboarding (docs/SIGNING.md): what the investor signs, the filled preview, the
// built-in signature (a sealed PDF with its audit page, the step completed), the signing link mailed again, and
// DocuSign's embedded signing URL.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Database, Sql } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { clientIp, readBody } from "../http/respond.ts";
import type { FileStorage } from "../storage/index.ts";
import { asHttpError, fail, SIGNING_PATH, UUID } from "./answers.ts";
import { signedDocument } from "./builtin.ts";
import { sendEnvelope } from "./envelopes.ts";
import { readStored } from "./files.ts";
import type { SigningKey } from "./keys.ts";
import { fillDocument, sha256 } from "./pdf.ts";
import type { SigningProviderApi } from "./provider.ts";
import { recordSignedDocument, signedDocumentUri } from "./signed-record.ts";
import { distributionValues, fieldValues, loadMapping, type Mapping, roleRecipient, shownValues } from "./values.ts";

export interface SigningDeps {
  db: Database;
  storage: FileStorage;
  /** The DocuSign account, when one is configured. */
  docusign: SigningProviderApi | null;
  /** DocuSign Connect's HMAC key. */
  connectKey: string | null;
  key: SigningKey;
  /** The public address (DocuSign's return URL). */
  origin: string;
}

interface StepContext {
  stepId: string;
  status: string;
  processId: string;
  distributionId: string;
  investorId: string;
  mappedSigningTemplateId: string;
  signingTemplateId: string;
  signingType: "inline" | "email";
  currentStepId: string | null;
  name: string;
}

interface SentRow {
  id: string;
  status: string;
  provider: string;
  envelope_id: string | null;
  document_uri: string | null;
  delivery: string;
}

export function signingStep(deps: SigningDeps) {
  const { db, storage, docusign, key, origin } = deps;

  /**
   * The step's signing context for its investor; with `hosted`, also for a broker or issuer who may host the
   * investor in person (docs/IN-PERSON.md): they read what is signed and the template, to sign offline on their device.
   */
  async function stepContext(stepId: string, session: SessionClaims | null, hosted = false): Promise<StepContext> {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (!UUID.test(stepId)) fail(404, "LL404", "Step not found");
    if (hosted && session?.accountType !== "investor") return hostedContext(stepId, session as SessionClaims);
    if (session?.accountType !== "investor") fail(404, "LL404", "Step not found");
    const { rows } = await db.query<{ context: StepContext }>(
      "select app_private.signing_step_context($1, $2) as context",
      [stepId, session?.accountId],
    );
    return rows[0]?.context as StepContext;
  }

  async function hostedContext(stepId: string, session: SessionClaims): Promise<StepContext> {
    return db.transaction(async (tx) => {
      await sessionRole(tx, session);
      const { rows } = await tx.query<{ context: StepContext }>(
        "select app_private.hosted_signing_step_context($1) as context",
        [stepId],
      );
      return rows[0]?.context as StepContext;
    });
  }

  async function sentOf(stepId: string): Promise<SentRow | null> {
    const { rows } = await db.query<SentRow>(
      `select id, status, provider, envelope_id, document_uri, delivery from app_public.sent_signing_documents
       where step_id = $1 order by (status = 'completed') desc, created_on desc limit 1`,
      [stepId],
    );
    return rows[0] ?? null;
  }

  async function session_(stepId: string, session: SessionClaims | null) {
    const context = await stepContext(stepId, session, true);
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    const data = await distributionValues(db, context.distributionId);
    const values = shownValues(mapping.fields, fieldValues(mapping.fields, data));
    const sent = await sentOf(stepId);
    const signed = sent?.status === "completed";
    // the template's hash: what an offline signature's fingerprint names (docs/SIGNING.md "Signing offline")
    const templateSha256 =
      mapping.provider === "builtin" && mapping.fileKey ? sha256(await templateBytes(mapping)) : null;
    const signer = mapping.roles.find((r) => r.mapTo === "investor");
    const recipient = signer ? roleRecipient(signer, data) : null;
    return {
      provider: mapping.provider,
      documentName: mapping.name,
      documentUrl: mapping.provider === "builtin" ? `${SIGNING_PATH}steps/${stepId}/preview.pdf` : null,
      fields: mapping.fields
        .filter((f) => values[f.name] !== undefined)
        .map((f) => ({ name: f.name, value: values[f.name] as string, signingDate: f.mapTo === "date.signed" })),
      templateSha256,
      signerName: recipient?.name ?? data["investor.name"] ?? null,
      signerEmail: recipient?.email ?? data["investor.email"] ?? null,
      signed,
      signedDocumentUrl: signed ? (sent?.document_uri ?? null) : null,
      signingType: context.signingType,
      stepStatus: context.status,
    };
  }

  async function templateBytes(mapping: Mapping): Promise<Buffer> {
    if (mapping.provider !== "builtin" || !mapping.fileKey) fail(409, "LL409", "This template is signed at DocuSign.");
    return readStored(storage, mapping.fileKey as string);
  }

  async function preview(stepId: string, session: SessionClaims | null): Promise<Uint8Array> {
    const context = await stepContext(stepId, session, true);
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    const data = await distributionValues(db, context.distributionId);
    return fillDocument(await templateBytes(mapping), fieldValues(mapping.fields, data), null);
  }

  /** The template file itself: what the device keeps to show and fingerprint when it signs offline. */
  async function template(stepId: string, session: SessionClaims | null): Promise<Uint8Array> {
    const context = await stepContext(stepId, session, true);
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    return templateBytes(mapping);
  }

  async function sign(req: IncomingMessage, stepId: string, session: SessionClaims | null) {
    if (session?.accountRole === "account_viewer") fail(403, "LL403", "Operation not allowed");
    const context = await stepContext(stepId, session);
    let body: { consent?: unknown; typedName?: unknown };
    try {
      body = JSON.parse(await readBody(req, 8192)) as typeof body;
    } catch {
      return fail(400, "LL400", "Malformed body");
    }
    if (body.consent !== true) fail(422, "LL422", "Consent is required.");
    const typedName = typeof body.typedName === "string" ? body.typedName.trim().replace(/\s+/g, " ") : "";
    if (!typedName || typedName.length > 200) fail(422, "LL422", "Type your full name to sign.");
    // Only the investor's current step, before anything is made (a refusal leaves nothing behind).
    await db.query("select app_private.require_actionable(s) from app_public.steps s where s.id = $1", [stepId]);
    if (context.currentStepId !== stepId) {
      fail(409, "LL409", "This is not the current active step.");
    }
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    if (mapping.provider !== "builtin") fail(409, "LL409", "This document is signed at DocuSign.");
    const template = await templateBytes(mapping);
    const signedAt = new Date();
    const data = await distributionValues(db, context.distributionId, signedAt);
    const values = fieldValues(mapping.fields, data);
    const sentId = randomUUID();
    const { pdf: signedPdf, audit } = await signedDocument({
      template,
      mapping,
      values,
      typedName,
      signer: {
        email: data["investor.email"] ?? "",
        accountId: session?.accountId ?? "",
        userId: session?.userId ?? "",
      },
      ip: clientIp(req),
      userAgent: String(req.headers["user-agent"] ?? "").slice(0, 500),
      signedAt,
      sentId,
      key,
    });
    const fileKey = `signing/${sentId}.pdf`;
    if (!storage.write) fail(501, "LL501", "Signed documents need the server's local file storage.");
    await storage.write?.(fileKey, signedPdf);
    const documentUri = signedDocumentUri(sentId);
    try {
      await db.transaction(async (tx) => {
        await recordSignedDocument(tx, {
          id: sentId,
          mappedId: mapping.mappedId,
          stepId,
          distributionId: context.distributionId,
          investorId: context.investorId,
          signingType: context.signingType,
          sentOn: signedAt,
          completedOn: signedAt,
          fileKey,
          pdf: signedPdf,
          audit,
        });
        await sessionRole(tx, session as SessionClaims);
        await tx.query("select id from app_public.complete_step('{}'::jsonb, $1)", [stepId]);
      });
    } catch (error) {
      await storage.remove(fileKey).catch(() => {});
      throw error;
    }
    return { ok: true, sentSigningDocumentId: sentId, documentUri };
  }

  async function sendLink(stepId: string, session: SessionClaims | null) {
    if (session?.accountRole === "account_viewer") fail(403, "LL403", "Operation not allowed");
    const context = await stepContext(stepId, session);
    const data = await distributionValues(db, context.distributionId);
    const email = data["investor.email"];
    if (!email) return fail(409, "LL409", "The investor account has no e-mail address.");
    await queueSigningMail(db, email, context.name, context.distributionId);
    return { ok: true };
  }

  async function docusignLink(stepId: string, session: SessionClaims) {
    if (!UUID.test(stepId)) return null;
    const { rows } = await db.query<{ type: string }>("select type from app_public.steps where id = $1", [stepId]);
    if (rows[0]?.type !== "signing") return null;
    try {
      if (session.accountRole === "account_viewer") fail(403, "LL403", "Operation not allowed");
      const context = await stepContext(stepId, session);
      if (context.currentStepId !== stepId) fail(409, "LL409", "This is not the current active step.");
      const mapping = await loadMapping(db, context.mappedSigningTemplateId);
      if (!mapping) return fail(404, "LL404", "Step not found");
      if (mapping.provider !== "docusign" || !docusign) fail(409, "LL409", "This document is signed in the app.");
      const data = await distributionValues(db, context.distributionId);
      const signer = mapping.roles.find((r) => r.mapTo === "investor");
      const recipient = signer ? roleRecipient(signer, data) : null;
      if (!recipient?.email) return fail(409, "LL409", "The investor account has no e-mail address.");
      const clientUserId = context.investorId;
      let sent = await sentOf(stepId);
      if (!sent || sent.status === "voided" || sent.status === "declined" || !sent.envelope_id) {
        const envelopeId = await sendEnvelope(db, docusign, mapping, context.distributionId, clientUserId);
        const { rows: inserted } = await db.query<SentRow>(
          `insert into app_public.sent_signing_documents (mapped_signing_template_id, step_id, distribution_id, sent_to_id,
             provider, envelope_id, status, delivery, sent_on)
           values ($1, $2, $3, $4, 'docusign', $5, 'sent', 'inline', now())
           returning id, status, provider, envelope_id, document_uri, delivery`,
          [mapping.mappedId, stepId, context.distributionId, context.investorId, envelopeId],
        );
        sent = inserted[0] ?? null;
      }
      const { url } = await (docusign as SigningProviderApi).recipientView({
        envelopeId: sent?.envelope_id as string,
        name: recipient.name,
        email: recipient.email,
        clientUserId,
        returnUrl: `${origin}/distribution/${context.distributionId}`,
      });
      return { status: 200, body: { link: url } };
    } catch (error) {
      const http = asHttpError(error);
      if (!http) throw error;
      return { status: http.status, body: { errors: [{ message: http.message, extensions: { code: http.code } }] } };
    }
  }

  return { session: session_, templateBytes, preview, template, sign, sendLink, docusignLink };
}

/** The signing link mail (the one mailer: app_private.mail_outbox, delivered by the relay). */
export async function queueSigningMail(
  db: Sql,
  to: string,
  documentName: string,
  distributionId: string,
): Promise<void> {
  await db.query(
    `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
     values ('signing_request', $1, $2, $3, $4)`,
    [
      to,
      `Please sign: ${documentName}`.slice(0, 200),
      `A document is ready for your signature: ${documentName}.\n\nOpen this link to review and sign it:\n{{origin}}/distribution/${distributionId}`,
      `<p>A document is ready for your signature: <strong>${documentName.replace(/[&<>"']/g, "")}</strong>.</p><p><a href="{{origin}}/distribution/${distributionId}">Review and sign</a></p>`,
    ],
  );
  await db.query("select pg_notify('mail_outbox', '')");
}
