// The database conventions of docs/CONVENTIONS.md, checked on the migrated schema so a new migration that forgets
// one fails here: row-level security on every app_public table, every foreign key says what happens on delete,
// timestamps on every table, no float columns, append-only ledger grants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

describe.each(testTargets)("schema conventions on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("enables row-level security on every app_public table", async () => {
    const { rows } = await db.query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'app_public' and c.relkind in ('r', 'p') and not c.relrowsecurity order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it("gives app_user no access to password hashes or sessions", async () => {
    const { rows } = await db.query<{ table: string }>(
      `select c.oid::regclass::text as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'app_private' and c.relkind = 'r' and c.relname ~ '(secret|session)'
         and (has_table_privilege('app_user', c.oid, 'select') or has_table_privilege('app_user', c.oid, 'update'))
       order by 1`,
    );
    expect(rows).toEqual([]);
    const secrets = await db.query<{ readable: boolean }>(
      "select has_table_privilege('app_user', 'app_private.user_secrets', 'select') as readable",
    );
    expect(secrets.rows).toEqual([{ readable: false }]);
  });

  it("says what happens on delete for every foreign key", async () => {
    const { rows } = await db.query<{ constraint: string }>(
      `select conrelid::regclass || '.' || conname as constraint from pg_constraint
       where contype = 'f' and confdeltype = 'a' and connamespace in ('app_public'::regnamespace, 'app_private'::regnamespace)
       order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it("keeps created_on and updated_on on every app_public table", async () => {
    const { rows } = await db.query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'app_public' and c.relkind = 'r'
         and (select count(*) from information_schema.columns k
              where k.table_schema = 'app_public' and k.table_name = c.relname
                and k.column_name in ('created_on', 'updated_on')) <> 2
       order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it("stores no amount, price or share count as a binary float", async () => {
    const { rows } = await db.query<{ column: string }>(
      `select table_name || '.' || column_name as column from information_schema.columns
       where table_schema = 'app_public' and data_type in ('real', 'double precision') order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it("grants no update or delete on the ledger", async () => {
    const { rows } = await db.query<{ table: string; privilege: string }>(
      `select table_name as table, privilege_type as privilege from information_schema.role_table_grants
       where grantee = 'app_user' and table_schema = 'app_public'
         and table_name in ('transactions', 'ledger_entries', 'holdings') order by 1, 2`,
    );
    expect(rows).toEqual([
      { table: "holdings", privilege: "SELECT" },
      { table: "ledger_entries", privilege: "SELECT" },
      { table: "transactions", privilege: "SELECT" },
    ]);
  });

  it("keeps the demo-independent reference data: USD is currency 1, the United States is US", async () => {
    const { rows } = await db.query(
      `select (select code from app_public.currencies where id = 1) as currency,
              (select name from app_public.countries where alpha2 = 'US') as country`,
    );
    expect(rows).toEqual([{ currency: "USD", country: "United States of America (the)" }]);
  });
});
