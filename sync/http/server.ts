// The HTTP server: GraphQL at /api/v2/graphql, graphql-ws at /wss/v1/, /authenticate/*, and the built PWA.
// startServer() is what `node sync/main.ts` runs and what tests start in-process (port 0, in-memory PGlite). It is a
// composition: the database, the services (each its runner, sync/runners/, and its routes), one route table
// (routes.ts, matched in handle() below), the websockets, and one shutdown.
import { readdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { postgraphile } from "postgraphile";
import { grafserv } from "postgraphile/grafserv/node";
import { accreditationRoutes } from "../accreditation/routes.ts";
import { prepareAccreditationService } from "../accreditation/service.ts";
import type { ChainService, ChainServiceOptions } from "../chain/service.ts";
import { type Config, parseStreamDocuments } from "../config.ts";
import type { Database } from "../db/database.ts";
import { MIGRATIONS_DIR, migrate } from "../db/migrate.ts";
import { type OpenDatabase, openDatabase } from "../db/open.ts";
import { type StatisticsRefresh, startStatisticsRefresh } from "../db/statistics.ts";
import { EXPOSED_SCHEMAS, GRAPHIQL_PATH, makePreset } from "../graphql/preset.ts";
import { pgSettingsFromRequestContext } from "../graphql/settings.ts";
import { mailDelivery } from "../mail/jobs.ts";
import { type MailRelay, mailRelay } from "../mail/mailer.ts";
import type { PaymentService, PaymentServiceOptions } from "../payments/service.ts";
import { portfolioRoutes } from "../portfolio/routes.ts";
import { changeCompaction } from "../replication/compaction.ts";
import { replicationRoutes } from "../replication/routes.ts";
import { runnerChannels, startRunners } from "../runners/registry.ts";
import type { SigningKey } from "../signing/keys.ts";
import type { SigningServiceOptions } from "../signing/service.ts";
import { makeStoragePlugin } from "../storage/graphql.ts";
import { type FileStorage, openStorage, type StorageSettings, storageSettingsFromEnv } from "../storage/index.ts";
import { transferRoutes } from "../transfers/routes.ts";
import { prepareWebhooks, type WebhookRunnerOptions, webhookDeliveries } from "../webhooks/runner.ts";
import { bearerToken, refuseKey, resolveApiKey } from "./api-keys.ts";
import { fallbackRoutes, fileRoutes, graphqlRoutes, integrationRoutes, probeRoutes } from "./app-routes.ts";
import { readCookie, SESSION_COOKIE, sessionCookie } from "./cookies.ts";
import { createListener } from "./listener.ts";
import { sendJson, setSecurityHeaders } from "./respond.ts";
import { type Route, routeTable } from "./routes.ts";
import { type ResolvedSession, resolveSession, SESSION_TTL_SECONDS } from "./sessions.ts";
import type { BacklogTotals } from "./socket-backlog.ts";
import { serveWebsockets } from "./ws-upgrade.ts";

export { HEALTH_PATH, READY_PATH } from "./app-routes.ts";
export { SHUTDOWN_CLOSE } from "./ws-upgrade.ts";

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
  /** Webhook delivery settings and test hooks (sync/webhooks/runner.ts: backoff, timeout, timer). */
  webhooks?: Omit<WebhookRunnerOptions, "db">;
  /** How often a process tries the background runners' locks another process holds (ms, default 2,000). */
  runnerLockRetryMs?: number;
  /** How long a shutdown waits for the requests in flight before it closes their connections (ms, default 8,000). */
  drainMs?: number;
  /** Where uploaded files live (sync/storage/); the environment (FILES_STORAGE, ...) by default. */
  storage?: StorageSettings;
  /** The websockets' keep-alive ping interval (ms, default 12,000): a socket that misses a pong is dropped. */
  websocketKeepAliveMs?: number;
  /**
   * The read models whose change-stream events carry their documents (issue 33 item 1: docs/SERVER.md "The change in
   * the stream"); LL_STREAM_DOCUMENTS's default (every model) when not given.
   */
  streamDocumentModels?: readonly string[] | "all";
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
  /** Payments: the configured provider and its job runner (docs/PAYMENTS.md). */
  payments: Omit<PaymentService, "close">;
  /** E-signature: the signer's key and its runner of template syncs (docs/SIGNING.md). */
  signing: { key: SigningKey; runDue(): Promise<number> };
  /** Webhooks: a pass of the delivery runner (docs/API.md "Webhooks"). */
  webhooks: { runDue(): Promise<number> };
  /** The route table, in the order requests are matched (docs/SERVER.md "Routes"). */
  routes: readonly Route[];
  /** What this process's websockets hold unread (docs/SERVER.md "Slow devices"). */
  websocketBacklog(): BacklogTotals;
  close(): Promise<void>;
}

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
/** Migrations, the demo data and the file storage; the database is closed again when any of them fails. */
async function prepare(
  database: OpenDatabase,
  options: StartOptions,
): Promise<{ seeded: boolean; storage: FileStorage }> {
  const { db } = database;
  try {
    await migrate(db);
    const seeded = (options.seedDemo ?? db.kind === "pglite") ? await seedIfEmpty(db) : false;
    // Files: a local directory (the embedded default) or S3-compatible object storage (docs/SERVER.md "Files").
    const storage = await openStorage(options.storage ?? storageSettingsFromEnv(), options.dataDir ?? null);
    await writeDemoFiles(db, storage);
    return { seeded, storage };
  } catch (error) {
    await database.close();
    throw error;
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
  const { db, locks } = database;
  const { seeded, storage } = await prepare(database, options);
  // The migrations this build expects (readiness: a database another build migrated back is not ready).
  const migrationNames = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name));
  const streamDocumentModels = options.streamDocumentModels ?? parseStreamDocuments(undefined);
  const pgl = postgraphile(
    makePreset({
      pgService: database.pgService,
      production,
      plugins: [makeStoragePlugin(storage, db)],
      streamDocumentModels,
      sharedStreamBuilds: db.kind === "postgres",
    }),
  );
  const serv = pgl.createServ(grafserv);
  // PGlite has no autovacuum: the server keeps the planner's statistics fresh itself (sync/db/statistics.ts).
  const statistics: StatisticsRefresh | null = db.kind === "pglite" ? startStatisticsRefresh(db) : null;

  // The services (loaded on demand): each declares its runner and its routes; the runners start after listen.
  const [{ prepareChainService }, { preparePaymentService }, { paymentRoutes }, { prepareSigningService }] =
    await Promise.all([
      import("../chain/service.ts"),
      import("../payments/service.ts"),
      import("../payments/routes.ts"),
      import("../signing/service.ts"),
    ]);
  const chain = await prepareChainService({ db, ...options.chain, leads: () => locks.holds("chain") });
  const payments = await preparePaymentService({ db, ...options.payments });
  const accreditation = await prepareAccreditationService({
    db,
    investready: options.investready ?? null,
    publicUrl: options.publicUrl ?? null,
  });
  const signing = await prepareSigningService({
    db,
    storage,
    dataDir: options.dataDir ?? null,
    origin: options.publicUrl ?? undefined,
    ...options.signing,
  });
  let runners: Awaited<ReturnType<typeof startRunners>> | null = null;
  const runnerReport = (error: unknown) => console.error("runner:", error);
  const routes = routeTable([
    ...graphqlRoutes(serv.createHandler(), production),
    ...replicationRoutes({ pgl, db, production }),
    ...probeRoutes(readiness),
    ...fileRoutes({ db, storage }),
    ...accreditationRoutes({ db, storage }),
    ...integrationRoutes({ db, production, signingLink: signing.docusignLink, accreditation }),
    ...signing.routes,
    ...chain.routes,
    ...paymentRoutes({
      db,
      callbackPollMs: options.payments?.callbackPollMs,
      // the process that runs payment jobs may be another one: every process listens on payment_jobs
      async wake(paymentAccountId) {
        if (locks.holds("payments")) void runners?.run("payments").catch(runnerReport);
        else await db.query("select pg_notify('payment_jobs', $1)", [paymentAccountId]);
      },
    }),
    ...portfolioRoutes({ db }),
    ...transferRoutes({ db }),
    ...fallbackRoutes({ db, production, distDir: options.distDir ?? "dist" }),
  ]);
  let draining = false;
  // the runners' channels, once they run (readiness checks that each is listened to)
  let listenedChannels: string[] = [];

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
    checks.listen = runners !== null && (await database.listening(listenedChannels));
    return { ready: Object.values(checks).every(Boolean), checks };
  }

  async function sessionFor(req: IncomingMessage, res?: ServerResponse): Promise<ResolvedSession | null> {
    const token = readCookie(req, SESSION_COOKIE);
    const session = await resolveSession(db, token);
    if (session?.renewed && res && token) {
      res.setHeader("Set-Cookie", sessionCookie(token, SESSION_TTL_SECONDS, production));
    }
    return session;
  }

  /** Every request: the security headers, then the first route of the table for its method and path. */
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
    const found = routes.match(req.method ?? "GET", path);
    if (!found) return sendJson(res, 404, { errors: [{ message: "Not found", extensions: { code: "LL404" } }] });
    const { route, params } = found;
    let session: ResolvedSession | null = null;
    if (route.access !== "public") {
      // a request with an API key runs as the key's account (api-keys.ts); a key that does not resolve is refused
      const key = bearerToken(req);
      if (key === undefined) session = await sessionFor(req, res);
      else {
        const outcome = await resolveApiKey(db, key);
        if (!outcome.ok) return refuseKey(res, outcome);
        session = outcome.session;
      }
    }
    if (route.access === "session" && !session)
      return route.refuse ? route.refuse(res) : sendJson(res, 401, NOT_SIGNED_IN);
    return route.handle(req, res, { url, path, params, session });
  }

  const { server, ...listener } = createListener(handle);

  // the websockets on /wss/v1/: graphql-ws and the spec's live updates, authenticated by the session (ws-upgrade.ts)
  const websockets = serveWebsockets(server, {
    db,
    database,
    serv,
    sessionFor,
    draining: () => draining,
    keepAliveMs: options.websocketKeepAliveMs,
    stream: { documentModels: streamDocumentModels, sharedBuilds: db.kind === "postgres" },
  });

  const { url, port } = await listener.listen(options.port ?? 0, options.host ?? "127.0.0.1");

  // Background runners: each runs in the one process that holds its lock (sync/runners/registry.ts); a process that
  // takes a lock over (its holder died) runs that runner's backlog at once.
  const mailRunner = mailDelivery({
    db,
    origin: options.publicUrl ?? url,
    smtpUrl: options.smtpUrl ?? null,
    mailFrom: options.mailFrom ?? null,
    log: options.mailLog ?? (mode === "test" ? () => {} : undefined),
    logFile: options.mailLogFile ?? null,
  });
  await prepareWebhooks(db, { production });
  const webhooks = webhookDeliveries({ db, publicOnly: production, ...options.webhooks });
  const runnerList = [mailRunner, chain.jobs, payments.runner, signing.runner, changeCompaction(db), webhooks];
  listenedChannels = runnerChannels(runnerList);
  const started = await startRunners(runnerList, {
    locks,
    subscriber: database.pgService.pgSubscriber,
    announce: db.kind === "postgres",
  });
  runners = started;
  const mail = mailRelay(db, { run: () => started.run("mail"), close: async () => {} }, () => locks.holds("mail"));

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    db,
    seeded,
    mail,
    chain,
    payments: { provider: payments.provider, runDue: () => started.run("payments") },
    signing: { key: signing.key, runDue: () => started.run("signing") },
    webhooks: { runDue: () => started.run("webhooks") },
    routes: routes.routes,
    websocketBacklog: () => websockets.backlog(),
    close() {
      closing ??= (async () => {
        // 1. stop accepting: /readyz answers 503, new connections and websocket upgrades are refused, idle
        //    keep-alive connections close; requests in flight (a command batch) finish and are answered
        draining = true;
        const { closed } = await listener.drain(options.drainMs ?? 8_000);
        // 2. every websocket is closed with a reason that tells its client to reconnect (to another process)
        await websockets.closeSockets();
        // 3. background work stops (another process takes its runners over), then the database
        await statistics?.stop();
        await started.close();
        await websockets.stop();
        listener.destroyConnections();
        await closed;
        await pgl.release(); // also releases serv
        storage.close();
        await database.close();
      })();
      return closing;
    },
  };
}
