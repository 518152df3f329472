// The routes of sync/http's own modules, as entries of the route table (routes.ts): GraphQL, the probes, files,
// integrations, reports, examples, sign-in and the built app. server.ts puts them in order with the services'.
import type { IncomingMessage, ServerResponse } from "node:http";
import { GRAPHQL_PATH, PING_PATH } from "../../src/domain/wire.ts";
import type { AccreditationService } from "../accreditation/service.ts";
import type { Database } from "../db/database.ts";
import { GRAPHIQL_PATH } from "../graphql/preset.ts";
import { attachSession, type SessionClaims } from "../graphql/settings.ts";
import type { FileStorage } from "../storage/index.ts";
import { handleAuthenticate } from "./auth-routes.ts";
import { EXAMPLES_PATH, handleExample } from "./examples.ts";
import { handleIntegrations } from "./integrations.ts";
import { handleLogo, LOGOS_PREFIX } from "./logos.ts";
import { ALLOCATION_EXAMPLE_PATH, handleReports, OCF_IMPORT_PATH, REPORTS_PATH } from "./reports.ts";
import { sendJson, sendText } from "./respond.ts";
import type { Route } from "./routes.ts";
import { serveStatic } from "./static.ts";
import { handleUploads } from "./uploads.ts";

/** Paths of the load balancer's probes (no session; /healthz touches no database). */
export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** GraphQL for a signed-in session; GraphiQL in development only. */
export function graphqlRoutes(handler: Handler, production: boolean): Route[] {
  const graphiql = (path: string, doc: string): Route => ({
    method: "ANY",
    path,
    access: "public",
    doc,
    handle: (req, res) => handler(req, res),
  });
  return [
    {
      method: "POST",
      answersOtherMethods: true,
      path: GRAPHQL_PATH,
      access: "session",
      doc: "PostGraphile, JSON bodies only",
      handle(req, res, { session }) {
        attachSession(req, session as SessionClaims);
        return handler(req, res);
      },
    },
    ...(production
      ? []
      : [
          graphiql(GRAPHIQL_PATH, "GraphiQL (development only)"),
          graphiql("/api/v2/ruru-static/*", "GraphiQL's scripts (development only)"),
        ]),
  ];
}

/** The probes: the device's reachability, the load balancer's liveness and readiness (docs/SERVER.md "Several processes"). */
export function probeRoutes(readiness: () => Promise<{ ready: boolean; checks: Record<string, boolean> }>): Route[] {
  return [
    {
      method: "GET",
      answersOtherMethods: true,
      path: HEALTH_PATH,
      access: "public",
      doc: 'Liveness: 200 `{"status":"ok"}`, no session, no database',
      // the process is up and answers (no database call)
      handle: (_req, res) => sendJson(res, 200, { status: "ok" }),
    },
    {
      method: "GET",
      answersOtherMethods: true,
      path: READY_PATH,
      access: "public",
      doc: 'Readiness: 200 `{"status":"ready","checks":{"accepting","database","migrations","listen"}}` or 503 `"not ready"` with the failing check false',
      async handle(_req, res) {
        const { ready, checks } = await readiness();
        sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks });
      },
    },
    {
      method: "GET",
      answersOtherMethods: true,
      path: PING_PATH,
      access: "public",
      doc: '204, no session: the device\'s reachability probe (docs/REPLICATION.md "Connectivity")',
      handle(_req, res) {
        // the device's reachability probe (src/data/connectivity.ts): an answer is all it needs
        res.writeHead(204, { "Cache-Control": "no-store" });
        res.end();
      },
    },
  ];
}

