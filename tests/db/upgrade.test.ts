// An existing user's embedded data directory upgrades with no loss. The fixtures are PGlite data directories made by
// the real old code (its own migrate, then its own demo seed), tar'd and brotli-compressed (gzip would be 6 MB each:
// most of a data directory is PostgreSQL's catalog and WAL):
// - release-d7495af: the previous release, migrations 0001-0741 and no code files. It opens through
//   sync/migrations/bridge-0741.sql, which carries the data move of 0804 (personal fields into
//   app_private.account_personal_data);
// - main-af3db2d: main just before migrations 0001-0900 were squashed into 0000_baseline.sql, every migration and
//   code file applied. It adopts the baseline without running it.
// Each is opened by the current code: the data is intact, the schema is a fresh database's, and a second migrate
// does nothing. A later PGlite major that cannot open these directories fails here, as it would fail users.
// The fixtures were made with /tmp scripts described in docs/DATABASE.md ("Upgrades").
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { describe, expect, it } from "vitest";
import { wrapPglite } from "../../sync/db/database.ts";
import { ENCRYPTION_KEY_SETTING } from "../../sync/db/encryption-key.ts";
import { layerOrder, migrate, readCodeFiles } from "../../sync/db/migrate.ts";
import { dumpSqlSchema } from "../../sync/db/schema-dump.ts";
import { asAccount, createTestDb } from "../helpers/db.ts";

// The key the fixtures' seed ran with (it seals chain keys; the key itself never lives in the database).
const FIXTURE_ENCRYPTION_KEY = "upgrade-fixture-key";

const TABLES = [
  "app_public.accounts",
  "app_public.users",
  "app_public.users_accounts",
  "app_public.assets",
  "app_public.rounds",
  "app_public.allocations",
  "app_public.distributions",
  "app_public.holdings",
  "app_public.transactions",
  "app_public.ledger_entries",
  "app_public.customers",
  "app_public.documents",
  "app_public.user_emails",
];

type Db = ReturnType<typeof wrapPglite>;

async function open(fixture: string): Promise<Db> {
  const tar = brotliDecompressSync(readFileSync(new URL(`../fixtures/${fixture}`, import.meta.url)));
  const pglite = await PGlite.create({ loadDataDir: new Blob([tar]), extensions: { pgcrypto } });
  await pglite.query("select set_config($1, $2, false)", [ENCRYPTION_KEY_SETTING, FIXTURE_ENCRYPTION_KEY]);
  return wrapPglite(pglite);
}

async function counts(db: Db): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    result[table] = rows[0]?.n ?? -1;
  }
  return result;
}

async function demoInvestorHoldings(db: Db): Promise<unknown[]> {
  const { rows } = await db.query<{ user_id: string; account_id: string; role: string }>(
    `select ua.user_id, ua.account_id, ua.role from app_public.users_accounts ua
       join app_public.accounts a on a.id = ua.account_id
      where a.type = 'investor' and ua.status = 'active' order by a.name, ua.user_id limit 1`,
  );
  const member = rows[0];
  if (!member) throw new Error("no demo investor");
  const claims = { userId: member.user_id, accountId: member.account_id, accountType: "investor", role: member.role };
  return asAccount(db, claims, async (tx) => {
    const page = await tx.query<{ page: unknown }>("select app_public.pull_documents('holdings', '', 0, 1000) as page");
    return (page.rows[0]?.page as { documents: unknown[] } | undefined)?.documents ?? [];
  });
}

async function recorded(db: Db, table: "migrations" | "code_files"): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`select name from app_private.${table} order by name`);
  return rows.map((row) => row.name);
}

let freshSchema: Promise<string> | undefined;
/** The schema of a database migrated from nothing by the current code. */
function fresh(): Promise<string> {
  freshSchema ??= (async () => {
    const db = await createTestDb();
    try {
      return await dumpSqlSchema(db);
    } finally {
      await db.close();
    }
  })();
  return freshSchema;
}

describe("an embedded data directory made by an earlier build", () => {
  it("of the previous release (d7495af, 0001-0741) opens through the bridge, the data intact and moved", async () => {
    const db = await open("release-d7495af.tar.br");
    try {
      expect(await recorded(db, "migrations")).toHaveLength(57);
      const codeTable = await db.query<{ name: string | null }>(
        "select to_regclass('app_private.code_files')::text as name",
      );
      expect(codeTable.rows[0]?.name).toBeNull();
      const before = await counts(db);
      expect(before["app_public.holdings"]).toBeGreaterThan(0);
      const holdings = await demoInvestorHoldings(db);
      expect(holdings.length).toBeGreaterThan(0);
      const personal = await db.query<{ id: string; tax_short: string | null; date_of_birth: string | null }>(
        `select id, tax_short, date_of_birth::text from app_public.accounts
          where tax_short is not null or date_of_birth is not null order by id`,
      );
      expect(personal.rows.length).toBeGreaterThan(0);

      const applied = await migrate(db);
      const code = layerOrder(await readCodeFiles()).map((file) => file.name);
      const early = code.filter((name) => name.startsWith("schema/"));
      expect(applied.slice(0, early.length + 1)).toEqual([...early, "bridge-0741.sql"]);
      expect(applied).not.toContain("0000_baseline.sql");
      expect(applied.slice(-(code.length - early.length))).toEqual(code.filter((name) => !early.includes(name)));
      expect(await recorded(db, "migrations")).toContain("0000_baseline.sql");
      expect(await recorded(db, "code_files")).toEqual([...code].sort());

      expect(await counts(db)).toEqual(before);
      expect(await demoInvestorHoldings(db)).toEqual(holdings);
      // 0804's data move, carried by the bridge: the personal fields left accounts for account_personal_data.
      const moved = await db.query<{ id: string; tax_short: string | null; date_of_birth: string | null }>(
        `select account_id as id, tax_short, date_of_birth::text from app_private.account_personal_data
          where tax_short is not null or date_of_birth is not null order by 1`,
      );
      expect(moved.rows).toEqual(personal.rows);
      const left = await db.query<{ n: number }>(
        "select count(*)::int as n from app_public.accounts where tax_short is not null or date_of_birth is not null",
      );
      expect(left.rows[0]?.n).toBe(0);

      expect(await dumpSqlSchema(db)).toEqual(await fresh());
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);

  it("of main before the squash (af3db2d, every migration) adopts the baseline without running it", async () => {
    const db = await open("main-af3db2d.tar.br");
    try {
      const migrationsBefore = await recorded(db, "migrations");
      expect(migrationsBefore).toContain("0001_foundation.sql");
      expect(migrationsBefore).toContain("0900_read_model_wrappers_dropped.sql");
      expect(migrationsBefore).not.toContain("0000_baseline.sql");
      const before = await counts(db);
      const holdings = await demoInvestorHoldings(db);
      expect(holdings.length).toBeGreaterThan(0);

      const applied = await migrate(db);
      expect(applied).not.toContain("0000_baseline.sql");
      expect(applied).not.toContain("bridge-0741.sql");
      const after = await recorded(db, "migrations");
      // The squashed migrations' rows stay (history); the baseline is recorded as applied.
      expect(after).toEqual(
        [...new Set([...migrationsBefore, ...applied.filter((n) => /^\d{4}_/.test(n)), "0000_baseline.sql"])].sort(),
      );
      const code = (await readCodeFiles()).map((file) => file.name);
      expect(await recorded(db, "code_files")).toEqual([...code].sort());

      expect(await counts(db)).toEqual(before);
      expect(await demoInvestorHoldings(db)).toEqual(holdings);
      expect(await dumpSqlSchema(db)).toEqual(await fresh());
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
