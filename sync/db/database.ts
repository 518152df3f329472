// One small interface over both databases the server runs on: embedded PGlite (default) and PostgreSQL
// (DATABASE_URL). Migrations, seeds and tests use it; PostGraphile gets its own adaptor (pglite-adaptor.ts).
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

interface QueryResult<T> {
  rows: T[];
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements with no parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function wrapPglite(db: PGlite): Database & { pglite: PGlite } {
  return {
    kind: "pglite",
    pglite: db,
    async query<T>(text: string, params?: unknown[]) {
      const result = await db.query<T>(text, params);
      return { rows: result.rows };
    },
    async exec(text: string) {
      await db.exec(text);
    },
    transaction<T>(fn: (tx: Sql) => Promise<T>) {
      return db.transaction((tx) =>
        fn({
          async query<R>(text: string, params?: unknown[]) {
            const result = await tx.query<R>(text, params);
            return { rows: result.rows };
          },
          async exec(text: string) {
            await tx.exec(text);
          },
        }),
      );
    },
    close: () => db.close(),
  };
}

export function wrapPool(pool: pg.Pool): Database & { pool: pg.Pool } {
  const clientSql = (client: pg.PoolClient | pg.Pool): Sql => ({
    async query<R>(text: string, params?: unknown[]) {
      const result = await client.query(text, params as unknown[]);
      return { rows: result.rows as R[] };
    },
    async exec(text: string) {
      await client.query(text);
    },
  });
  return {
    kind: "postgres",
    pool,
    ...clientSql(pool),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) => poolTransaction(pool, (client) => fn(clientSql(client))),
    close: () => pool.end(),
  };
}

/** Runs fn on one connection of the pool between begin and commit; rolls back when fn throws. */
export async function poolTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Applies a request's settings (role, claims) for the rest of the transaction, like SET LOCAL, in one statement; its
 * one parameter is settingsParameter(settings). Used by every path that runs SQL as a session: PostGraphile's PGlite
 * adaptor, the held transactions of the command endpoint, the pull endpoint.
 */
export const SET_LOCAL_SETTINGS = "select set_config(el->>0, el->>1, true) from json_array_elements($1::json) el";

/** The parameter of SET_LOCAL_SETTINGS: the settings that have a value, as a JSON array of [name, value]. */
export function settingsParameter(settings: Record<string, string | null | undefined>): string {
  return JSON.stringify(Object.entries(settings).filter((entry) => entry[1] != null));
}

// SQLSTATE classes that say nothing about the statement itself: connection, resources, shutdown, serialization.
const TRANSIENT_SQLSTATE = /^(08|53|57|58|40)/;

/** The error's SQLSTATE, when it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** A failure of the database or the connection to it (try again later), not of the request. */
export function isTransientDatabaseError(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return TRANSIENT_SQLSTATE.test(state);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ...
  const message = error instanceof Error ? error.message : String(error);
  return /closed|terminat|connection|not running|ECONN/i.test(message);
}
