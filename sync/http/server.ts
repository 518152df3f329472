// The HTTP server: GraphQL at /api/v2/graphql, graphql-ws at /wss/v1/, /authenticate/*, and the built PWA.
// startServer() is what `node sync/main.ts` runs and what tests start in-process (port 0, in-memory PGlite).
import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { CloseCode, makeServer as makeGraphqlWsServer } from "graphql-ws";
import { postgraphile } from "postgraphile";
import { makeGraphQLWSConfig } from "postgraphile/grafserv";
import { grafserv } from "postgraphile/grafserv/node";
import { type WebSocket, WebSocketServer } from "ws";
import {
  BOOTSTRAP_PATH,
  COMMANDS_PATH,
  GRAPHQL_PATH,
  PING_PATH,
  PULL_PATH,
  WEBSOCKET_PATH,
} from "../../src/domain/wire.ts";
import type { ChainService, ChainServiceOptions } from "../chain/service.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { MIGRATIONS_DIR, migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open.ts";
import { RUNNERS, type RunnerName } from "../db/runner-locks.ts";
import { type StatisticsRefresh, startStatisticsRefresh } from "../db/statistics.ts";
import { resilientSubscription } from "../db/subscriptions.ts";
import { EXPOSED_SCHEMAS, GRAPHIQL_PATH, makePreset } from "../graphql/preset.ts";
import { attachSession, pgSettingsFromRequestContext } from "../graphql/settings.ts";
import { logEvent, logFormat } from "../log.ts";
import { type MailRelay, startMailRelay } from "../mail/mailer.ts";
import type { PaymentService, PaymentServiceOptions } from "../payments/service.ts";
import { createCommandHandler } from "../replication/commands.ts";
import { startChangeCompaction } from "../replication/compaction.ts";
import type { SigningService, SigningServiceOptions } from "../signing/service.ts";
import { makeStoragePlugin } from "../storage/graphql.ts";
import { type FileStorage, openStorage, type StorageSettings, storageSettingsFromEnv } from "../storage/index.ts";
import { handleAuthenticate } from "./auth-routes.ts";
import { createBootstrapHandler } from "./bootstrap.ts";
import { readCookie, SESSION_COOKIE, sessionCookie } from "./cookies.ts";
import { EXAMPLES_PATH, handleExample } from "./examples.ts";
import { startLiveUpdates } from "./live-updates.ts";
import { createPullHandler } from "./pull.ts";
import { handleReports, isReportsPath } from "./reports.ts";
import { sendJson, sendText, setSecurityHeaders } from "./respond.ts";
import { SESSIONS_ENDED_CHANNEL, startSessionRevocations } from "./session-revocations.ts";
import { type ResolvedSession, resolveSession, SESSION_TTL_SECONDS } from "./sessions.ts";
import { serveStatic } from "./static.ts";
import { handleUploads, isUploadPath } from "./uploads.ts";

