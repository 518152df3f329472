// What the visibility rules (sync/database/policies/00_rules.sql) cost a policed read: full scans of the replicated
// tables as an investor and as the issuer of the scale data set (role app_user with the request's claims), each
// against the same scan as superuser (no row-level security) in the same run, best of --repeat. An investor sees a
// handful of the rows, so its scan is the rule evaluated on every row; the issuer's is the rule's id sets.
//   node bench/diagnose-rules.ts [--holdings 10000] [--repeat 7] [--explain]
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { wrapPglite } from "../sync/db/database.ts";
import { migrate } from "../sync/db/migrate.ts";
import { seedScale } from "../sync/seed/scale.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "10000" },
    repeat: { type: "string", default: "7" },
    explain: { type: "boolean", default: false },
  },
});
const repeat = Number(values.repeat);
const pg = await PGlite.create();
const db = wrapPglite(pg);
await migrate(db);
const { issuerId } = await seedScale(db, { holdings: Number(values.holdings) });
const {
  rows: [investor],
} = await pg.query<{ id: string }>(
  `select h.investor_id as id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
     join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1 limit 1`,
  [issuerId],
);
if (!investor) throw new Error("no scale investor");

interface Reader {
  id: string;
  type: string;
}

/** Best wall time of `repeat` runs of `sql` (as `reader` under row-level security, or as superuser) and its rows. */
async function best(sql: string, reader: Reader | null): Promise<{ ms: number; rows: number }> {
  let ms = Number.POSITIVE_INFINITY;
  let rows = 0;
  for (let i = 0; i < repeat; i++) {
    await pg.transaction(async (tx) => {
      if (reader) {
        await tx.query(
          "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', $2, true), set_config('jwt.claims.role', 'account_owner', true)",
          [reader.id, reader.type],
        );
        await tx.exec("set local role app_user");
      }
      const started = performance.now();
      const result = await tx.query<{ n: number }>(sql);
      ms = Math.min(ms, performance.now() - started);
      rows = Number(result.rows[0]?.n ?? 0);
    });
  }
  return { ms, rows };
}

const readers: Array<[string, Reader]> = [
  ["investor", { id: investor.id, type: "investor" }],
  ["issuer", { id: issuerId, type: "issuer" }],
];
console.log(`load ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}`);
for (const table of ["holdings", "distributions", "ledger_entries", "transactions", "accounts", "customers"]) {
  const sql = `select count(*)::int as n from app_public.${table}`;
  const raw = await best(sql, null);
  const parts = [`${table}: superuser ${raw.ms.toFixed(1)} ms (${raw.rows} rows)`];
  for (const [name, reader] of readers) {
    const policed = await best(sql, reader);
    parts.push(`${name} ${policed.ms.toFixed(1)} ms (${policed.rows} rows, +${(policed.ms - raw.ms).toFixed(1)} ms)`);
  }
  console.log(parts.join("; "));
}
if (values.explain) {
  await pg.transaction(async (tx) => {
    await tx.query(
      "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'investor', true)",
      [investor.id],
    );
    await tx.exec("set local role app_user");
    const { rows } = await tx.query<Record<string, string>>(
      "explain (verbose, costs off) select count(*) from app_public.holdings",
    );
    console.log(rows.map((r) => Object.values(r)[0]).join("\n"));
  });
}
await pg.close();
