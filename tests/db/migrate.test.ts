// The migration runner: ordered, once each, recorded with checksums, each file in its own transaction, and a
// changed applied file refused. On PGlite and, when installed, a real PostgreSQL.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { MIGRATIONS_DIR, migrate } from "../../sync/db/migrate.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const projectMigrations = readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
  .sort();

function tempMigrations(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-migrations-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
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
  it("applies every project migration once, in filename order, and records name, sha256 and time", async () => {
    await withDb(target.createEmpty, async (db) => {
      const applied = await migrate(db);
      expect(applied).toEqual(projectMigrations);

      const { rows } = await db.query<{ name: string; checksum: string; applied_on: unknown }>(
        "select name, checksum, applied_on from app_private.migrations order by name",
      );
      expect(rows.map((row) => row.name)).toEqual(projectMigrations);
      for (const row of rows) {
        const sql = readFileSync(join(MIGRATIONS_DIR, row.name), "utf8");
        expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
        expect(row.applied_on).not.toBeNull();
      }

      expect(await migrate(db)).toEqual([]);
      const again = await db.query<{ n: number }>("select count(*)::int as n from app_private.migrations");
      expect(again.rows[0]?.n).toBe(projectMigrations.length);
    });
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

  it("runs each file in its own transaction: a failing file leaves no trace and earlier ones stay", async () => {
    const dir = tempMigrations({
      "0001_ok.sql": "create table public.kept (id int);",
      "0002_broken.sql": "create table public.half_done (id int);\nselect * from public.no_such_table;",
      "0003_later.sql": "create table public.later (id int);",
    });
    try {
      await withDb(target.createEmpty, async (db) => {
        await expect(migrate(db, dir)).rejects.toThrow(/Migration 0002_broken\.sql failed: .*no_such_table/);
        const { rows } = await db.query<{ name: string }>("select name from app_private.migrations order by name");
        expect(rows.map((row) => row.name)).toEqual(["0001_ok.sql"]);
        const tables = await db.query<{ name: string | null }>(
          `select to_regclass('public.kept')::text as name union all select to_regclass('public.half_done')::text
           union all select to_regclass('public.later')::text`,
        );
        expect(tables.rows.map((row) => row.name)).toEqual(["kept", null, null]);

        writeFileSync(join(dir, "0002_broken.sql"), "create table public.half_done (id int);");
        expect(await migrate(db, dir)).toEqual(["0002_broken.sql", "0003_later.sql"]);
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
