// The signing routes (docs/SIGNING.md), each answered through answers.ts:
//   GET  /api/v2/signing/steps/{stepId}                 what the step's investor signs (SigningSession)
//   GET  /api/v2/signing/steps/{stepId}/preview.pdf     the filled, unsigned document (built-in)
//   GET  /api/v2/signing/steps/{stepId}/template.pdf    the template file (kept on the device for signing offline)
//   POST /api/v2/signing/steps/{stepId}/sign            {consent: true, typedName}: sign, store, complete the step
//   POST /api/v2/signing/steps/{stepId}/send            e-mail the signing link again
//   GET  /api/v2/signing/sent-documents/{id}/download   the signed PDF (the issuer, the investor it was sent to)
//   GET  /api/v2/signing/test/{mappedId}                the test page's fields with the mock values
//   GET  /api/v2/signing/test/{mappedId}/preview.pdf    the template filled with the mock values (built-in)
//   POST /api/v2/signing/docusign/connect               DocuSign Connect (HMAC-SHA256, X-DocuSign-Signature-1..N)
//   POST /api/v2/integration/docusign-link {stepId}     (through sync/http/integrations.ts) the embedded signing URL
import type { IncomingMessage, ServerResponse } from "node:http";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { attachment, isCrossSite, mediaType, readBody, sendJson, sendStoredFile } from "../http/respond.ts";
import type { Route, RouteContext } from "../http/routes.ts";
import { asHttpError, fail, SIGNING_PATH, sendError, sendPdf, UUID } from "./answers.ts";
import { verifyConnectSignature } from "./docusign.ts";
import { fillDocument, sha256 } from "./pdf.ts";
import { type SigningDeps, signingStep } from "./step.ts";
import { fieldValues, loadMapping, type Mapping, roleRecipient, testValues } from "./values.ts";

type Handler = (req: IncomingMessage, res: ServerResponse, context: RouteContext) => Promise<void>;

/** Answers an expected failure (answers.ts) with its status; anything else goes on to the server's 500. */
const answered =
  (handler: Handler): Handler =>
  async (req, res, context) => {
    try {
      await handler(req, res, context);
    } catch (error) {
      const http = asHttpError(error);
      if (!http) throw error;
      sendError(res, http.status, http.code, http.message);
    }
  };

const postJson = (req: IncomingMessage) => {
  if (mediaType(req) !== "application/json" || isCrossSite(req)) fail(415, "LL400", "JSON only");
};

const notSignedIn = (res: ServerResponse) => sendError(res, 401, "LL401", "Not signed in");

export function signingRoutes(deps: SigningDeps): Route[] {
  const { db, storage, docusign, connectKey } = deps;
  const step = signingStep(deps);

  async function download(res: ServerResponse, id: string, session: SessionClaims | null, method: string) {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (!UUID.test(id)) fail(404, "LL404", "Document not found");
    const row = await db.transaction(async (tx) => {
      await sessionRole(tx, session as SessionClaims);
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
    sendStoredFile(res, method, file, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachment(name, name.replace(/[^\w. ()-]/g, "_")),
      "Cache-Control": "private, no-store",
    });
  }

  async function ownMapping(mappedId: string, session: SessionClaims | null): Promise<Mapping> {
    if (!session?.accountId) fail(401, "LL401", "Not signed in");
    if (!UUID.test(mappedId)) fail(404, "LL404", "Mapped template not found.");
    const visible = await db.transaction(async (tx) => {
      await sessionRole(tx, session as SessionClaims);
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
    return fillDocument(await step.templateBytes(mapping), fieldValues(mapping.fields, data), data.signature ?? null);
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

  const signedIn = { access: "session", refuse: notSignedIn } as const;
  const session = (context: RouteContext) => context.session as SessionClaims;
  const param = (context: RouteContext, name: string) => context.params[name] ?? "";
  return [
    {
      method: "POST",
      path: `${SIGNING_PATH}docusign/connect`,
      access: "public",
      doc: "DocuSign Connect (HMAC-SHA256 in `X-DocuSign-Signature-1..N`): an envelope's status, the signed PDF stored",
      handle: answered(async (req, res) => sendJson(res, 200, await connect(req))),
    },
    {
      method: "GET",
      path: `${SIGNING_PATH}steps/{stepId}`,
      ...signedIn,
      doc: "What the signing step's investor signs (SigningSession)",
      handle: answered(async (_req, res, c) => sendJson(res, 200, await step.session(param(c, "stepId"), session(c)))),
    },
    {
      method: "GET",
      path: `${SIGNING_PATH}steps/{stepId}/preview.pdf`,
      ...signedIn,
      doc: "The filled, unsigned document (built-in signer)",
      handle: answered(async (_req, res, c) =>
        sendPdf(res, await step.preview(param(c, "stepId"), session(c)), "preview.pdf"),
      ),
    },
    {
      method: "GET",
      path: `${SIGNING_PATH}steps/{stepId}/template.pdf`,
      ...signedIn,
      doc: "The template file, kept on the device for signing offline (built-in signer)",
      handle: answered(async (_req, res, c) =>
        sendPdf(res, await step.template(param(c, "stepId"), session(c)), "template.pdf"),
      ),
    },
    {
      method: "POST",
      path: `${SIGNING_PATH}steps/{stepId}/sign`,
      ...signedIn,
      doc: "`{consent: true, typedName}`: sign with the built-in signer, store the PDF, complete the step",
      handle: answered(async (req, res, c) => {
        postJson(req);
        sendJson(res, 200, await step.sign(req, param(c, "stepId"), session(c)));
      }),
    },
    {
      method: "POST",
      path: `${SIGNING_PATH}steps/{stepId}/send`,
      ...signedIn,
      doc: "E-mail the signing link again",
      handle: answered(async (req, res, c) => {
        postJson(req);
        sendJson(res, 200, await step.sendLink(param(c, "stepId"), session(c)));
      }),
    },
    {
      method: "GET",
      answersOtherMethods: true,
      path: `${SIGNING_PATH}sent-documents/{id}/download`,
      ...signedIn,
      doc: "The signed PDF (the issuer, the investor it was sent to); HEAD too, else 405",
      handle: answered(async (req, res, c) => {
        const method = req.method ?? "GET";
        if (method !== "GET" && method !== "HEAD") return sendError(res, 405, "LL405", "Use GET");
        return download(res, param(c, "id"), session(c), method);
      }),
    },
    {
      method: "GET",
      path: `${SIGNING_PATH}test/{mappedId}`,
      ...signedIn,
      doc: "The signing test page: a mapped template's fields with the mock values",
      handle: answered(async (_req, res, c) => sendJson(res, 200, await testPage(param(c, "mappedId"), session(c)))),
    },
    {
      method: "GET",
      path: `${SIGNING_PATH}test/{mappedId}/preview.pdf`,
      ...signedIn,
      doc: "The template filled with the mock values (built-in signer)",
      handle: answered(async (_req, res, c) =>
        sendPdf(res, await testPreview(param(c, "mappedId"), session(c)), "test.pdf"),
      ),
    },
    {
      method: "ANY",
      path: `${SIGNING_PATH}*`,
      ...signedIn,
      doc: "404 `LL404` (401 without a session)",
      handle: (_req, res) => sendError(res, 404, "LL404", "Not found"),
    },
  ];
}
