// An existing user's embedded data directory upgrades with no loss. The previous release (d7495af) had the
// migrations numbered below 0800 and no code files (sync/database); its migrations are the same files as today's
// (migrations are append-only, the runner refuses a changed one). A PGlite data directory is made on disk the way
// that release made it (those migrations, then the demo seed), closed, and opened again by the current code, which
// applies the later migrations and every code file: the data is intact and the new objects are there.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapPglite } from "../../sync/db/database.ts";
import { MIGRATIONS_DIR, migrate, readCodeFiles } from "../../sync/db/migrate.ts";
import { seedDemo } from "../../sync/seed/demo.ts";
import { asAccount } from "../helpers/db.ts";

const PREVIOUS_RELEASE_LAST_MIGRATION = "0741_command_keys_locked.sql";
const PREVIOUS_RELEASE_MIGRATIONS = 57;

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

async function counts(db: ReturnType<typeof wrapPglite>): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    result[table] = rows[0]?.n ?? -1;
  }
  return result;
}

describe("an embedded data directory made by the previous release", () => {
  const work = mkdtempSync(join(tmpdir(), "ledgerline-upgrade-"));
  const dataDir = join(work, "data");
  const previousMigrations = join(work, "migrations");
  let before: Record<string, number>;
  let holdingsDoc: unknown;

  beforeAll(async () => {
    const names = readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name) && name < "0800");
    expect(names.at(-1)).toBe(PREVIOUS_RELEASE_LAST_MIGRATION);
    expect(names).toHaveLength(PREVIOUS_RELEASE_MIGRATIONS);
    mkdirSync(previousMigrations);
    for (const name of names) copyFileSync(join(MIGRATIONS_DIR, name), join(previousMigrations, name));

    const old = wrapPglite(await PGlite.create(dataDir, { extensions: { pgcrypto } }));
    try {
      await migrate(old, previousMigrations);
      await seedDemo(old);
      before = await counts(old);
      holdingsDoc = await demoInvestorHoldings(old);
    } finally {
      await old.close();
    }
  }, 300_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function demoInvestorHoldings(db: ReturnType<typeof wrapPglite>): Promise<unknown> {
    const { rows } = await db.query<{ user_id: string; account_id: string; role: string }>(
      `select ua.user_id, ua.account_id, ua.role from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id
        where a.type = 'investor' and ua.status = 'active' order by a.name, ua.user_id limit 1`,
    );
    const member = rows[0];
    if (!member) throw new Error("no demo investor");
    const claims = { userId: member.user_id, accountId: member.account_id, accountType: "investor", role: member.role };
    return asAccount(db, claims, async (tx) => {
      const page = await tx.query<{ page: unknown }>(
        "select app_public.pull_documents('holdings', '', 0, 1000) as page",
      );
      return (page.rows[0]?.page as { documents: unknown[] } | undefined)?.documents;
    });
  }

  it("opens with the current code: later migrations and every code file applied, the data intact", async () => {
    expect(before["app_public.holdings"]).toBeGreaterThan(0);
    expect((holdingsDoc as unknown[]).length).toBeGreaterThan(0);
    const db = wrapPglite(await PGlite.create(dataDir, { extensions: { pgcrypto } }));
    try {
      const applied = await migrate(db);
      const later = readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name) && name >= "0800");
      const codeFiles = (await readCodeFiles()).map((file) => file.name);
      expect(applied).toEqual([...later.sort(), ...codeFiles]);
      expect(await counts(db)).toEqual(before);
      expect(await demoInvestorHoldings(db)).toEqual(holdingsDoc);
      const recorded = await db.query<{ name: string }>("select name from app_private.code_files order by name");
      expect(recorded.rows.map((row) => row.name)).toEqual(codeFiles);
      // The code files' objects replaced the previous release's: the GraphQL pull is the endpoint's, as jsonb.
      const pull = await db.query<{ lang: string }>(
        `select l.lanname as lang from pg_proc p join pg_language l on l.oid = p.prolang
          where p.oid = 'app_public.pull_documents(text, text, bigint, integer)'::regprocedure`,
      );
      expect(pull.rows[0]?.lang).toBe("sql");
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
