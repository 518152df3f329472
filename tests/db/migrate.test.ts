// The migration runner: migrations ordered, once each, recorded with checksums, a changed applied file refused;
// code files (sync/database) applied after them whenever their content changed; everything in one transaction.
// On PGlite and, when installed, a real PostgreSQL.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { CODE_DIR, MIGRATIONS_DIR, migrate, readCodeFiles } from "../../sync/db/migrate.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const projectMigrations = readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
  .sort();

const projectCodeFiles = (await readCodeFiles()).map((file) => file.name);

function tempMigrations(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), sql);
  }
  return dir;
}

async function withDb<T>(create: () => Promise<Database>, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await create();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe.each(testTargets)("migrate on $name", (target) => {
  it("applies every project migration once, in filename order, then every code file, and records name, sha256 and time", async () => {
    await withDb(target.createEmpty, async (db) => {
      expect(projectCodeFiles.length).toBeGreaterThan(0);
      const applied = await migrate(db);
      expect(applied).toEqual([...projectMigrations, ...projectCodeFiles]);

      const { rows } = await db.query<{ name: string; checksum: string; applied_on: unknown }>(
        "select name, checksum, applied_on from app_private.migrations order by name",
      );
      expect(rows.map((row) => row.name)).toEqual(projectMigrations);
      for (const row of rows) {
        const sql = readFileSync(join(MIGRATIONS_DIR, row.name), "utf8");
        expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
        expect(row.applied_on).not.toBeNull();
      }

      const code = await db.query<{ name: string; checksum: string }>(
        "select name, checksum from app_private.code_files order by name",
      );
      expect(code.rows.map((row) => row.name)).toEqual(projectCodeFiles);
      for (const row of code.rows) {
        const sql = readFileSync(join(CODE_DIR, row.name), "utf8");
        expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      }

      // Every function (definition and grants), policy and trigger, as the catalogs print them.
      const objects = () =>
        db.query<{ definition: string }>(
          `select p.oid::regprocedure::text || ' ' || pg_get_functiondef(p.oid) || coalesce(p.proacl::text, '') as definition
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('app_public', 'app_private')
           union all
           select concat_ws(' ', schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check)
             from pg_policies
           union all
           select pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
           order by 1`,
        );
      const before = await objects();
      expect(await migrate(db)).toEqual([]);
      const again = await db.query<{ n: number }>("select count(*)::int as n from app_private.migrations");
      expect(again.rows[0]?.n).toBe(projectMigrations.length);
      expect(await objects()).toEqual(before);

      // Every project code file applied again over its own objects leaves them as they were.
      await db.query("delete from app_private.code_files");
      expect(await migrate(db)).toEqual(projectCodeFiles);
      expect(await objects()).toEqual(before);
    });
  });

  it("re-applies a code file whose content changed, and only that one, idempotently", async () => {
    const dir = tempMigrations({ "0001_table.sql": "create table public.t1 (id int);" });
    const code = tempMigrations({
      "alpha/10_one.sql": "create or replace function public.one() returns int language sql as 'select 1';",
      "alpha/20_view.sql": "create or replace view public.v1 as select id from public.t1;",
      "beta/10_policy.sql":
        "alter table public.t1 enable row level security;\ndrop policy if exists t1_all on public.t1;\ncreate policy t1_all on public.t1 using (id > 0);",
      "README.md": "not a code file",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        expect(await migrate(db, dir, code)).toEqual([
          "0001_table.sql",
          "alpha/10_one.sql",
          "alpha/20_view.sql",
          "beta/10_policy.sql",
        ]);
        expect(await migrate(db, dir, code)).toEqual([]);
        // Applying a file again over its own objects is harmless (what happens when its content changes).
        await db.query("delete from app_private.code_files");
        expect(await migrate(db, dir, code)).toHaveLength(3);

        writeFileSync(
          join(code, "alpha/10_one.sql"),
          "create or replace function public.one() returns int language sql as 'select 2';",
        );
        expect(await migrate(db, dir, code)).toEqual(["alpha/10_one.sql"]);
        const { rows } = await db.query<{ one: number }>("select public.one() as one");
        expect(rows[0]?.one).toBe(2);
        const policies = await db.query<{ n: number }>(
          "select count(*)::int as n from pg_policies where tablename = 't1'",
        );
        expect(policies.rows[0]?.n).toBe(1);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(code, { recursive: true, force: true });
    }
  });

  it("applies the pending migrations and code files in one transaction: a failing code file leaves no trace", async () => {
    const dir = tempMigrations({ "0001_table.sql": "create table public.t1 (id int);" });
    const code = tempMigrations({
      "alpha/10_broken.sql": "create or replace view public.v1 as select nothing from public.t1;",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        await expect(migrate(db, dir, code)).rejects.toThrow(/Code file alpha\/10_broken\.sql failed: .*nothing/);
        const tables = await db.query<{ name: string | null }>("select to_regclass('public.t1')::text as name");
        expect(tables.rows[0]?.name).toBeNull();
        writeFileSync(
          join(code, "alpha/10_broken.sql"),
          "create or replace view public.v1 as select id from public.t1;",
        );
        expect(await migrate(db, dir, code)).toEqual(["0001_table.sql", "alpha/10_broken.sql"]);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(code, { recursive: true, force: true });
    }
  });

  it("refuses to run when an applied migration was changed", async () => {
    const dir = tempMigrations({ "0001_first.sql": "create table public.t1 (id int);" });
    try {
      await withDb(target.createEmpty, async (db) => {
        expect(await migrate(db, dir)).toEqual(["0001_first.sql"]);
        writeFileSync(join(dir, "0001_first.sql"), "create table public.t1 (id bigint);");
        await expect(migrate(db, dir)).rejects.toThrow(/0001_first\.sql was changed after it was applied/);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs the pending files in one transaction: a failing file leaves no trace, nor do the files before it", async () => {
    const dir = tempMigrations({
      "0001_ok.sql": "create table public.kept (id int);",
      "0002_broken.sql": "create table public.half_done (id int);\nselect * from public.no_such_table;",
      "0003_later.sql": "create table public.later (id int);",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        await expect(migrate(db, dir)).rejects.toThrow(/Migration 0002_broken\.sql failed: .*no_such_table/);
        const { rows } = await db.query<{ name: string | null }>(
          "select to_regclass('app_private.migrations')::text as name",
        );
        expect(rows[0]?.name).toBeNull();
        const tables = await db.query<{ name: string | null }>(
          `select to_regclass('public.kept')::text as name union all select to_regclass('public.half_done')::text
           union all select to_regclass('public.later')::text`,
        );
        expect(tables.rows.map((row) => row.name)).toEqual([null, null, null]);

        writeFileSync(join(dir, "0002_broken.sql"), "create table public.half_done (id int);");
        expect(await migrate(db, dir)).toEqual(["0001_ok.sql", "0002_broken.sql", "0003_later.sql"]);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ignores files that are not NNNN_name.sql", async () => {
    const dir = tempMigrations({
      "0001_real.sql": "create table public.real_one (id int);",
      "README.md": "not sql",
      "draft.sql": "select * from nowhere;",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        expect(await migrate(db, dir)).toEqual(["0001_real.sql"]);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
