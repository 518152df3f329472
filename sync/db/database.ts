// One small interface over both databases the server runs on: embedded PGlite (default) and PostgreSQL
// (DATABASE_URL). Migrations, seeds and tests use it; PostGraphile gets its own adaptor (pglite-adaptor.ts).
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

export interface QueryResult<T> {
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
    async transaction<T>(fn: (tx: Sql) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(clientSql(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
