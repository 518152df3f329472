// Opens the server's database: embedded PGlite (persisted in a data directory, or in memory for tests) by default,
// a pg Pool when DATABASE_URL is set. Returns the Database the server code uses and the PostGraphile service.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { makePgService } from "postgraphile/adaptors/pg";
import { type Database, wrapPglite, wrapPool } from "./database.ts";
import { makePgliteService } from "./pglite-adaptor.ts";

export type PgSettingsFn = (requestContext: Grafast.RequestContext) => Record<string, string | undefined>;

export interface OpenOptions {
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** PGlite data directory; null or undefined keeps the database in memory. */
  dataDir?: string | null;
  schemas: string[];
  pgSettings: PgSettingsFn;
}

export type PgService = NonNullable<GraphileConfig.Preset["pgServices"]>[number];

export interface OpenDatabase {
  db: Database;
  pgService: PgService;
  /** Releases the PostGraphile service (its subscriber and pool) and closes the database. */
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  const { databaseUrl, dataDir, schemas, pgSettings } = options;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
  const pglite = await PGlite.create(dataDir ?? undefined);
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
