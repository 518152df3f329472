// Brings a database up to date in one transaction under an advisory lock (either everything applies or nothing does):
// 1. the early code files, sync/database/schema/NN_name.sql: the role, default privileges and the functions the
//    schema itself or the migrations need (column defaults, check constraints, the add_* table helpers). They run
//    first, whenever their checksum changed, so the migrations can use them.
// 2. the squashed history (squashed.json beside the migrations): migrations 0001-0900 were replaced by
//    0000_baseline.sql. A database that applied all of them adopts the baseline without running it; one made by the
//    release with 0001-0741 is brought to the baseline's state by bridge-0741.sql; a partial history (an unreleased
//    build) is refused.
// 3. the pending migrations, sync/migrations/NNNN_name.sql in filename order, each once, recorded in
//    app_private.migrations. An applied file whose checksum changed is refused: migrations are history (tables and
//    data changes), fix forward with a new file instead.
// 4. the other code files, sync/database/<domain>/NN_name.sql (functions, views, policies, triggers), each whenever
//    its checksum differs from the one recorded in app_private.code_files, in layer order (the NN prefix, then the
//    path: every 00_ file before every 05_ and 10_ file). A code file is written to be re-applied (`create or replace
//    function`, `drop policy if exists ...; create policy`, `create or replace trigger`), so it is the one place its
//    objects are defined. They are applied twice: first with check_function_bodies off (as pg_dump restores do, so a
//    function may call one defined in a later file), then with it on, which validates every SQL function body.
//    Rows of code files that no longer exist are removed.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Sql } from "./database.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations/", import.meta.url));
export const CODE_DIR = fileURLToPath(new URL("../database/", import.meta.url));

/** The folder of the early code files under the code directory. */
export const EARLY_DIR = "schema";
/** The manifest of the squashed history, beside the migrations. */
export const SQUASH_MANIFEST = "squashed.json";

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

/** squashed.json: the migrations replaced by the baseline, and how a database made by the last release gets there. */
export interface SquashManifest {
  /** The migration that replaced them (0000_baseline.sql). */
  baseline: string;
  /** The squashed migrations, in order, with the sha256 they were applied with. */
  files: { name: string; sha256: string }[];
  /** How many of `files` the previous release applied (its databases hold exactly these). */
  release: number;
  /** The file (not a NNNN_ migration) that brings a database of the previous release to the baseline's state. */
  bridge: string;
  /** A commit that still had the squashed files: it completes a partial history. */
  lastCommitWithFiles: string;
}

/**
 * Applies the early code files of `codeDir`, the pending migrations of `dir` (adopting, bridging or refusing its
 * squashed history), then the changed code files of `codeDir` (by default the project's when `dir` is the
 * project's, none otherwise), and returns the names it applied: early files, the baseline or the bridge, the
 * migrations, then the code files in layer order, by their path under `codeDir` (empty when up to date).
 */
