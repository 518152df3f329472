// Opens the server's database: embedded PGlite (persisted in a data directory, or in memory for tests) by default,
// a pg Pool when DATABASE_URL is set. Returns the Database the server code uses and the PostGraphile service.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import pg from "pg";
import { makePgService } from "postgraphile/adaptors/pg";
import { type Database, wrapPglite, wrapPool } from "./database.ts";
import { ENCRYPTION_KEY_SETTING, resolveEncryptionKey } from "./encryption-key.ts";
import { makePgliteService } from "./pglite-adaptor.ts";

type PgSettingsFn = (requestContext: Grafast.RequestContext) => Record<string, string | undefined>;

interface OpenOptions {
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** PGlite data directory; null or undefined keeps the database in memory. */
  dataDir?: string | null;
  schemas: string[];
  pgSettings: PgSettingsFn;
}

type PgService = NonNullable<GraphileConfig.Preset["pgServices"]>[number];

interface OpenDatabase {
  db: Database;
  pgService: PgService;
  /** Releases the PostGraphile service (its subscriber and pool) and closes the database. */
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  const { databaseUrl, dataDir, schemas, pgSettings } = options;
  // Every connection carries the answers' encryption key as a setting (never stored in a table): 0441.
  const encryptionKey = resolveEncryptionKey({ dataDir });
  const setKey = `select set_config('${ENCRYPTION_KEY_SETTING}', $1, false)`;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on("connect", (client) => {
      client.query(setKey, [encryptionKey]).catch((error) => console.error("encryption key not set:", error.message));
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (error) => console.error("postgres pool error:", error.message));
    const db = wrapPool(pool);
    const pgService = makePgService({ pool, schemas, pgSettings, pgSettingsKey: "pgSettings" });
    return {
      db,
      pgService,
      async close() {
        await pgService.release?.();
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
    async close() {
      await pgService.release?.();
      await pglite.close();
    },
  };
}
