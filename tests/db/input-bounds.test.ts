// The input bounds of issue 13 (items 4, 7 and 11) as conventions of the migrated schema, so a column or function
// added later without its rule fails here: every numeric column of app_public has a <column>_bounds constraint
// calling a quantity rule, every writable date column one calling app_private.check_date, every text column a
// <column>_length constraint; the app_public functions that take quantities or dates check them. And the rules
// themselves: what each kind refuses, coded LL422 with its text, and what it keeps accepting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const QUANTITY_RULES = /app_private\.(units_ok|signed_units_ok|money_ok|price_ok|percent_ok|years_ok)\(/;
// Kept by the database itself (defaults and triggers), never written by a client.
const SYSTEM_DATES = new Set(["created_on", "updated_on"]);

async function columnsOfType(db: Database, types: string[]) {
  const { rows } = await db.query<{ table: string; column: string; constraints: string[] }>(
    `select c.relname as table, a.attname as column,
            coalesce(array_agg(k.conname || ' ' || pg_get_constraintdef(k.oid)) filter (where k.oid is not null), '{}')
              as constraints
     from pg_class c
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     left join pg_constraint k on k.conrelid = c.oid and k.contype = 'c' and a.attnum = any (k.conkey)
     where c.relnamespace = 'app_public'::regnamespace and c.relkind in ('r', 'p')
       and format_type(a.atttypid, null) = any ($1)
     group by 1, 2 order by 1, 2`,
    [types],
  );
  return rows;
}

