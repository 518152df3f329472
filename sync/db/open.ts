// Opens the server's database: embedded PGlite (persisted in a data directory, or in memory for tests) by default,
// a pg Pool when DATABASE_URL is set. Returns the Database the server code uses and the PostGraphile service.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import pg from "pg";
import { makePgService, PgSubscriber } from "postgraphile/adaptors/pg";
import { type Database, wrapPglite, wrapPool } from "./database.ts";
import { ENCRYPTION_KEY_SETTING, resolveEncryptionKey } from "./encryption-key.ts";
import { makePgliteService } from "./pglite-adaptor.ts";
import { advisoryRunnerLocks, type RunnerLocks, singleProcessLocks } from "./runner-locks.ts";

type PgSettingsFn = (requestContext: Grafast.RequestContext) => Record<string, string | undefined>;

interface OpenOptions {
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** A direct session connection to the primary for LISTEN and the runner locks; default databaseUrl. */
  databaseDirectUrl?: string | null;
  /** How this process names itself to PostgreSQL (application_name, seen in pg_stat_activity). */
  applicationName?: string;
  /** How often the runner locks another process holds are tried again (ms). */
  runnerLockRetryMs?: number;
  /** PGlite data directory; null or undefined keeps the database in memory. */
  dataDir?: string | null;
  schemas: string[];
  pgSettings: PgSettingsFn;
}

type PgService = NonNullable<GraphileConfig.Preset["pgServices"]>[number];

export interface OpenDatabase {
  db: Database;
  pgService: PgService;
  /** Which background runners this process leads (sync/db/runner-locks.ts). */
  locks: RunnerLocks;
  /**
   * Whether the LISTEN connection is up and listens on every one of these channels (readiness); always true on the
   * embedded database.
   */
  listening(channels: readonly string[]): Promise<boolean>;
  /** Releases the PostGraphile service (its subscriber and pool) and closes the database. */
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  const { databaseUrl, dataDir, schemas, pgSettings } = options;
  const applicationName = options.applicationName ?? `ledgerline ${process.pid}`;
  // Every connection carries the answers' encryption key as a setting (never stored in a table): 0441.
  const encryptionKey = resolveEncryptionKey({ dataDir });
  const setKey = `select set_config('${ENCRYPTION_KEY_SETTING}', $1, false)`;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, application_name: applicationName });
    pool.on("connect", (client) => {
      client.query(setKey, [encryptionKey]).catch((error) => console.error("encryption key not set:", error.message));
      // No JIT compilation: PostgreSQL compiles a statement whose plan it estimates costly (jit_above_cost), and the
      // generic plans of the read models' builders over an array of ids are estimated so; compiling took about 0.7 s
      // of a stream build that runs in 17 ms without it (docs/SERVER.md "No JIT"). Every statement here is a short
      // one, where JIT only costs.
      client.query("set jit = off").catch((error) => console.error("jit not turned off:", error.message));
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (error) => console.error("postgres pool error:", error.message));
    const db = wrapPool(pool);
    // One dedicated LISTEN connection per process, on its own pool of one, straight to the primary: a
    // transaction-mode pooler never delivers notifications, and a hot standby cannot LISTEN. Every process hears
    // every change (NOTIFY app_changes, mail_outbox, chain_jobs, payment_jobs).
    const directUrl = options.databaseDirectUrl ?? databaseUrl;
    const listenPool = new pg.Pool({
      connectionString: directUrl,
      max: 1,
      application_name: `${applicationName} listen`,
      idleTimeoutMillis: 0,
    });
    listenPool.on("error", (error) => console.error("postgres listen connection error:", error.message));
    const pgSubscriber = new PgSubscriber(listenPool);
    const pgService = makePgService({ pool, schemas, pgSettings, pgSettingsKey: "pgSettings", pgSubscriber });
    const locks = advisoryRunnerLocks({
      connectionString: directUrl,
      applicationName: `${applicationName} runners`,
      retryMs: options.runnerLockRetryMs,
    });
    return {
      db,
      pgService,
      locks,
      async listening(channels) {
        // the subscriber's client (null while it reconnects), asked what it listens on: after a lost connection the
        // subscriber connects again at once, but each channel only once its subscription is made again
        const client = (pgSubscriber as unknown as { listeningClient: pg.PoolClient | null }).listeningClient;
        if (!client) return false;
        try {
          const { rows } = await client.query<{ channel: string }>("select pg_listening_channels() as channel");
          const listened = new Set(rows.map((row) => row.channel));
          return channels.every((channel) => listened.has(channel));
        } catch {
          return false;
        }
      },
      async close() {
        await locks.close();
        await pgService.release?.();
        pgSubscriber.release();
        await listenPool.end().catch(() => {});
        await pool.end();
      },
    };
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? undefined, { extensions: { pgcrypto } });
  await pglite.query(setKey, [encryptionKey]);
  const db = wrapPglite(pglite);
  const pgService = makePgliteService({ pglite, schemas, pgSettings, pgSettingsKey: "pgSettings" });
  return {
    db,
    pgService,
    locks: singleProcessLocks(),
    listening: async () => true,
    async close() {
      await pgService.release?.();
      await pglite.close();
    },
  };
}
