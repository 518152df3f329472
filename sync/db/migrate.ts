// Brings a database up to date in one transaction under an advisory lock:
// 1. the pending migrations, sync/migrations/NNNN_name.sql in filename order, each once, recorded in
//    app_private.migrations. An applied file whose checksum changed is refused: migrations are history (tables and
//    data changes), fix forward with a new file instead.
// 2. the code files, sync/database/<domain>/NN_name.sql (functions, views, policies, triggers), in path order, each
//    whenever its checksum differs from the one recorded in app_private.code_files. A code file is written to be
//    re-applied (`create or replace function`, `drop policy if exists ...; create policy`, `create or replace
//    trigger`), so it is the one place its objects are defined.
// Either everything applies or nothing does.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Sql } from "./database.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations/", import.meta.url));
export const CODE_DIR = fileURLToPath(new URL("../database/", import.meta.url));

// Any fixed number: every process that migrates the same database serialises on it.
const MIGRATION_LOCK = 7_231_001;

interface SqlFile {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedFile {
  name: string;
  checksum: string;
}

/**
 * Applies the pending migrations of `dir`, then the changed code files of `codeDir` (by default the project's
 * when `dir` is the project's, none otherwise), and returns the names it applied: migrations first, then code files
 * by their path under `codeDir` (empty when up to date).
 */
export async function migrate(
  db: Database,
  dir: string = MIGRATIONS_DIR,
  codeDir: string | null = dir === MIGRATIONS_DIR ? CODE_DIR : null,
): Promise<string[]> {
  const migrations = await readMigrationFiles(dir);
  const codeFiles = codeDir ? await readCodeFiles(codeDir) : [];
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec(`
      create schema if not exists app_private;
      create table if not exists app_private.migrations (
        name text primary key,
        checksum text not null,
        applied_on timestamptz not null default now()
      );
      create table if not exists app_private.code_files (
        name text primary key,
        checksum text not null,
        applied_on timestamptz not null default now()
      );`);

    const applied: string[] = [];
    const migrated = await appliedFiles(tx, "migrations");
    for (const file of migrations) {
      const previous = migrated.get(file.name);
      if (previous !== undefined) {
        if (previous !== file.checksum) {
          throw new Error(
            `Migration ${file.name} was changed after it was applied (checksum ${previous} in the database, ${file.checksum} on disk). Add a new migration instead.`,
          );
        }
        continue;
      }
      await run(tx, `Migration ${file.name}`, file.sql);
      await tx.query("insert into app_private.migrations (name, checksum) values ($1, $2)", [file.name, file.checksum]);
      applied.push(file.name);
    }

    const current = await appliedFiles(tx, "code_files");
    for (const file of codeFiles) {
      if (current.get(file.name) === file.checksum) continue;
      await run(tx, `Code file ${file.name}`, file.sql);
      await tx.query(
        `insert into app_private.code_files (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_on = now()`,
        [file.name, file.checksum],
      );
      applied.push(file.name);
    }
    return applied;
  });
}

async function run(tx: Sql, what: string, sql: string): Promise<void> {
  try {
    await tx.exec(sql);
  } catch (error) {
    throw new Error(`${what} failed: ${(error as Error).message}`, { cause: error });
  }
}

async function readFiles(dir: string, names: string[]): Promise<SqlFile[]> {
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

async function readMigrationFiles(dir: string): Promise<SqlFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return readFiles(dir, names);
}

/** The code files under `dir` by their path relative to it (`read-models/10_holdings.sql`), in path order. */
export async function readCodeFiles(dir: string = CODE_DIR): Promise<SqlFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const names = entries
    .map((name) => name.split("\\").join("/"))
    .filter((name) => /^[\w-]+\/\d{2}_[\w-]+\.sql$/.test(name))
    .sort();
  return readFiles(dir, names);
}

async function appliedFiles(tx: Sql, table: "migrations" | "code_files"): Promise<Map<string, string>> {
  const { rows } = await tx.query<AppliedFile>(`select name, checksum from app_private.${table}`);
  return new Map(rows.map((row) => [row.name, row.checksum]));
}