describe.each(testTargets)("input bounds on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("bounds every numeric column of app_public with one quantity rule", async () => {
    const columns = await columnsOfType(db, ["numeric"]);
    expect(columns.length).toBeGreaterThan(20);
    const missing = columns
      .filter((c) => !c.constraints.some((k) => k.startsWith(`${c.column}_bounds `) && QUANTITY_RULES.test(k)))
      .map((c) => `${c.table}.${c.column}`);
    expect(missing).toEqual([]);
  });

  it("bounds every date a user can write to finite dates", async () => {
    const columns = await columnsOfType(db, ["date", "timestamp with time zone", "timestamp without time zone"]);
    const missing = columns
      .filter((c) => !SYSTEM_DATES.has(c.column))
      .filter((c) => !c.constraints.some((k) => k.startsWith(`${c.column}_bounds `) && k.includes("check_date(")))
      .map((c) => `${c.table}.${c.column}`);
    expect(missing).toEqual([]);
  });

  it("bounds the length of every text column of app_public", async () => {
    const columns = await columnsOfType(db, ["text", "character varying"]);
    expect(columns.length).toBeGreaterThan(80);
    const missing = columns
      .filter(
        (c) =>
          !c.constraints.some(
            (k) => k.startsWith(`${c.column}_length `) && /char_length/.test(k) && k.includes("text_too_long("),
          ),
      )
      .map((c) => `${c.table}.${c.column}`);
    expect(missing).toEqual([]);
  });

  it("checks every quantity and date argument of the app_public functions", async () => {
    const { rows } = await db.query<{ name: string; body: string; args: string }>(
      `select p.proname as name, p.prosrc as body, pg_get_function_arguments(p.oid) as args
       from pg_proc p
       where p.pronamespace = 'app_public'::regnamespace
         and exists (select 1 from unnest(p.proargtypes) t
                     where t in ('numeric'::regtype, 'date'::regtype, 'timestamptz'::regtype, 'timestamp'::regtype))
       order by 1`,
    );
    const unchecked = rows
      // check_device_time: a device's time, checked with check_date (sync/database/in-person/10_sessions.sql);
      // check_register_day: the register's as-of day, required, checked with check_date, not in the future
      .filter(
        (r) =>
          !/app_private\.(check_decimal|check_date|check_device_time|check_register_day|setup_account_input_check)\(/.test(
            r.body,
          ),
      )
      .map((r) => r.name);
    expect(unchecked).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "investor_make_distribution",
        "make_distribution",
        "make_dividend_payment",
        "make_round",
        "make_tranche",
        "setup_account",
      ]),
    );
  });

  const refused: Array<[string, string, string]> = [
    ["app_private.units_ok('NaN'::numeric)", "LL422", "Units must be a finite number."],
    ["app_private.units_ok('Infinity'::numeric)", "LL422", "Units must be a finite number."],
    ["app_private.units_ok('-Infinity'::numeric)", "LL422", "Units must be a finite number."],
    ["app_private.units_ok('1e309'::numeric)", "LL422", "Units must be less than 1,000,000,000,000,000."],
    ["app_private.units_ok(1e15)", "LL422", "Units must be less than 1,000,000,000,000,000."],
    ["app_private.units_ok(-1)", "LL422", "Units must not be negative."],
    ["app_private.units_ok(0.0000001)", "LL422", "Units can have at most 6 decimal places."],
    ["app_private.signed_units_ok(-1e15 - 1)", "LL422", "Units must be at least -1,000,000,000,000,000."],
    ["app_private.money_ok('NaN'::numeric)", "LL422", "Amount must be a finite number."],
    ["app_private.money_ok(1.0000001)", "LL422", "Amount can have at most 6 decimal places."],
    ["app_private.price_ok(0.00000000001)", "LL422", "Price can have at most 10 decimal places."],
    ["app_private.price_ok(-0.5)", "LL422", "Price must not be negative."],
    ["app_private.percent_ok(100.5)", "LL422", "Percentage must be at most 100."],
    ["app_private.years_ok(1000)", "LL422", "Term must be less than 1,000."],
    [
      "app_private.check_date('infinity'::timestamptz)",
      "LL422",
      "Enter a valid date between 01/01/1900 and 12/31/2199.",
    ],
    ["app_private.check_date('-infinity'::date)", "LL422", "Enter a valid date between 01/01/1900 and 12/31/2199."],
    ["app_private.check_date('1899-12-31'::date)", "LL422", "Enter a valid date between 01/01/1900 and 12/31/2199."],
    ["app_private.check_date('2200-01-01'::date)", "LL422", "Enter a valid date between 01/01/1900 and 12/31/2199."],
  ];
  it.each(refused)("refuses %s with %s %s", async (call, code, message) => {
    // A column value, not a constant: a constant would be checked when the statement is planned, which is the
    // same error but not the path a row takes.
    const column = call.replace(/\((.*)\)$/, "(x.v)").replace(/^/, "");
    const value = /\((.*)\)$/.exec(call)?.[1] ?? "null";
    await expect(db.query(`select ${column} from (select ${value} as v) x`)).rejects.toMatchObject({ code, message });
  });

  it("accepts the bounds themselves, trailing zeros and NULL", async () => {
    const { rows } = await db.query(
      `select app_private.units_ok(999999999999999.999999) as a, app_private.units_ok(1.5000000000) as b,
              app_private.units_ok(null) as c, app_private.signed_units_ok(-5) as d,
              app_private.price_ok(0.1234567891) as e, app_private.percent_ok(100) as f,
              app_private.check_date('1900-01-01'::date) as g, app_private.check_date(now()) as h`,
    );
    expect(rows).toEqual([{ a: true, b: true, c: true, d: true, e: true, f: true, g: true, h: true }]);
  });

  it("names the field in a text column's length error, with the column's limit", async () => {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = any (array['app_public.assets'::regclass, 'app_public.accounts'::regclass,
                                   'app_public.allocation_annotations'::regclass, 'app_public.rounds'::regclass])
         and conname in ('name_length', 'email_length', 'annotation_length', 'terms_url_length')
       order by conrelid::regclass::text, conname`,
    );
    const defs = rows.map((r) => r.def).join("\n");
    expect(defs).toContain("'Name'::text, 200");
    expect(defs).toContain("'Email'::text, 254");
    expect(defs).toContain("'Note'::text, 5000");
    expect(defs).toContain("'Dataroom Url'::text, 2000");
  });
});
