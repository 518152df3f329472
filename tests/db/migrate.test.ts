// The migration runner: early code files (sync/database/schema/) first; the squashed history (squashed.json:
// adopt, bridge or refuse); migrations ordered, once each, recorded with checksums, a changed applied file refused;
// code files (sync/database) applied after them in layer order whenever their content changed, twice (function
// bodies checked on the second pass); everything in one transaction. On PGlite and, when installed, a real
// PostgreSQL.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { CODE_DIR, layerOrder, MIGRATIONS_DIR, migrate, readCodeFiles } from "../../sync/db/migrate.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const projectMigrations = readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
  .sort();

const projectCodeFiles = (await readCodeFiles()).map((file) => file.name);
const projectEarlyFiles = projectCodeFiles.filter((name) => name.startsWith("schema/"));
// The order migrate applies code files in: the early ones, then the others by layer (NN), then path.
const projectCodeOrder = [
  ...projectEarlyFiles,
  ...layerOrder(projectCodeFiles.filter((name) => !name.startsWith("schema/")).map((name) => ({ name }))).map(
    (file) => file.name,
  ),
];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

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
      const searchPath = async () => (await db.query<{ search_path: string }>("show search_path")).rows[0]?.search_path;
      const searchPathBefore = await searchPath();
      const applied = await migrate(db);
      expect(projectMigrations[0]).toBe("0000_baseline.sql");
      expect(applied).toEqual([
        ...projectEarlyFiles,
        ...projectMigrations,
        ...projectCodeOrder.slice(projectEarlyFiles.length),
      ]);

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
      expect(code.rows.map((row) => row.name)).toEqual([...projectCodeFiles].sort());
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
      expect(await migrate(db)).toEqual(projectCodeOrder);
      expect(await objects()).toEqual(before);
      // No setting of the baseline outlives migrate's transaction.
      expect(await searchPath()).toEqual(searchPathBefore);
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
          "beta/10_policy.sql",
          "alpha/20_view.sql",
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
  describe("a squashed history (squashed.json)", () => {
    // Three migrations squashed into a baseline; the "release" applied the first one.
    const OLD = {
      "0001_a.sql": "create table public.a (id int);",
      "0002_b.sql": "create table public.b (id int);",
      "0003_c.sql": "create table public.c (id int);",
    };
    const squashed = (extra: Record<string, string> = {}) =>
      tempMigrations({
        "0000_baseline.sql":
          "create table public.a (id int); create table public.b (id int); create table public.c (id int);",
        "bridge-1.sql": "create table public.b (id int); create table public.c (id int);",
        "0004_later.sql": "create table public.later (id int);",
        "squashed.json": JSON.stringify({
          baseline: "0000_baseline.sql",
          bridge: "bridge-1.sql",
          release: 1,
          lastCommitWithFiles: "abc1234",
          files: Object.entries(OLD).map(([name, sql]) => ({ name, sha256: sha256(sql) })),
        }),
        ...extra,
      });
    const history = (names: (keyof typeof OLD)[], content: Partial<typeof OLD> = {}) =>
      tempMigrations(Object.fromEntries(names.map((name) => [name, content[name] ?? OLD[name]])));
    const tables = async (db: Database) =>
      (
        await db.query<{ name: string }>(
          "select tablename as name from pg_tables where schemaname = 'public' order by 1",
        )
      ).rows.map((row) => row.name);
    const recorded = async (db: Database) =>
      (await db.query<{ name: string }>("select name from app_private.migrations order by name")).rows.map(
        (row) => row.name,
      );

    async function inDirs<T>(dirs: string[], fn: () => Promise<T>): Promise<T> {
      try {
        return await fn();
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    }

    it("runs the baseline on a fresh database", async () => {
      const dir = squashed();
      await inDirs([dir], () =>
        withDb(target.createEmpty, async (db) => {
          expect(await migrate(db, dir)).toEqual(["0000_baseline.sql", "0004_later.sql"]);
          expect(await tables(db)).toEqual(["a", "b", "c", "later"]);
          expect(await migrate(db, dir)).toEqual([]);
        }),
      );
    });

    it("adopts the baseline without running it when every squashed migration was applied", async () => {
      const old = history(["0001_a.sql", "0002_b.sql", "0003_c.sql"]);
      const dir = squashed();
      await inDirs([old, dir], () =>
        withDb(target.createEmpty, async (db) => {
          await migrate(db, old);
          expect(await migrate(db, dir)).toEqual(["0004_later.sql"]);
          expect(await tables(db)).toEqual(["a", "b", "c", "later"]);
          expect(await recorded(db)).toEqual([
            "0000_baseline.sql",
            "0001_a.sql",
            "0002_b.sql",
            "0003_c.sql",
            "0004_later.sql",
          ]);
          expect(await migrate(db, dir)).toEqual([]);
        }),
      );
    });

    it("runs the bridge for a database of the previous release", async () => {
      const old = history(["0001_a.sql"]);
      const dir = squashed();
      await inDirs([old, dir], () =>
        withDb(target.createEmpty, async (db) => {
          await migrate(db, old);
          expect(await migrate(db, dir)).toEqual(["bridge-1.sql", "0004_later.sql"]);
          expect(await tables(db)).toEqual(["a", "b", "c", "later"]);
          expect(await recorded(db)).toEqual(["0000_baseline.sql", "0001_a.sql", "0004_later.sql", "bridge-1.sql"]);
          expect(await migrate(db, dir)).toEqual([]);
        }),
      );
    });

    it("refuses a partial history (an unreleased build) and changes nothing", async () => {
      const old = history(["0001_a.sql", "0002_b.sql"]);
      const dir = squashed();
      await inDirs([old, dir], () =>
        withDb(target.createEmpty, async (db) => {
          await migrate(db, old);
          await expect(migrate(db, dir)).rejects.toThrow(
            "This database applied 2 of the 3 migrations squashed into 0000_baseline.sql (first missing: 0003_c.sql); it was made by an unreleased build. Open it once with commit abc1234, or recreate it.",
          );
          expect(await tables(db)).toEqual(["a", "b"]);
          expect(await recorded(db)).toEqual(["0001_a.sql", "0002_b.sql"]);
        }),
      );
    });

    it("refuses a squashed migration applied with another checksum than the squashed file's", async () => {
      const old = history(["0001_a.sql", "0002_b.sql", "0003_c.sql"], {
        "0002_b.sql": "create table public.b (n int);",
      });
      const dir = squashed();
      await inDirs([old, dir], () =>
        withDb(target.createEmpty, async (db) => {
          await migrate(db, old);
          await expect(migrate(db, dir)).rejects.toThrow(/Migration 0002_b\.sql was changed after it was applied/);
        }),
      );
    });
  });

  it("applies the early files (schema/) before the migrations that use them", async () => {
    const dir = tempMigrations({
      "0001_table.sql": "create table public.t1 (id int default public.next_id(), n int check (public.small(n)));",
    });
    const code = tempMigrations({
      "schema/10_defaults.sql":
        "create or replace function public.next_id() returns int language sql as 'select 7';\ncreate or replace function public.small(n int) returns boolean language sql as 'select n < 10';",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        expect(await migrate(db, dir, code)).toEqual(["schema/10_defaults.sql", "0001_table.sql"]);
        await db.query("insert into public.t1 (n) values (3)");
        const { rows } = await db.query<{ id: number }>("select id from public.t1");
        expect(rows[0]?.id).toBe(7);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(code, { recursive: true, force: true });
    }
  });

  it("applies code files by layer, a function may call one of a later file, and a broken body still fails", async () => {
    const dir = tempMigrations({ "0001_table.sql": "create table public.t1 (id int);" });
    const code = tempMigrations({
      // Path order would put alpha/10 first; layer order puts zeta/00 (the rule it reads) before it.
      "alpha/10_first.sql":
        "create or replace function public.first() returns int language sql as 'select public.later() + public.rule()';",
      "beta/20_later.sql": "create or replace function public.later() returns int language sql as 'select 40';",
      "zeta/00_rule.sql": "create or replace function public.rule() returns int language sql as 'select 2';",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        expect(await migrate(db, dir, code)).toEqual([
          "0001_table.sql",
          "zeta/00_rule.sql",
          "alpha/10_first.sql",
          "beta/20_later.sql",
        ]);
        const { rows } = await db.query<{ n: number }>("select public.first() as n");
        expect(rows[0]?.n).toBe(42);

        // A body naming a function nowhere defined is refused by the second pass, and nothing is kept.
        writeFileSync(
          join(code, "alpha/10_first.sql"),
          "create or replace function public.first() returns int language sql as 'select public.nowhere()';",
        );
        await expect(migrate(db, dir, code)).rejects.toThrow(/Code file alpha\/10_first\.sql failed: .*nowhere/);
        const again = await db.query<{ n: number }>("select public.first() as n");
        expect(again.rows[0]?.n).toBe(42);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(code, { recursive: true, force: true });
    }
  });

  it("forgets code files that no longer exist", async () => {
    const dir = tempMigrations({ "0001_table.sql": "create table public.t1 (id int);" });
    const code = tempMigrations({
      "alpha/10_one.sql": "create or replace function public.one() returns int language sql as 'select 1';",
      "alpha/20_two.sql": "create or replace function public.two() returns int language sql as 'select 2';",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        await migrate(db, dir, code);
        rmSync(join(code, "alpha/20_two.sql"));
        expect(await migrate(db, dir, code)).toEqual([]);
        const { rows } = await db.query<{ name: string }>("select name from app_private.code_files order by name");
        expect(rows.map((row) => row.name)).toEqual(["alpha/10_one.sql"]);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(code, { recursive: true, force: true });
    }
  });
});
