// One database transaction held open by the command endpoint, so a command's mutation and its command-log row
// commit together. PostGraphile reaches the database through `withPgClient`; here every withPgClient call of the
// command's execution runs inside the held transaction (its own work inside a savepoint), never in a new one.
// Works on both databases: a PGlite transaction (one session, every query in turn) or one checked-out pg client.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { PgClient, PgClientQuery, PgClientResult, WithPgClient } from "postgraphile/@dataplan/pg";
import { type Database, poolTransaction, SET_LOCAL_SETTINGS, settingsParameter } from "../db/database.ts";
import { int8AsText } from "../db/pglite-adaptor.ts";

interface HeldTransaction {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Runs statements without parameters in one round trip (e.g. `release savepoint a; savepoint a`). */
  exec(text: string): Promise<void>;
  /** Runs fn inside a savepoint: its writes are undone when it throws, and the transaction stays usable. */
  savepoint<T>(fn: () => Promise<T>): Promise<T>;
  /** PostGraphile's view of this transaction (settings are applied once, when the transaction starts). */
  withPgClient: WithPgClient;
}

type RawQuery = (
  text: string,
  values: unknown[],
  arrayMode: boolean,
) => Promise<{ rows: unknown[]; rowCount: number | null }>;

type RawExec = (text: string) => Promise<void>;

// int8 columns come back as text, as from node-postgres (int8AsText, sync/db/pglite-adaptor.ts).

function held(raw: RawQuery, rawExec: RawExec): HeldTransaction {
  let depth = 0;
  // Statements of one command may be issued concurrently by grafast; a savepoint must not interleave with them.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => {});
    return result;
  };
  const savepoint = async <T>(fn: () => Promise<T>): Promise<T> => {
    const name = `ll_cmd_${depth++}`;
    await raw(`savepoint ${name}`, [], false);
    try {
      const result = await fn();
      await raw(`release savepoint ${name}`, [], false);
      return result;
    } catch (error) {
      await raw(`rollback to savepoint ${name}`, [], false);
      throw error;
    } finally {
      depth--;
    }
  };
  const client: PgClient = {
    query<TData>({ text, values, arrayMode }: PgClientQuery): Promise<PgClientResult<TData>> {
      return serial(async () => {
        const result = await raw(text, values ?? [], arrayMode ?? false);
        return { rows: result.rows as TData[], rowCount: result.rowCount };
      });
    },
    withTransaction<T>(callback: (client: PgClient) => Promise<T>): Promise<T> {
      return savepoint(() => callback(client));
    },
  };
  const withPgClient: WithPgClient = async (_pgSettings, callback) => callback(client);
  return {
    async query<T>(text: string, values: unknown[] = []) {
      return (await serial(() => raw(text, values, false))).rows as T[];
    },
    exec: (text: string) => serial(() => rawExec(text)),
    savepoint,
    withPgClient,
  };
}

function pgliteRaw(tx: Transaction): RawQuery {
  return async (text, values, arrayMode) => {
    const result = await tx.query<Record<string, unknown>>(
      text,
      values,
      arrayMode ? { rowMode: "array" as const } : undefined,
    );
    int8AsText(result, arrayMode);
    return { rows: result.rows, rowCount: result.affectedRows ?? null };
  };
}

function pgliteExec(tx: Transaction): RawExec {
  return async (text) => {
    await tx.exec(text);
  };
}

function pgExec(client: pg.PoolClient): RawExec {
  return async (text) => {
    await client.query(text);
  };
}

function pgRaw(client: pg.PoolClient): RawQuery {
  return async (text, values, arrayMode) => {
    const result = arrayMode
      ? await client.query({ text, values, rowMode: "array" })
      : await client.query({ text, values });
    return { rows: result.rows, rowCount: result.rowCount };
  };
}

/**
 * Runs fn in one transaction with the request's settings (role app_user and the session's claims) applied
 * transaction-locally. Commits when fn resolves, rolls back when it throws.
 */
export async function inTransaction<T>(
  db: Database,
  settings: Record<string, string | undefined>,
  fn: (tx: HeldTransaction) => Promise<T>,
): Promise<T> {
  if (db.kind === "pglite") {
    const pglite = (db as Database & { pglite: PGlite }).pglite;
    return pglite.transaction(async (tx) => {
      await tx.query(SET_LOCAL_SETTINGS, [settingsParameter(settings)]);
      return fn(held(pgliteRaw(tx), pgliteExec(tx)));
    });
  }
  const pool = (db as Database & { pool: pg.Pool }).pool;
  return poolTransaction(pool, async (client) => {
    await client.query(SET_LOCAL_SETTINGS, [settingsParameter(settings)]);
    return fn(held(pgRaw(client), pgExec(client)));
  });
}