export interface StartOptions extends Partial<Config> {
  /** Seed the demo data when the database has no users. Default: on for the embedded database only. */
  seedDemo?: boolean;
  /** Where the mail relay reports each delivery (one line); default: the console, nothing in test mode. */
  mailLog?: (line: string) => void;
  /** Chain settings and test hooks (sync/chain/service.ts); the environment by default. */
  chain?: Pick<ChainServiceOptions, "env" | "onSigned" | "batchSize">;
  /** Payment provider settings and test hooks (sync/payments/service.ts); the environment by default. */
  payments?: Omit<PaymentServiceOptions, "db" | "notifications" | "leads">;
  /** E-signature settings and test hooks (sync/signing/service.ts); the environment by default. */
  signing?: Pick<SigningServiceOptions, "env" | "docusign" | "connectKey" | "tickMs">;
  /** How often a process tries the background runners' locks another process holds (ms, default 2,000). */
  runnerLockRetryMs?: number;
  /** How long a shutdown waits for the requests in flight before it closes their connections (ms, default 8,000). */
  drainMs?: number;
  /** Where uploaded files live (sync/storage/); the environment (FILES_STORAGE, ...) by default. */
  storage?: StorageSettings;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  /** Whether this start seeded the demo data. */
  seeded: boolean;
  mail: MailRelay;
  /** Tokens on chains: the job runner and the embedded chain (docs/CHAIN.md). */
  chain: ChainService;
  /** Payments: the configured provider, its job runner and status callback (docs/PAYMENTS.md). */
  payments: PaymentService;
  /** E-signature: the signer's key, template syncs, signing routes (docs/SIGNING.md). */
  signing: SigningService;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open (above the 60 s idle timeout of common load balancers). */
const KEEP_ALIVE_MS = 65_000;

/** Paths of the load balancer's probes (no session; /healthz touches no database). */
export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";
/** The close of every websocket at shutdown: 1012 Service Restart, which graphql-ws clients retry at once. */
export const SHUTDOWN_CLOSE = { code: 1012, reason: "Server restarting: reconnect" } as const;
/** The channels the background runners listen on (readiness checks each is listened to). */
const RUNNER_CHANNELS = ["mail_outbox", "chain_jobs", "payment_jobs", "signing_jobs"] as const;
/** Ping interval of the websocket keep-alive; a socket whose pong does not come back within it is dropped. */
const WEBSOCKET_KEEPALIVE_MS = 12_000;

const NOT_SIGNED_IN = { errors: [{ message: "Not signed in", extensions: { code: "LL401" } }] };

async function seedIfEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>("select not exists (select 1 from app_public.users) as empty");
  if (!rows[0]?.empty) return false;
  let demo: { seedDemo(db: Database): Promise<unknown> };
  try {
    demo = await import("../seed/demo.ts");
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.warn("sync/seed/demo.ts is missing: starting without demo data.");
    return false;
  }
  await demo.seedDemo(db);
  return true;
}

/**
 * The demo documents' files (sync/seed/demo-files.ts): written at every start when the demo's document rows exist
 * and their files do not, so a database seeded before the seed wrote files gets them too. Never fails the start.
 */
