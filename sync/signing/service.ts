// The signing service (docs/SIGNING.md): the signer's key, template syncs (woken by pg_notify('signing_jobs') and a
// timer), the signing routes of the onboarding step and the test page, the downloads of signed documents, and
// DocuSign's Connect webhook.
//
//   GET  /api/v2/signing/steps/{stepId}                 what the step's investor signs (SigningSession)
//   GET  /api/v2/signing/steps/{stepId}/preview.pdf     the filled, unsigned document (built-in)
//   POST /api/v2/signing/steps/{stepId}/sign            {consent: true, typedName}: sign, store, complete the step
//   POST /api/v2/signing/steps/{stepId}/send            e-mail the signing link again
//   GET  /api/v2/signing/sent-documents/{id}/download   the signed PDF (the issuer, the investor it was sent to)
//   GET  /api/v2/signing/test/{mappedId}                the test page's fields with the mock values
//   GET  /api/v2/signing/test/{mappedId}/preview.pdf    the template filled with the mock values (built-in)
//   POST /api/v2/signing/docusign/connect               DocuSign Connect (HMAC-SHA256, X-DocuSign-Signature-1..N)
//   POST /api/v2/integration/docusign-link {stepId}     (through sync/http/integrations.ts) the embedded signing URL
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Database, Sql } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import { clientIp, isCrossSite, mediaType, readBody, sendJson } from "../http/respond.ts";
import type { FileStorage } from "../storage/index.ts";
import { signedDocument } from "./builtin.ts";
import {
  configuredDocusign,
  type DocusignSettings,
  docusignSettingsFromEnv,
  verifyConnectSignature,
} from "./docusign.ts";
import { readStored } from "./files.ts";
import { loadSigningKey, type SigningKey } from "./keys.ts";
import { fillDocument, sha256 } from "./pdf.ts";
import { type SigningProviderApi, SigningProviderError } from "./provider.ts";
import { syncSigningAccount } from "./templates.ts";
import { distributionValues, fieldValues, loadMapping, type Mapping, roleRecipient, testValues } from "./values.ts";

export const SIGNING_PATH = "/api/v2/signing/";
export { SYNC_ERROR } from "./templates.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SigningServiceOptions {
  db: Database;
  storage: FileStorage;
  dataDir: string | null;
  env?: NodeJS.ProcessEnv;
  notifications?: AsyncIterableIterator<unknown> | null;
  /** Replaces the configured DocuSign account (tests: the stand-in). */
  docusign?: SigningProviderApi | null;
  /** Replaces the configured Connect HMAC key. */
  connectKey?: string | null;
  /** The public address (links in mails and DocuSign's return URL). */
  origin?: string;
  /** How often due syncs are looked for (default 2 s; 0: only when woken or asked). */
  tickMs?: number;
  /** Whether this process runs the syncs now (several processes: the one holding the `signing` runner lock). */
  leads?: () => boolean;
}

export interface SigningService {
  key: SigningKey;
  /** The DocuSign account, when one is configured. */
  docusign: SigningProviderApi | null;
  /** Runs every sync that is due now; resolves with how many ran. */
  runDue(): Promise<number>;
  isPath(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, path: string, session: SessionClaims | null): Promise<void>;
  /** POST /api/v2/integration/docusign-link for a signing step: null when the step is not a signing step. */
  docusignLink(stepId: string, session: SessionClaims): Promise<{ status: number; body: unknown } | null>;
  close(): Promise<void>;
}

class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const fail = (status: number, code: string, message: string): never => {
  throw new HttpError(status, code, message);
};

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }], message });
}

/** A database error with an LL code becomes an HTTP answer (the spec's text); anything else is a bug. */
function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("LL")) {
    const status = { LL401: 401, LL403: 403, LL404: 404, LL409: 409 }[code] ?? 422;
    return new HttpError(status, code, (error as Error).message);
  }
  if (error instanceof SigningProviderError) {
    return new HttpError(error.kind === "unavailable" ? 503 : 502, "LL502", error.message);
  }
  return null;
}

