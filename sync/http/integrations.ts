// Integration routes of the onboarding steps (spec part 2 "Other calls") with the built-in local provider, so the
// whole step process runs on the embedded default with no third-party account:
//   POST /api/v2/integration/docusign-link {stepId}          -> {link}         (link steps: where to sign)
//   POST /api/v2/integration/investready-credential {stepId} -> {token, state} (async_iframe steps; for an
//                                                             'accreditation' step InvestReady's sign-in, or 503:
//                                                             sync/accreditation/service.ts)
//   GET  /api/v2/integration/investready/callback             InvestReady's redirect back (accreditation)
//   POST /api/v2/integration/investready-status {stepId}      a pending InvestReady verification read again
//   GET  /api/v2/integration/local-step/{stepId}              the provider page (opened as a link or in an iframe)
//   POST /api/v2/integration/local-step/{stepId}              outcome=complete|failed from that page's form
//   GET  /api/v2/integration/local-step.js                    the page's script (postMessage step events)
// Every route needs the session of the step's investor (not a viewer). Outcomes go through
// app_private.provider_step_outcome, which checks the step is the current one; an async_iframe step is first
// 'processing' and completes a moment later, as a real verification provider would call back.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type AccreditationService, CALLBACK_PATH } from "../accreditation/service.ts";
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import { isCrossSite, mediaType, readBody, refuse, sendHtml, sendJson } from "./respond.ts";

const INTEGRATION_PREFIX = "/api/v2/integration/";
const LOCAL_STEP_PATH = `${INTEGRATION_PREFIX}local-step/`;
/** How long the local provider "verifies" an async_iframe step before completing it. */
const ASYNC_COMPLETE_MS = 1500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROVIDER_TYPES = ["link", "iframe", "async_iframe"];

interface StepRow {
  id: string;
  type: string;
  status: string;
  title: string;
  investor_id: string;
}

interface IntegrationContext {
  db: Database;
  production: boolean;
  /** docusign-link for a signing step (sync/signing/service.ts); null when the step is no signing step. */
  signingLink?: (stepId: string, session: SessionClaims) => Promise<{ status: number; body: unknown } | null>;
  /** Accreditation steps' InvestReady sign-in (sync/accreditation/service.ts). */
  accreditation?: AccreditationService;
}

/** The address the browser reached this server at (InvestReady sends the investor back there). */
function originOf(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = typeof forwarded === "string" && forwarded.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${req.headers.host ?? "localhost"}`;
}

/** The page InvestReady's redirect back ends on: what happened, and the way back to the app. */
function investReadyPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Accreditation verification</title><style>${PAGE_STYLE}</style></head>
<body><main><span class="badge">InvestReady</span><h1>Accreditation verification</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Return to Ledgerline</a></p></main></body></html>`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function codedError(error: unknown): { code: string; message: string } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("LL")) return { code, message: (error as Error).message };
  return null;
}

async function stepOf(db: Database, stepId: string, session: SessionClaims | null): Promise<StepRow | null> {
  if (!session?.accountId || session.accountType !== "investor" || !UUID.test(stepId)) return null;
  const { rows } = await db.query<StepRow>(
    `select s.id, s.type, s.status, app_private.step_title(s) as title, p.investor_id
     from app_public.steps s join app_public.processes p on p.id = s.process_id where s.id = $1`,
    [stepId],
  );
  const step = rows[0];
  return step && step.investor_id === session.accountId ? step : null;
}

/** The local provider page may be framed by the app itself (never by another site). */
function allowSameOriginFraming(res: ServerResponse): void {
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'; object-src 'none'",
  );
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
}