/** Uploads and downloads of files (docs/SERVER.md "Files"), reports and the OCF import, the example files. */
export function fileRoutes(options: { db: Database; storage: FileStorage }): Route[] {
  const { db, storage } = options;
  const uploads = (path: string, doc: string): Route => ({
    method: "ANY",
    path,
    access: "optional",
    doc,
    handle: (req, res, { path, session }) => handleUploads(req, res, path, { db, session, storage }),
  });
  const reports = (method: Route["method"], path: string, doc: string): Route => ({
    method,
    answersOtherMethods: true,
    path,
    access: "optional",
    doc,
    handle: (req, res, { path, session }) => handleReports(req, res, path, { db, session }),
  });
  return [
    uploads(
      "/api/v2/uploads/*",
      "`POST {key}`: a file into the session's upload slot (local storage); `POST {key}/complete`: an object-storage upload confirmed",
    ),
    uploads(
      "/api/v2/documents/*",
      "`GET {id}/download`: a document's file, under row-level security; `GET transfers/{transferId}/{key}`: a transfer request's document",
    ),
    {
      method: "GET",
      answersOtherMethods: true,
      path: `${LOGOS_PREFIX}*`,
      access: "optional",
      doc: "`{key}`: an account's logo, to whoever may see the account (the accounts' read rule); cached for good",
      handle: (req, res, { path, session }) => handleLogo(req, res, path, { db, session, storage }),
    },
    reports(
      "GET",
      `${REPORTS_PATH}*`,
      "`ocf`, `ocf/summary`, `cap-table` (`?asOf=`), `contacts`, `purchasers`, `position`, `control`: the OCF package (docs/OCF.md) and CSV reports, the register as of a date (docs/REGISTER.md)",
    ),
    reports("GET", ALLOCATION_EXAMPLE_PATH, "The allocation cap table example CSV"),
    reports("POST", OCF_IMPORT_PATH, "An OCF package previewed (docs/OCF.md)"),
    reports("POST", `${OCF_IMPORT_PATH}/confirm`, "An OCF package imported (docs/OCF.md)"),
    {
      method: "GET",
      answersOtherMethods: true,
      path: `${EXAMPLES_PATH}*`,
      access: "public",
      doc: "The example files (bulk import templates), as attachments",
      handle: (req, res, { path }) => handleExample(req, res, path),
    },
  ];
}

/** The integrations' own steps (local e-signature, identity checks) and DocuSign's embedded signing link. */
export function integrationRoutes(options: {
  db: Database;
  production: boolean;
  signingLink: (stepId: string, session: SessionClaims) => Promise<{ status: number; body: unknown } | null>;
  accreditation?: AccreditationService;
}): Route[] {
  return [
    {
      method: "ANY",
      path: "/api/v2/integration/*",
      access: "optional",
      doc: "`local-step.js`, `local-step/{stepId}` (the built-in integrations' step page), `POST docusign-link` `{stepId}` (the embedded signing URL), `POST investready-credential` `{stepId}`, `investready/callback`, `POST investready-status` (accreditation with InvestReady)",
      handle: (req, res, { url, session }) => handleIntegrations(req, res, url, options, session),
    },
  ];
}

/** After every other route: JSON 404 under /api, sign-in, 426 for a plain GET of /wss, and the built app. */
export function fallbackRoutes(options: { db: Database; production: boolean; distDir: string }): Route[] {
  const { distDir } = options;
  const authContext = { db: options.db, production: options.production };
  const notFound: Route["handle"] = (_req, res) =>
    sendJson(res, 404, { errors: [{ message: "Not found", extensions: { code: "LL404" } }] });
  const authenticate: Route["handle"] = (req, res, { url, session }) =>
    handleAuthenticate(req, res, url, authContext, session);
  const upgradeOnly: Route["handle"] = (_req, res) => sendText(res, 426, "Use a websocket.");
  return [
    { method: "ANY", path: "/api", access: "public", doc: "JSON 404 (`LL404`)", handle: notFound },
    { method: "ANY", path: "/api/*", access: "public", doc: "JSON 404 (`LL404`)", handle: notFound },
    { method: "ANY", path: "/authenticate", access: "optional", doc: "Sign-in pages (below)", handle: authenticate },
    { method: "ANY", path: "/authenticate/*", access: "optional", doc: "Sign-in pages (below)", handle: authenticate },
    { method: "ANY", path: "/wss", access: "public", doc: "426: a websocket path", handle: upgradeOnly },
    { method: "ANY", path: "/wss/*", access: "public", doc: "426: a websocket path", handle: upgradeOnly },
    {
      method: "ANY",
      path: "/*",
      access: "public",
      doc: "The file in `DIST_DIR`, else (no file extension) `index.html`; a missing file with an extension is 404",
      handle: (req, res, { path }) => serveStatic(req, res, distDir, path),
    },
  ];
}
