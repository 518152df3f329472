// One-off generator of sync/migrations/0000_baseline.sql (issue 14, the baseline squash); kept in git history, not in
// the tree. Usage: node bench/make-baseline.ts <dir holding the squashed migrations 0001-0900> <output file>
// 1. A throwaway PostgreSQL 15 cluster (pg_dump 15 refuses PGlite's newer server) migrated with the 69 files.
// 2. Every code object dropped: policies, views, triggers other than the helper-made ones, then (RESTRICT, so an
//    unexpected dependent fails loudly) every function of app_public/app_private but the early ones of
//    sync/database/schema/.
// 3. pg_dump of app_public and app_private with --inserts (COPY FROM stdin cannot be fed through PGlite's exec or
//    node-postgres), the early functions and the default ACL taken out of the archive's list.
// 4. Post-processing: no SET lines, no session-level search_path, no \restrict meta-commands, schemas created if
//    missing, 0441's conditional pgcrypto first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { wrapPool } from "../sync/db/database.ts";
import { migrate } from "../sync/db/migrate.ts";
import { startPgCluster } from "../tests/helpers/pg-cluster.ts";

const [source, output] = process.argv.slice(2);
if (!source || !output) throw new Error("usage: node bench/make-baseline.ts <migrations dir> <output file>");

const EARLY_FUNCTIONS = [
  ...["can_write", "current_account_id", "current_account_role", "current_account_type", "current_session_id"],
  ...["current_user_id", "add_text_limit", "add_timestamps", "add_viewer_guard", "add_write_guard", "check_date"],
  ...["check_decimal", "decimal_bound_text", "money_ok", "percent_ok", "price_ok", "replicate", "signed_units_ok"],
  ...["text_label", "text_limit", "text_too_long", "tg__append_only", "tg__guard_write", "tg__refuse_viewer"],
  ...["tg__timestamps", "units_ok", "years_ok"],
];
const HELPER_TRIGGERS = ["_100_timestamps", "_050_guard_write", "_010_append_only"];

const cluster = await startPgCluster();
const work = mkdtempSync(join(tmpdir(), "ledgerline-baseline-"));
try {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query("create database baseline");
  await admin.end();
  const pool = new pg.Pool({ connectionString: cluster.urlFor("baseline"), max: 1 });
  const db = wrapPool(pool);
  const applied = await migrate(db, source, null);
  if (applied.length !== 69) throw new Error(`expected 69 migrations, applied ${applied.length}`);
  await db.transaction(async (tx) => {
    const statements = async (sql: string, params?: unknown[]) =>
      (await tx.query<{ s: string }>(sql, params)).rows.map((row) => row.s);
    for (const s of await statements(
      "select format('drop policy %I on %I.%I', policyname, schemaname, tablename) as s from pg_policies",
    ))
      await tx.exec(s);
    for (const s of await statements(
      "select format('drop view if exists %I.%I cascade', schemaname, viewname) as s from pg_views where schemaname in ('app_public', 'app_private')",
    ))
      await tx.exec(s);
    for (const s of await statements(
      "select format('drop trigger %I on %s', t.tgname, t.tgrelid::regclass) as s from pg_trigger t where not t.tgisinternal and t.tgname <> all ($1)",
      [HELPER_TRIGGERS],
    ))
      await tx.exec(s);
    for (const s of await statements(
      `select format('drop function %s restrict', p.oid::regprocedure) as s
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('app_public', 'app_private')
          and not (n.nspname = 'app_private' and p.proname = any ($1))
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
      [EARLY_FUNCTIONS],
    ))
      await tx.exec(s);
    const { rows } = await tx.query<{ n: number }>(
      "select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('app_public', 'app_private')",
    );
    if (rows[0]?.n !== 28) throw new Error(`expected the 28 early functions to remain, found ${rows[0]?.n}`);
  });
  await db.close();

  const bin = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
  const archive = join(work, "base.dump");
  execFileSync(join(bin, "pg_dump"), [
    ...["-Fc", "--inserts", "--rows-per-insert=100", "--schema=app_public", "--schema=app_private", "--no-owner"],
    ...["--no-tablespaces", "--no-security-labels", "--no-publications", "--no-subscriptions"],
    ...["--exclude-table=app_private.migrations", "--exclude-table=app_private.code_files"],
    ...["-f", archive, cluster.urlFor("baseline")],
  ]);
  const list = execFileSync(join(bin, "pg_restore"), ["-l", archive], { encoding: "utf8" })
    .split("\n")
    .filter((line) => !/ FUNCTION |DEFAULT ACL/.test(line))
    .join("\n");
  writeFileSync(join(work, "toc"), list);
  const raw = execFileSync(join(bin, "pg_restore"), ["-O", "-L", join(work, "toc"), "-f", "-", archive], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const body = raw
    .split("\n")
    .filter((line) => !/^SET /.test(line))
    .filter((line) => line !== "SELECT pg_catalog.set_config('search_path', '', false);")
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .map((line) => line.replace(/^CREATE SCHEMA (app_public|app_private);$/, "create schema if not exists $1;"))
    .join("\n");
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const header = `-- The baseline: the tables, data, grants, comments and helper-made triggers of migrations 0001-0900 (squashed
-- into this file, their names and checksums in squashed.json), generated at commit ${commit.slice(0, 12)} by
-- bench/make-baseline.ts (in git history) with pg_dump 15. Never edit: it is checksummed like every migration.
-- Functions, views, policies and the other triggers live in the code files (sync/database/).
do $$ begin if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pgcrypto') then create extension if not exists pgcrypto with schema public; end if; end $$;
`;
  writeFileSync(output, header + body);
  console.log(`wrote ${output}`);
} finally {
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