const PAGE_STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:0;padding:24px;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px}
h1{font-size:1.15rem;margin:0 0 8px}p{color:#475569;line-height:1.5}.badge{display:inline-block;font-size:.75rem;
font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#1d4ed8;background:#dbeafe;border-radius:999px;
padding:2px 10px;margin-bottom:12px}.actions{display:flex;gap:12px;margin-top:20px}button{font:inherit;font-weight:600;
border-radius:8px;padding:10px 16px;cursor:pointer;border:1px solid #cbd5e1;background:#fff;color:#0f172a}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}`;

function page(step: StepRow, body: string, state: "open" | "done" | "failed" | "processing"): string {
  const provider =
    step.type === "link" ? "Local e-signature" : step.type === "iframe" ? "Local identity check" : "Local verification";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(step.title)}</title><style>${PAGE_STYLE}</style></head>
<body data-step-type="${escapeHtml(step.type)}" data-step-state="${state}"><main><span class="badge">${provider}</span>
<h1>${escapeHtml(step.title)}</h1>${body}</main><script src="${INTEGRATION_PREFIX}local-step.js"></script></body></html>`;
}

function providerForm(step: StepRow): string {
  const action = `${LOCAL_STEP_PATH}${step.id}`;
  const [accept, text] =
    step.type === "link"
      ? ["Sign agreement", "Review the agreement and sign it electronically."]
      : step.type === "iframe"
        ? ["Confirm my identity", "Confirm that the details on file are yours."]
        : ["Submit for verification", "Submit your accreditation for verification."];
  return `<p>${text}</p><form method="post" action="${action}"><div class="actions">
<button class="primary" type="submit" name="outcome" value="complete">${accept}</button>
<button type="submit" name="outcome" value="failed">Decline</button></div></form>`;
}

// Posts step events (loading, ready, complete, error, change) to the app embedding the page.
const PAGE_SCRIPT = `(function(){var s=document.body.getAttribute('data-step-state');var t=document.body.getAttribute('data-step-type');
function post(e,r){if(window.parent&&window.parent!==window){window.parent.postMessage({source:'ll-local-step',event:e,reason:r||null},location.origin);}}
post('loading');post('ready');if(s==='done'||s==='processing')post('complete');if(s==='failed')post('error','declined by the investor');
document.addEventListener('change',function(){post('change');});})();`;

export async function handleIntegrations(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  { db, signingLink, accreditation }: IntegrationContext,
  session: SessionClaims | null,
): Promise<void> {
  const path = url.pathname;
  if (path === `${INTEGRATION_PREFIX}local-step.js`) {
    res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
    res.end(PAGE_SCRIPT);
    return;
  }
  if (path === CALLBACK_PATH && req.method === "GET" && accreditation) {
    // the state InvestReady hands back is the secret that names the step (the session may have ended meanwhile)
    const answer = await accreditation.callback(url, originOf(req));
    return sendHtml(res, answer.status, investReadyPage(answer.message));
  }
  if (!session) return refuse(res, 401, "LL401", "Not signed in");

  if (
    req.method === "POST" &&
    (path === `${INTEGRATION_PREFIX}docusign-link` ||
      path === `${INTEGRATION_PREFIX}investready-credential` ||
      path === `${INTEGRATION_PREFIX}investready-status`)
  ) {
    if (mediaType(req) !== "application/json" || isCrossSite(req)) {
      return refuse(res, 415, "LL400", "JSON only");
    }
    let stepId = "";
    try {
      stepId = String((JSON.parse(await readBody(req, 4096)) as { stepId?: unknown }).stepId ?? "");
    } catch {
      return refuse(res, 400, "LL400", "Malformed body");
    }
    if (path.endsWith("docusign-link") && signingLink) {
      const signing = await signingLink(stepId, session);
      if (signing) return sendJson(res, signing.status, signing.body);
    }
    if (path.endsWith("investready-credential") && accreditation) {
      const answer = await accreditation.credential(stepId, session, originOf(req));
      if (answer) return sendJson(res, answer.status, answer.body);
    }
    if (path.endsWith("investready-status")) {
      const answer = accreditation ? await accreditation.refresh(stepId, session) : null;
      return answer ? sendJson(res, answer.status, answer.body) : refuse(res, 404, "LL404", "Step not found");
    }
    const step = await stepOf(db, stepId, session);
    const wanted = path.endsWith("docusign-link") ? ["link", "iframe"] : ["async_iframe"];
    if (!step || !wanted.includes(step.type)) {
      return refuse(res, 404, "LL404", "Step not found");
    }
    if (path.endsWith("docusign-link")) return sendJson(res, 200, { link: `${LOCAL_STEP_PATH}${step.id}` });
    return sendJson(res, 200, { token: randomBytes(16).toString("hex"), state: step.id });
  }

  if (path.startsWith(LOCAL_STEP_PATH)) {
    const stepId = path.slice(LOCAL_STEP_PATH.length);
    const step = await stepOf(db, stepId, session);
    allowSameOriginFraming(res);
    if (!step || !PROVIDER_TYPES.includes(step.type)) {
      return sendHtml(res, 404, "<!doctype html><title>Not found</title><p>This step was not found.</p>");
    }
    if (req.method === "GET") {
      const state = step.status === "complete" ? "done" : step.status === "processing" ? "processing" : "open";
      const body =
        state === "done"
          ? "<p>This step is complete. You can return to the onboarding page.</p>"
          : state === "processing"
            ? "<p>Verification in progress…</p>"
            : providerForm(step);
      return sendHtml(res, 200, page(step, body, state));
    }
    if (req.method !== "POST") return sendHtml(res, 405, "<!doctype html><p>Method not allowed</p>");
    if (isCrossSite(req) || session.accountRole === "account_viewer") {
      return sendHtml(res, 403, "<!doctype html><p>Operation not allowed</p>");
    }
    const outcome = new URLSearchParams(await readBody(req, 4096)).get("outcome");
    if (outcome !== "complete" && outcome !== "failed")
      return sendHtml(res, 400, "<!doctype html><p>Unknown outcome</p>");
    try {
      if (outcome === "failed") {
        await db.query("select id from app_private.provider_step_outcome($1, $2, 'failed', $3)", [
          step.id,
          session.accountId,
          "The document was declined.",
        ]);
        return sendHtml(
          res,
          200,
          page(step, "<p>You declined this step. Return to the onboarding page to try again.</p>", "failed"),
        );
      }
      if (step.type === "async_iframe") {
        await db.query("select id from app_private.provider_step_outcome($1, $2, 'processing')", [
          step.id,
          session.accountId,
        ]);
        const timer = setTimeout(() => {
          db.query("select id from app_private.provider_step_outcome($1, $2, 'complete')", [
            step.id,
            session.accountId,
          ]).catch((error: unknown) =>
            console.error("local provider could not complete step", step.id, (error as Error).message),
          );
        }, ASYNC_COMPLETE_MS);
        timer.unref();
        return sendHtml(res, 200, page(step, "<p>Submitted. Verification in progress…</p>", "processing"));
      }
      await db.query("select id from app_private.provider_step_outcome($1, $2, 'complete')", [
        step.id,
        session.accountId,
      ]);
      const done =
        step.type === "link"
          ? "<p>Signed. You can close this tab and return to the onboarding page.</p>"
          : "<p>Thank you. This step is complete.</p>";
      return sendHtml(res, 200, page(step, done, "done"));
    } catch (error) {
      const coded = codedError(error);
      if (!coded) throw error;
      return sendHtml(res, 409, page(step, `<p>${escapeHtml(coded.message)}</p>`, "failed"));
    }
  }
  return refuse(res, 404, "LL404", "Not found");
}