export async function migrate(
  db: Database,
  dir: string = MIGRATIONS_DIR,
  codeDir: string | null = dir === MIGRATIONS_DIR ? CODE_DIR : null,
): Promise<string[]> {
  const migrations = await readMigrationFiles(dir);
  const manifest = await readManifest(dir);
  const allCode = codeDir ? await readCodeFiles(codeDir) : [];
  const early = allCode.filter((file) => file.name.startsWith(`${EARLY_DIR}/`));
  const codeFiles = allCode.filter((file) => !file.name.startsWith(`${EARLY_DIR}/`));
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
      );
      set local check_function_bodies = off;`);

    const applied: string[] = [];
    const current = await appliedFiles(tx, "code_files");
    const appliedEarly: SqlFile[] = [];
    const applyCode = async (files: SqlFile[], force = false) => {
      for (const file of files) {
        if (!force && current.get(file.name) === file.checksum) continue;
        await run(tx, `Code file ${file.name}`, file.sql);
        await recordCodeFile(tx, file);
        current.set(file.name, file.checksum);
        if (!applied.includes(file.name)) applied.push(file.name);
        if (!appliedEarly.includes(file) && file.name.startsWith(`${EARLY_DIR}/`)) appliedEarly.push(file);
      }
    };
    await applyCode(early);

    const migrated = await appliedFiles(tx, "migrations");
    if (manifest && !migrated.has(manifest.baseline)) {
      const step = await reconcileSquashed(tx, dir, manifest, migrated, migrations);
      if (step === "bridge") {
        applied.push(manifest.bridge);
        // The bridge drops every function it does not keep, the early ones excepted by name: a later early file
        // is applied again; every other code file is applied anew.
        await applyCode(early, true);
        await tx.query(`delete from app_private.code_files where name not like '${EARLY_DIR}/%'`);
        for (const name of [...current.keys()]) if (!name.startsWith(`${EARLY_DIR}/`)) current.delete(name);
      }
    }

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
      migrated.set(file.name, file.checksum);
      applied.push(file.name);
    }

    const changed = layerOrder(codeFiles).filter((file) => current.get(file.name) !== file.checksum);
    await applyCode(changed);
    // The second pass, with function bodies checked: a body that does not compile fails here.
    await tx.exec("set local check_function_bodies to default");
    for (const file of [...appliedEarly, ...changed]) await run(tx, `Code file ${file.name}`, file.sql);

    if (codeDir) {
      await tx.query("delete from app_private.code_files where name <> all ($1::text[])", [
        allCode.map((file) => file.name),
      ]);
    }
    return applied;
  });
}

/**
 * A database without the baseline recorded: fresh (the baseline runs as an ordinary pending migration), complete
 * (every squashed migration applied: the baseline is recorded without running), the previous release's (the bridge
 * runs), or partial (refused).
 */
async function reconcileSquashed(
  tx: Sql,
  dir: string,
  manifest: SquashManifest,
  migrated: Map<string, string>,
  migrations: SqlFile[],
): Promise<"fresh" | "adopted" | "bridge"> {
  const recorded = manifest.files.filter((file) => migrated.has(file.name));
  for (const file of recorded) {
    const checksum = migrated.get(file.name);
    if (checksum !== file.sha256) {
      throw new Error(
        `Migration ${file.name} was changed after it was applied (checksum ${checksum} in the database, ${file.sha256} when it was squashed into ${manifest.baseline}).`,
      );
    }
  }
  if (recorded.length === 0) return "fresh";
  const baseline = migrations.find((file) => file.name === manifest.baseline);
  if (!baseline) throw new Error(`${SQUASH_MANIFEST} names ${manifest.baseline}, which is not in ${dir}`);
  const record = async (name: string, checksum: string) => {
    await tx.query("insert into app_private.migrations (name, checksum) values ($1, $2)", [name, checksum]);
    migrated.set(name, checksum);
  };
  const isPrefix = (n: number) => recorded.length === n && recorded.every((file, i) => file === manifest.files[i]);
  if (isPrefix(manifest.files.length)) {
    await record(baseline.name, baseline.checksum);
    return "adopted";
  }
  if (isPrefix(manifest.release)) {
    const [bridge] = await readFiles(dir, [manifest.bridge]);
    if (!bridge) throw new Error(`${manifest.bridge} is missing`);
    await run(tx, `Migration ${bridge.name}`, bridge.sql);
    await record(bridge.name, bridge.checksum);
    await record(baseline.name, baseline.checksum);
    return "bridge";
  }
  const missing = manifest.files.find((file) => !migrated.has(file.name));
  throw new Error(
    `This database applied ${recorded.length} of the ${manifest.files.length} migrations squashed into ${manifest.baseline} (first missing: ${missing?.name}); it was made by an unreleased build. Open it once with commit ${manifest.lastCommitWithFiles}, or recreate it.`,
  );
}

async function recordCodeFile(tx: Sql, file: SqlFile): Promise<void> {
  await tx.query(
    `insert into app_private.code_files (name, checksum) values ($1, $2)
     on conflict (name) do update set checksum = excluded.checksum, applied_on = now()`,
    [file.name, file.checksum],
  );
}

/** Code files by layer (the NN prefix of the file name), then path: `policies/00_rules.sql` before `accounts/10_x.sql`. */
export function layerOrder<T extends { name: string }>(files: T[]): T[] {
  const key = (name: string) => `${name.slice(name.lastIndexOf("/") + 1, name.lastIndexOf("/") + 3)} ${name}`;
  return [...files].sort((a, b) => (key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : 0));
}

async function readManifest(dir: string): Promise<SquashManifest | null> {
  try {
    return JSON.parse(await readFile(join(dir, SQUASH_MANIFEST), "utf8")) as SquashManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
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
