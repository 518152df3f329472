// The HTTP server: GraphQL at /api/v2/graphql, graphql-ws at /wss/v1/, /authenticate/*, and the built PWA.
// startServer() is what `node sync/main.ts` runs and what tests start in-process (port 0, in-memory PGlite).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { postgraphile } from "postgraphile";
import { grafserv } from "postgraphile/grafserv/node";
import { COMMANDS_PATH, GRAPHQL_PATH, PING_PATH, PULL_PATH, WEBSOCKET_PATH } from "../../src/domain/wire.ts";
import type { ChainService, ChainServiceOptions } from "../chain/service.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open.ts";
import { type StatisticsRefresh, startStatisticsRefresh } from "../db/statistics.ts";
import { EXPOSED_SCHEMAS, GRAPHIQL_PATH, makePreset } from "../graphql/preset.ts";
import { attachSession, pgSettingsFromRequestContext } from "../graphql/settings.ts";
import { type MailRelay, startMailRelay } from "../mail/mailer.ts";
import type { PaymentService, PaymentServiceOptions } from "../payments/service.ts";
import { createCommandHandler } from "../replication/commands.ts";
import { startChangeCompaction } from "../replication/compaction.ts";
import { makeStoragePlugin } from "../storage/graphql.ts";
import { openStorage, type StorageSettings, storageSettingsFromEnv } from "../storage/index.ts";
import { handleAuthenticate } from "./auth-routes.ts";
import { readCookie, SESSION_COOKIE, sessionCookie } from "./cookies.ts";
import { EXAMPLES_PATH, handleExample } from "./examples.ts";
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
  payments?: Omit<PaymentServiceOptions, "db" | "notifications">;
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
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open (above the 60 s idle timeout of common load balancers). */
const KEEP_ALIVE_MS = 65_000;

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

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const mode = options.mode ?? "development";
  const production = mode === "production";
  const database = await openDatabase({
    databaseUrl: options.databaseUrl ?? null,
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
  const pgl = postgraphile(
    makePreset({ pgService: database.pgService, production, plugins: [makeStoragePlugin(storage, db)] }),
  );
  const serv = pgl.createServ(grafserv);
  const graphqlHandler = serv.createHandler();
  const upgradeHandler = await serv.getUpgradeHandler();
  const handleCommands = createCommandHandler({ pgl, db, production });
  const handlePull = createPullHandler({ db, production });
  // Superseded change-log rows are deleted every few minutes, so the log stays as large as the documents.
  const compaction = startChangeCompaction(db);
  // PGlite has no autovacuum: the server keeps the planner's statistics fresh itself (sync/db/statistics.ts).
  const statistics: StatisticsRefresh | null = db.kind === "pglite" ? startStatisticsRefresh(db) : null;
  // The chain service: cheap at start (the embedded chain opens on first use); resumes open chain jobs.
  const { startChainService } = await import("../chain/service.ts");
  const chain = await startChainService({
    db,
    ...options.chain,
    notifications: database.pgService.pgSubscriber
      ? await database.pgService.pgSubscriber.subscribe("chain_jobs")
      : null,
  });
  // Payments: the configured provider (built-in by default) and its durable job runner; resumes queued jobs.
  const { startPaymentService } = await import("../payments/service.ts");
  const payments = await startPaymentService({
    db,
    ...options.payments,
    notifications: database.pgService.pgSubscriber
      ? await database.pgService.pgSubscriber.subscribe("payment_jobs")
      : null,
  });
  const distDir = options.distDir ?? "dist";
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
    setSecurityHeaders(res, { csp: !isGraphiql, production, connectOrigins: storage.uploadOrigins });

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
    if (path === COMMANDS_PATH) {
      const session = await sessionFor(req, res);
      if (!session) return sendJson(res, 401, NOT_SIGNED_IN);
      return handleCommands(req, res, session);
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
        authContext,
        await sessionFor(req, res),
      );
    if (chain.isPath(path)) return chain.handle(req, res, path, Boolean(await sessionFor(req, res)));
    if (payments.isPath(path)) return payments.handle(req, res, path);
    if (isReportsPath(path)) return handleReports(req, res, path, { db, session: await sessionFor(req, res) });
    if (path.startsWith(EXAMPLES_PATH)) return handleExample(req, res, path);
    if (path === "/api" || path.startsWith("/api/")) {
      return sendJson(res, 404, { errors: [{ message: "Not found", extensions: { code: "LL404" } }] });
    }
    if (path === "/authenticate" || path.startsWith("/authenticate/")) {
      return handleAuthenticate(req, res, url, authContext, await sessionFor(req, res));
    }
    if (path === "/wss" || path.startsWith("/wss/")) return sendText(res, 426, "Use a websocket (graphql-ws).");
    return serveStatic(req, res, distDir, path);
  }

  const server = createServer((req, res) => {
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

  // Sessions the database ends (a suspended member, an ownership transfer) lose their websockets at once.
  const revocations = startSessionRevocations(
    database.pgService.pgSubscriber ? await database.pgService.pgSubscriber.subscribe(SESSIONS_ENDED_CHANNEL) : null,
  );

  // Websockets authenticate with the session cookie when they connect; the session then holds for the socket.
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if ((path !== WEBSOCKET_PATH && path !== WEBSOCKET_PATH.slice(0, -1)) || !upgradeHandler)
      return refuse("404 Not Found");
    sessionFor(req).then(
      (session) => {
        if (!session) return refuse("401 Unauthorized");
        attachSession(req, session);
        revocations.track(session.sessionId, socket);
        upgradeHandler(req, socket, head);
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
    notifications: subscriber ? await subscriber.subscribe("mail_outbox") : null,
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    db,
    seeded,
    mail,
    chain,
    payments,
    close() {
      closing ??= (async () => {
        compaction.stop();
        await statistics?.stop();
        await mail.stop();
        await revocations.stop();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        await payments.close();
        await chain.close();
        await pgl.release(); // also releases serv
        storage.close();
        await database.close();
      })();
      return closing;
    },
  };
}
