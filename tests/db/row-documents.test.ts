// app_private.row_document / row_documents (0502 made them faster) turn a row into a read-model document: keys in
// camelCase, numeric columns as exact decimal strings, everything else as to_jsonb gives it. They must give, for
// every row of every table of the demo data, exactly what the original definition (0150, written out below) gave.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const REFERENCE = `
  create function pg_temp.reference_document(row_json jsonb, tbl regclass) returns jsonb language sql stable as $$
    select coalesce(jsonb_object_agg(
      app_private.camel_case(e.key),
      case when a.atttypid = 'numeric'::regtype and jsonb_typeof(e.value) = 'number'
        then to_jsonb(e.value #>> '{}') else e.value end
    ), '{}'::jsonb)
    from jsonb_each(row_json) e
    left join pg_catalog.pg_attribute a on a.attrelid = tbl and a.attname = e.key and not a.attisdropped
  $$`;

describe.each(testTargets)("row documents on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("row_document and row_documents equal the reference for every demo row (numerics as strings, extra keys kept)", async () => {
    const tables = (
      await db.query<{ name: string }>(
        "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'app_public' order by 1",
      )
    ).rows.map((r) => r.name);
    expect(tables.length).toBeGreaterThan(20);
    await db.transaction(async (tx) => {
      await tx.query(REFERENCE);
      let rowsCompared = 0;
      let numericsSeen = 0;
      for (const table of tables) {
        const { rows } = await tx.query<{ rows: number; same: number; same_list: boolean; numerics: number }>(
          `with r as (select to_jsonb(t) || jsonb_build_object('currency_code', 'USD', 'n_extra', 1.5) as j
                      from ${table} t)
           select (select count(*) from r)::int as rows,
                  (select count(*) from r
                   where app_private.row_document(j, '${table}') = pg_temp.reference_document(j, '${table}'))::int as same,
                  (select app_private.row_documents(jsonb_agg(j order by j::text), '${table}')
                        = coalesce(jsonb_agg(pg_temp.reference_document(j, '${table}') order by j::text), '[]')
                   from r) as same_list,
                  (select count(*) from r, jsonb_each(app_private.row_document(j, '${table}')) e
                   where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' ~ '^-?[0-9]+(\\.[0-9]+)?$')::int as numerics`,
        );
        const result = rows[0];
        expect(result?.same, table).toBe(result?.rows);
        expect(result?.same_list, table).toBe(true);
        rowsCompared += result?.rows ?? 0;
        numericsSeen += result?.numerics ?? 0;
      }
      expect(rowsCompared).toBeGreaterThan(200);
      expect(numericsSeen).toBeGreaterThan(10);
      expect(await tx.query("select app_private.row_documents(null, 'app_public.holdings') as d")).toMatchObject({
        rows: [{ d: [] }],
      });
    });
  });
});
