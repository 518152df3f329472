// Applies sync/migrations/NNNN_name.sql in filename order, each once and in its own transaction, and records
// them in app_private.migrations. An applied file whose checksum changed is refused: migrations are history,
// fix forward with a new file instead.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Sql } from "./database.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations/", import.meta.url));

// Any fixed number: every process that migrates the same database serialises on it.
const MIGRATION_LOCK = 7_231_001;

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedMigration {
  name: string;
  checksum: string;
}

/** Applies the pending migrations and returns the names it applied (empty when up to date). */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readMigrationFiles(dir);
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec(`
      create schema if not exists app_private;
      create table if not exists app_private.migrations (
        name text primary key,
        checksum text not null,
        applied_on timestamptz not null default now()
      );`);
  });

  const applied: string[] = [];
  for (const file of files) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const previous = await findApplied(tx, file.name);
      if (previous) {
        if (previous.checksum !== file.checksum) {
          throw new Error(
            `Migration ${file.name} was changed after it was applied (checksum ${previous.checksum} in the database, ${file.checksum} on disk). Add a new migration instead.`,
          );
        }
        return false;
      }
      try {
        await tx.exec(file.sql);
      } catch (error) {
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query("insert into app_private.migrations (name, checksum) values ($1, $2)", [file.name, file.checksum]);
      return true;
    });
    if (didApply) applied.push(file.name);
  }
  return applied;
}

async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

async function findApplied(tx: Sql, name: string): Promise<AppliedMigration | undefined> {
  const { rows } = await tx.query<AppliedMigration>(
    "select name, checksum from app_private.migrations where name = $1",
    [name],
  );
  return rows[0];
}