async function writeDemoFiles(db: Database, storage: FileStorage): Promise<void> {
  try {
    const { writeMissingDemoFiles } = await import("../seed/demo-files.ts");
    await writeMissingDemoFiles(db, storage);
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return;
    console.warn("demo data: the demo documents' files could not be written:", error);
  }
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? "development";
  const production = mode === "production";
  const database = await openDatabase({
    databaseUrl: options.databaseUrl ?? null,
    databaseDirectUrl: options.databaseDirectUrl ?? null,
    runnerLockRetryMs: options.runnerLockRetryMs,
    dataDir: options.dataDir ?? null,
    schemas: EXPOSED_SCHEMAS,
    pgSettings: pgSettingsFromRequestContext,
  });
  const { db } = database;
  let seeded = false;
  try {
    await migrate(db);
    if (options.seedDemo ?? db.kind === "pglite") seeded = await seedIfEmpty(db);
  } catch (error) {
    await database.close();
    throw error;
  }

  // Files: a local directory (the embedded default) or S3-compatible object storage (docs/SERVER.md "Files").
  const storage = await openStorage(options.storage ?? storageSettingsFromEnv(), options.dataDir ?? null).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  await writeDemoFiles(db, storage);
  // The migrations this build expects (readiness: a database another build migrated back is not ready).
  const migrationNames = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name));

  // Background runners: each runs in the one process that holds its lock (sync/db/runner-locks.ts); a process that
  // takes a lock over (its holder died) runs that runner's backlog at once.
  const { locks } = database;
  const runnerReport = (error: unknown) => console.error("runner takeover:", error);
  let mailRelay: MailRelay | null = null;
  let chainService: ChainService | null = null;
  let paymentService: PaymentService | null = null;
  let signingService: SigningService | null = null;
  const lead = (name: RunnerName, onLead: () => void) =>
    locks.lead(name, () => {
      logEvent("info", "runner lock taken over", { runner: name });
      onLead();
    });
  await Promise.all([
    lead("mail", () => void mailRelay?.deliverQueued().catch(runnerReport)),
    lead("chain", () => void chainService?.takeOver().catch(runnerReport)),
    lead("payments", () => void paymentService?.runDue().catch(runnerReport)),
    lead("signing", () => void signingService?.runDue().catch(runnerReport)),
    lead("compaction", () => {}),
  ]);
  if (db.kind === "postgres")
    logEvent("info", "background runners", {
      leads: (Object.keys(RUNNERS) as RunnerName[]).filter((name) => locks.holds(name)),
    });

  const pgl = postgraphile(
    makePreset({ pgService: database.pgService, production, plugins: [makeStoragePlugin(storage, db)] }),
  );
  const serv = pgl.createServ(grafserv);
  const graphqlHandler = serv.createHandler();
  const handleCommands = createCommandHandler({ pgl, db, production });
  const handlePull = createPullHandler({ db, production });
  const handleBootstrap = createBootstrapHandler({ db, production });
  // Superseded change-log rows are deleted every few minutes, so the log stays as large as the documents.
  const compaction = startChangeCompaction(db, { leads: () => locks.holds("compaction") });
  // PGlite has no autovacuum: the server keeps the planner's statistics fresh itself (sync/db/statistics.ts).
  const statistics: StatisticsRefresh | null = db.kind === "pglite" ? startStatisticsRefresh(db) : null;
  // The chain service: cheap at start (the embedded chain opens on first use); resumes open chain jobs.
  const { startChainService } = await import("../chain/service.ts");
  const chain = await startChainService({
    db,
    ...options.chain,
    leads: () => locks.holds("chain"),
    notifications: resilientSubscription(database.pgService.pgSubscriber, "chain_jobs"),
  });
  // Payments: the configured provider (built-in by default) and its durable job runner; resumes queued jobs.
  const { startPaymentService } = await import("../payments/service.ts");
  const payments = await startPaymentService({
    db,
    ...options.payments,
    leads: () => locks.holds("payments"),
    notifications: resilientSubscription(database.pgService.pgSubscriber, "payment_jobs"),
  });
  chainService = chain;
  paymentService = payments;
  // E-signature: the built-in signer's key (created at first start) and template syncs woken by 'signing_jobs'.
  const { startSigningService } = await import("../signing/service.ts");
  const signing = await startSigningService({
    db,
    storage,
    dataDir: options.dataDir ?? null,
    origin: options.publicUrl ?? undefined,
    ...options.signing,
    leads: () => locks.holds("signing"),
    notifications: resilientSubscription(database.pgService.pgSubscriber, "signing_jobs"),
  });
  signingService = signing;
  const distDir = options.distDir ?? "dist";
  let draining = false;

  /** Readiness: accepting, the database answers, this build's migrations are applied, the LISTEN connection is up. */
  async function readiness(): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
    const checks = { accepting: !draining, database: false, migrations: false, listen: false };
    try {
      const { rows } = await db.query<{ applied: number }>(
        "select count(*)::int as applied from app_private.migrations where name = any($1::text[])",
        [migrationNames],
      );
      checks.database = true;
      checks.migrations = rows[0]?.applied === migrationNames.length;
    } catch {
      // unreachable: database and migrations stay false
    }
    checks.listen = await database.listening(RUNNER_CHANNELS);
    return { ready: Object.values(checks).every(Boolean), checks };
  }
  const authContext = { db, production };

  async function sessionFor(req: IncomingMessage, res?: ServerResponse): Promise<ResolvedSession | null> {
    const token = readCookie(req, SESSION_COOKIE);
    const session = await resolveSession(db, token);
    if (session?.renewed && res && token) {
      res.setHeader("Set-Cookie", sessionCookie(token, SESSION_TTL_SECONDS, production));
    }
    return session;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    const isGraphiql = !production && (path === GRAPHIQL_PATH || path.startsWith("/api/v2/ruru-static/"));
    // GraphiQL (development only) runs inline scripts; everything else gets the strict policy.
    setSecurityHeaders(res, {
      csp: !isGraphiql,
      production,
      connectOrigins: storage.uploadOrigins,
      frameOrigins: signing.docusign ? [signing.docusign.signingOrigin] : undefined,
    });

    if (path === GRAPHQL_PATH) {
      const session = await sessionFor(req, res);
      if (!session) return sendJson(res, 401, NOT_SIGNED_IN);
      attachSession(req, session);
      return graphqlHandler(req, res);
    }
    if (path === PULL_PATH) {
      const session = await sessionFor(req, res);
      if (!session) return sendJson(res, 401, NOT_SIGNED_IN);
      return handlePull(req, res, session);
    }
    if (path === BOOTSTRAP_PATH) {
      const session = await sessionFor(req, res);
      if (!session) return sendJson(res, 401, NOT_SIGNED_IN);
      return handleBootstrap(req, res, session);
    }
    if (path === COMMANDS_PATH) {
      const session = await sessionFor(req, res);
      if (!session) return sendJson(res, 401, NOT_SIGNED_IN);
      return handleCommands(req, res, session);
    }
    if (path === HEALTH_PATH) {
      // liveness: the process is up and answers (no database call)
      return sendJson(res, 200, { status: "ok" });
    }
    if (path === READY_PATH) {
      const { ready, checks } = await readiness();
      return sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks });
    }
    if (path === PING_PATH) {
      // the device's reachability probe (src/data/connectivity.ts): an answer is all it needs
      res.writeHead(204, { "Cache-Control": "no-store" });
      res.end();
      return;
    }
    if (isGraphiql) return graphqlHandler(req, res);
    if (isUploadPath(path))
      return handleUploads(req, res, path, {
        db,
        session: await sessionFor(req, res),
        storage,
      });
    if (path.startsWith("/api/v2/integration/"))
      return (await import("./integrations.ts")).handleIntegrations(
        req,
        res,
        url,
        { ...authContext, signingLink: signing.docusignLink },
        await sessionFor(req, res),
      );
    if (signing.isPath(path)) return signing.handle(req, res, path, await sessionFor(req, res));
    if (chain.isPath(path)) return chain.handle(req, res, path, await sessionFor(req, res));
    if (payments.isPath(path)) return payments.handle(req, res, path);
    if (isReportsPath(path)) return handleReports(req, res, path, { db, session: await sessionFor(req, res) });
    if (path.startsWith(EXAMPLES_PATH)) return handleExample(req, res, path);
    if (path === "/api" || path.startsWith("/api/")) {
      return sendJson(res, 404, { errors: [{ message: "Not found", extensions: { code: "LL404" } }] });
    }
    if (path === "/authenticate" || path.startsWith("/authenticate/")) {
      return handleAuthenticate(req, res, url, authContext, await sessionFor(req, res));
    }
    if (path === "/wss" || path.startsWith("/wss/")) return sendText(res, 426, "Use a websocket.");
    return serveStatic(req, res, distDir, path);
  }

  // Requests in flight, so a shutdown can let them finish (a command's transaction commits and is answered).
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const jsonLogs = logFormat() === "json";
  const server = createServer((req, res) => {
    inFlight += 1;
    const started = performance.now();
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
      // one line per request in the structured log (never the query string: it may hold a token)
      if (jsonLogs)
        logEvent(res.statusCode >= 500 ? "error" : "info", "request", {
          method: req.method,
          path: (req.url ?? "/").split("?")[0],
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        });
    });
    handle(req, res).catch((error: unknown) => {
      console.error("request failed:", req.method, req.url, error);
      if (!res.headersSent)
        sendJson(res, 500, { errors: [{ message: "Internal error", extensions: { code: "LL500" } }] });
      else res.destroy();
    });
  });

  // Idle keep-alive connections stay open longer than a client or a load balancer keeps them (Node's default of
  // 5 s is shorter than both): a request sent on a connection the server is just closing fails without a retry
  // (a POST is not retried), and a device pulling or flushing every few seconds reconnects less often.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  const sockets = new Set<Duplex>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  // graphql-ws on our own WebSocketServer (as grafserv's makeNodeUpgradeHandler, with the sockets kept) so a
  // shutdown can close each socket with SHUTDOWN_CLOSE, which tells the client to reconnect (to another process).
  const graphqlWs = makeGraphqlWsServer(makeGraphQLWSConfig(serv));
  const wsServer = new WebSocketServer({ noServer: true });
  const webSockets = new Set<WebSocket>();
  // The spec's live updates (live-updates.ts) on the same path: a socket opened without a subprotocol speaks them;
  // one asking for one (the app's graphql-ws client: graphql-transport-ws) gets graphql-ws.
  const liveUpdates = startLiveUpdates({
    db,
    notifications: resilientSubscription(database.pgService.pgSubscriber, "app_changes"),
  });
  const upgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, session: ResolvedSession) => {
    wsServer.handleUpgrade(req, socket, head, (ws) => {
      webSockets.add(ws);
      keepAlive(ws);
      if (ws.protocol === "") {
        ws.once("close", () => webSockets.delete(ws));
        return liveUpdates.open(ws, session);
      }
      const closed = graphqlWs.opened(
        {
          protocol: ws.protocol,
          send: (data) =>
            new Promise<void>((resolve, reject) => {
              ws.send(data, (error) => (error ? reject(error) : resolve()));
            }),
          close: (code, reason) => ws.close(code, reason),
          onMessage: (cb) =>
            ws.on("message", async (event) => {
              try {
                await cb(event.toString());
              } catch (error) {
                try {
                  ws.close(CloseCode.InternalServerError, (error as Error).message);
                } catch {
                  // already closed
                }
              }
            }),
        },
        { socket: ws, request: req },
      );
      ws.once("close", (code, reason) => {
        webSockets.delete(ws);
        void closed(code, reason.toString());
      });
    });
  };

  // Sessions the database ends (a suspended member, an ownership transfer) lose their websockets at once.
  const revocations = startSessionRevocations(
    resilientSubscription(database.pgService.pgSubscriber, SESSIONS_ENDED_CHANNEL),
  );

  // Websockets authenticate with the session cookie when they connect; the session then holds for the socket.
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (draining) return refuse("503 Service Unavailable");
    if (path !== WEBSOCKET_PATH && path !== WEBSOCKET_PATH.slice(0, -1)) return refuse("404 Not Found");
    sessionFor(req).then(
      (session) => {
        if (!session) return refuse("401 Unauthorized");
        attachSession(req, session);
        revocations.track(session.sessionId, socket);
        upgradeHandler(req, socket, head, session);
      },
      (error: unknown) => {
        console.error("websocket upgrade failed:", error);
        refuse("500 Internal Server Error");
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const subscriber = database.pgService.pgSubscriber;
  const mail = startMailRelay({
    db,
    origin: options.publicUrl ?? url,
    smtpUrl: options.smtpUrl ?? null,
    mailFrom: options.mailFrom ?? null,
    log: options.mailLog ?? (mode === "test" ? () => {} : undefined),
    logFile: options.mailLogFile ?? null,
    notifications: resilientSubscription(subscriber, "mail_outbox"),
    leads: () => locks.holds("mail"),
  });
  mailRelay = mail;

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    db,
    seeded,
    mail,
    chain,
    payments,
    signing,
    close() {
      closing ??= (async () => {
        // 1. stop accepting: /readyz answers 503, new connections and websocket upgrades are refused, idle
        //    keep-alive connections close; requests in flight (a command batch) finish and are answered
        draining = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.drainMs ?? 8_000);
            drained = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        // 2. every websocket is closed with a reason that tells its client to reconnect (to another process)
        for (const ws of webSockets) ws.close(SHUTDOWN_CLOSE.code, SHUTDOWN_CLOSE.reason);
        await waitForClose(webSockets, 1_000);
        wsServer.close();
        // 3. background work stops (another process takes its runners over), then the database
        compaction.stop();
        await statistics?.stop();
        await mail.stop();
        await revocations.stop();
        await liveUpdates.stop();
        for (const socket of sockets) socket.destroy();
        await closed;
        await payments.close();
        await signing.close();
        await chain.close();
        await pgl.release(); // also releases serv
        storage.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/** Pings the socket every WEBSOCKET_KEEPALIVE_MS; a socket that does not answer within the next interval is dropped. */
function keepAlive(ws: WebSocket): void {
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const ping = () => {
    stop();
    timer = setTimeout(() => ws.terminate(), WEBSOCKET_KEEPALIVE_MS);
    ws.ping();
  };
  ws.on("pong", () => {
    stop();
    timer = setTimeout(ping, WEBSOCKET_KEEPALIVE_MS);
  });
  ws.once("close", stop);
  timer = setTimeout(ping, WEBSOCKET_KEEPALIVE_MS);
}

/** Resolves when every socket of the set has closed (they leave it on close), or after `ms` (then drops the rest). */
async function waitForClose(sockets: Set<WebSocket>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (sockets.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const ws of sockets) ws.terminate();
}