/** Sets the session's claims and role app_user on a transaction, as a GraphQL request would. */
async function asSession(tx: Sql, session: SessionClaims): Promise<void> {
  await tx.query(
    `select set_config('jwt.claims.session_id', $1, true), set_config('jwt.claims.user_id', $2, true),
            set_config('jwt.claims.account_id', $3, true), set_config('jwt.claims.account_type', $4, true),
            set_config('jwt.claims.role', $5, true)`,
    [session.sessionId, session.userId, session.accountId ?? "", session.accountType ?? "", session.accountRole ?? ""],
  );
  await tx.query("set local role app_user");
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

export async function startSigningService(options: SigningServiceOptions): Promise<SigningService> {
  const { db, storage } = options;
  const env = options.env ?? process.env;
  const key = await loadSigningKey({ dataDir: options.dataDir, env });
  const docusignSettings: DocusignSettings | null = docusignSettingsFromEnv(env);
  const docusign = options.docusign !== undefined ? options.docusign : configuredDocusign(docusignSettings);
  const connectKey = options.connectKey !== undefined ? options.connectKey : (docusignSettings?.connectKey ?? null);
  const origin = options.origin ?? "";

  // New signing accounts use the configured provider; an account with no template yet moves to it too.
  const provider = docusign ? ["docusign", "DocuSign"] : ["builtin", "Ledgerline Signing"];
  await db.query(
    "update app_private.signing_settings set provider = $1, provider_name = $2, updated_on = now()",
    provider,
  );
  await db.query(
    `update app_public.signing_accounts s set provider = $1, name = $2
     where s.provider <> $1 and not exists (select 1 from app_public.signing_templates t where t.signing_account_id = s.id)`,
    provider,
  );

  let running: Promise<number> | null = null;
  let closed = false;

  async function createDueEnvelopes(): Promise<number> {
    if (!docusign) return 0;
    const { rows } = await db.query<{
      id: string;
      step_id: string;
      mapped_signing_template_id: string;
      distribution_id: string;
    }>(
      `select id, step_id, mapped_signing_template_id, distribution_id from app_public.sent_signing_documents
       where provider = 'docusign' and status = 'created' and delivery = 'email' and envelope_id is null`,
    );
    for (const row of rows) {
      try {
        const mapping = await loadMapping(db, row.mapped_signing_template_id);
        if (!mapping) continue;
        const envelopeId = await sendEnvelope(mapping, row.distribution_id, null);
        await db.query(
          "update app_public.sent_signing_documents set envelope_id = $2, status = 'sent', sent_on = now() where id = $1",
          [row.id, envelopeId],
        );
      } catch (error) {
        console.error("signing: envelope not created", row.id, (error as Error).message);
      }
    }
    return rows.length;
  }

  async function runOnce(): Promise<number> {
    const { rows } = await db.query<{ id: string; provider: string }>(
      "select id, provider from app_public.signing_accounts where sync_status = 'loading' order by updated_on",
    );
    for (const account of rows) await syncSigningAccount(db, storage, docusign, account);
    return rows.length + (await createDueEnvelopes());
  }

  const leads = options.leads ?? (() => true);
  function runDue(): Promise<number> {
    if (!leads()) return Promise.resolve(0);
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const tickMs = options.tickMs ?? 2000;
  const timer = tickMs > 0 ? setInterval(() => void runDue().catch(report), tickMs) : null;
  timer?.unref();
  const report = (error: unknown) => console.error("signing service:", error);
  if (options.notifications) {
    const notifications = options.notifications;
    void (async () => {
      for await (const _ of notifications) {
        if (closed) break;
        await runDue().catch(report);
      }
    })().catch(report);
  }
  void runDue().catch(report);

  // ---------------------------------------------------------------------------------------------------------------
  // Envelopes (DocuSign).

  async function sendEnvelope(mapping: Mapping, distributionId: string, clientUserId: string | null): Promise<string> {
    if (!docusign) throw new SigningProviderError("auth", "DocuSign is not configured on this server.");
    const data = await distributionValues(db, distributionId);
    const values = fieldValues(mapping.fields, data);
    const roles = mapping.roles.flatMap((role) => {
      const recipient = roleRecipient(role, data);
      if (!recipient?.email) return [];
      return [
        {
          roleName: role.name,
          name: recipient.name,
          email: recipient.email,
          ...(role.mapTo === "investor" && clientUserId ? { clientUserId } : {}),
          tabs: mapping.fields
            .filter((f) => f.role === role.name && values[f.name] !== undefined)
            .map((f) => ({ tabLabel: f.name, value: values[f.name] as string })),
        },
      ];
    });
    const { envelopeId } = await docusign.createEnvelope({
      templateId: mapping.providerTemplateId,
      emailSubject: `Please sign: ${mapping.name}`.slice(0, 100),
      roles,
    });
    return envelopeId;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The step.

  async function stepContext(stepId: string, session: SessionClaims | null): Promise<StepContext> {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (session?.accountType !== "investor" || !UUID.test(stepId)) fail(404, "LL404", "Step not found");
    const { rows } = await db.query<{ context: StepContext }>(
      "select app_private.signing_step_context($1, $2) as context",
      [stepId, session?.accountId],
    );
    return rows[0]?.context as StepContext;
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
    const context = await stepContext(stepId, session);
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    const data = await distributionValues(db, context.distributionId);
    const values = fieldValues(mapping.fields, data);
    const sent = await sentOf(stepId);
    const signed = sent?.status === "completed";
    const signer = mapping.roles.find((r) => r.mapTo === "investor");
    const recipient = signer ? roleRecipient(signer, data) : null;
    return {
      provider: mapping.provider,
      documentName: mapping.name,
      documentUrl: mapping.provider === "builtin" ? `${SIGNING_PATH}steps/${stepId}/preview.pdf` : null,
      fields: mapping.fields
        .filter((f) => f.type !== "signature" && f.type !== "initial" && values[f.name] !== undefined)
        .map((f) => ({ name: f.name, value: values[f.name] as string })),
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
    const context = await stepContext(stepId, session);
    const mapping = await loadMapping(db, context.mappedSigningTemplateId);
    if (!mapping) return fail(404, "LL404", "Step not found");
    const data = await distributionValues(db, context.distributionId);
    return fillDocument(await templateBytes(mapping), fieldValues(mapping.fields, data), null);
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
    const documentUri = `${SIGNING_PATH}sent-documents/${sentId}/download`;
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into app_public.sent_signing_documents (id, mapped_signing_template_id, step_id, distribution_id,
             sent_to_id, provider, envelope_id, status, delivery, sent_on, completed_on, document_id, document_uri,
             document_sha256)
           values ($1::uuid, $2, $3, $4, $5, 'builtin', $1::text, 'completed', $6, $7::timestamptz, $7::timestamptz, $8, $9, $10)`,
          [
            sentId,
            mapping.mappedId,
            stepId,
            context.distributionId,
            context.investorId,
            context.signingType,
            signedAt,
            fileKey,
            documentUri,
            sha256(signedPdf),
          ],
        );
        await tx.query("insert into app_private.signing_audits (sent_signing_document_id, data) values ($1, $2)", [
          sentId,
          JSON.stringify(audit),
        ]);
        // an e-mailed document that was waiting is now superseded by this one
        await tx.query(
          "update app_public.sent_signing_documents set status = 'voided' where step_id = $1 and id <> $2 and status in ('created', 'sent', 'delivered')",
          [stepId, sentId],
        );
        await asSession(tx, session as SessionClaims);
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

  async function download(res: ServerResponse, id: string, session: SessionClaims | null, method: string) {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (!UUID.test(id)) fail(404, "LL404", "Document not found");
    const row = await db.transaction(async (tx) => {
      await asSession(tx, session as SessionClaims);
      const { rows } = await tx.query<{ document_id: string | null; name: string | null; status: string }>(
        `select d.document_id, (select m.name from app_private.signing_template_names(array[d.mapped_signing_template_id]) m) as name,
                d.status
         from app_public.sent_signing_documents d where d.id = $1`,
        [id],
      );
      return rows[0] ?? null;
    });
    if (!row) return fail(404, "LL404", "Document not found");
    if (!row.document_id) return fail(409, "LL409", "The document is not signed yet.");
    const file = await storage.read(row.document_id);
    if (!file) return fail(404, "LL404", "The file is missing");
    const name = `${row.name ?? "signed"} (signed).pdf`;
    res.writeHead(200, {
      "Content-Type": "application/pdf",
      "Content-Length": file.size,
      "Content-Disposition": `attachment; filename="${name.replace(/[^\w. ()-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
    });
    if (method === "HEAD") {
      file.body.destroy();
      res.end();
      return;
    }
    file.body.pipe(res);
  }

  async function ownMapping(mappedId: string, session: SessionClaims | null): Promise<Mapping> {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (!UUID.test(mappedId)) fail(404, "LL404", "Mapped template not found.");
    const visible = await db.transaction(async (tx) => {
      await asSession(tx, session as SessionClaims);
      const { rows } = await tx.query("select 1 from app_public.mapped_signing_templates where id = $1", [mappedId]);
      return rows.length > 0;
    });
    const mapping = visible ? await loadMapping(db, mappedId) : null;
    if (!mapping) return fail(404, "LL404", "Mapped template not found.");
    return mapping;
  }

  async function testPage(mappedId: string, session: SessionClaims | null) {
    const mapping = await ownMapping(mappedId, session);
    const data = await testValues(db);
    const values = fieldValues(mapping.fields, data);
    return {
      name: mapping.name,
      provider: mapping.provider,
      documentUrl: mapping.provider === "builtin" ? `${SIGNING_PATH}test/${mappedId}/preview.pdf` : null,
      roles: mapping.roles.map((role) => ({
        name: role.name,
        mapTo: role.mapTo,
        recipient: roleRecipient(role, data),
      })),
      fields: mapping.fields.map((f) => ({
        name: f.name,
        role: f.role,
        mapTo: f.mapTo,
        value: values[f.name] ?? null,
      })),
    };
  }

  async function testPreview(mappedId: string, session: SessionClaims | null): Promise<Uint8Array> {
    const mapping = await ownMapping(mappedId, session);
    const data = await testValues(db);
    return fillDocument(await templateBytes(mapping), fieldValues(mapping.fields, data), data.signature ?? null);
  }

  async function connect(req: IncomingMessage) {
    const raw = await readBody(req, 2 * 1024 * 1024);
    // the route exists on every server; without the settings it says so (503: DocuSign retries a failed delivery)
    if (!docusign) return fail(503, "LL503", "DocuSign is not configured on this server.");
    if (!connectKey) {
      return fail(
        503,
        "LL503",
        "DocuSign Connect is not set up on this server: it has no Connect HMAC key to check the message with.",
      );
    }
    const signatures = Object.entries(req.headers)
      .filter(([name]) => /^x-docusign-signature-\d+$/i.test(name))
      .map(([, value]) => String(value));
    if (!verifyConnectSignature(raw, signatures, connectKey)) return fail(401, "LL401", "Invalid signature");
    let event: { event?: string; data?: { envelopeId?: string; envelopeSummary?: { status?: string } } };
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      return fail(400, "LL400", "Malformed body");
    }
    const envelopeId = event.data?.envelopeId;
    const status = (event.data?.envelopeSummary?.status ?? event.event?.replace(/^envelope-/, "") ?? "").toLowerCase();
    if (!envelopeId) return { ok: true, applied: false };
    const { rows } = await db.query<{ id: string; status: string }>(
      "select id, status from app_public.sent_signing_documents where provider = 'docusign' and envelope_id = $1",
      [envelopeId],
    );
    const sent = rows[0];
    if (!sent) return { ok: true, applied: false };
    if (status === "completed") {
      if (sent.status !== "completed") {
        let documentKey: string | null = null;
        if (docusign && storage.write) {
          try {
            const pdf = await docusign.envelopePdf(envelopeId);
            documentKey = `signing/${sent.id}.pdf`;
            await storage.write(documentKey, pdf);
            await db.query(
              `update app_public.sent_signing_documents set document_id = $2, document_uri = $3, document_sha256 = $4
               where id = $1`,
              [sent.id, documentKey, `${SIGNING_PATH}sent-documents/${sent.id}/download`, sha256(pdf)],
            );
          } catch (error) {
            console.error("signing: the signed envelope's PDF was not stored", envelopeId, (error as Error).message);
          }
        }
        await db.query("select id from app_private.signing_envelope_completed($1)", [sent.id]);
      }
      return { ok: true, applied: true };
    }
    if (["declined", "voided", "delivered", "sent"].includes(status)) {
      await db.query(
        "update app_public.sent_signing_documents set status = $2 where id = $1 and status not in ('completed')",
        [sent.id, status],
      );
      return { ok: true, applied: true };
    }
    return { ok: true, applied: false };
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
        const envelopeId = await sendEnvelope(mapping, context.distributionId, clientUserId);
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

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, session: SessionClaims | null) {
    const rest = path.slice(SIGNING_PATH.length).split("/");
    const method = req.method ?? "GET";
    try {
      if (rest[0] === "docusign" && rest[1] === "connect" && rest.length === 2 && method === "POST") {
        return sendJson(res, 200, await connect(req));
      }
      if (!session) return sendError(res, 401, "LL401", "Not signed in");
      const postJson = () => {
        if (mediaType(req) !== "application/json" || isCrossSite(req)) fail(415, "LL400", "JSON only");
      };
      if (rest[0] === "steps" && rest[1]) {
        const stepId = rest[1];
        if (rest.length === 2 && method === "GET") return sendJson(res, 200, await session_(stepId, session));
        if (rest[2] === "preview.pdf" && rest.length === 3 && method === "GET")
          return sendPdf(res, await preview(stepId, session), "preview.pdf");
        if (rest[2] === "sign" && rest.length === 3 && method === "POST") {
          postJson();
          return sendJson(res, 200, await sign(req, stepId, session));
        }
        if (rest[2] === "send" && rest.length === 3 && method === "POST") {
          postJson();
          return sendJson(res, 200, await sendLink(stepId, session));
        }
      }
      if (rest[0] === "sent-documents" && rest[1] && rest[2] === "download" && rest.length === 3) {
        if (method !== "GET" && method !== "HEAD") return sendError(res, 405, "LL405", "Use GET");
        return await download(res, rest[1], session, method);
      }
      if (rest[0] === "test" && rest[1]) {
        if (rest.length === 2 && method === "GET") return sendJson(res, 200, await testPage(rest[1], session));
        if (rest[2] === "preview.pdf" && rest.length === 3 && method === "GET")
          return sendPdf(res, await testPreview(rest[1], session), "test.pdf");
      }
      return sendError(res, 404, "LL404", "Not found");
    } catch (error) {
      const http = asHttpError(error);
      if (!http) throw error;
      return sendError(res, http.status, http.code, http.message);
    }
  }

  return {
    key,
    docusign,
    runDue,
    isPath: (path) => path.startsWith(SIGNING_PATH),
    handle,
    docusignLink,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
      await options.notifications?.return?.();
    },
  };
}

function sendPdf(res: ServerResponse, bytes: Uint8Array, name: string): void {
  res.writeHead(200, {
    "Content-Type": "application/pdf",
    "Content-Length": bytes.byteLength,
    "Content-Disposition": `inline; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
  Readable.from(Buffer.from(bytes)).pipe(res);
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
