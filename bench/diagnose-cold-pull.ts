// node bench/diagnose-cold-pull.ts [--holdings 5000] [--pg]
//
// Where a cold pull's page goes (issue 15 item 1): on a fresh database with the scale seed (its ready store cold),
// one page of 1,000 holdings (by id) at a time, the store emptied before each, timed step by step: the raw builder as
// the bench's limit runs it, the builder as the fill runs it (not kept, and kept), ready_take (the audience, the
// missing texts by primary key, the build), and the whole pull_documents_text of a cold first page. Each step over
// every page, three times; prints min and median (ms). "built and kept" is ready_build, the fill's build and write.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { holdings: { type: "string", default: "5000" }, pg: { type: "boolean", default: false } },
});
const { asAccount, createPostgresTestDb, createTestDb, demoClaims, stopTestClusters } = await import(
  "../tests/helpers/db.ts"
);
const { SCALE_EMAIL, seedScale } = await import("../sync/seed/scale.ts");

const db = values.pg ? await createPostgresTestDb({ demo: true }) : await createTestDb({ demo: true });
await seedScale(db, { holdings: Number(values.holdings) });
const claims = await demoClaims(db, SCALE_EMAIL);
const all = (await db.query<{ id: string }>("select id from app_public.holdings order by id")).rows.map((r) => r.id);
const pages: string[][] = [];
for (let i = 0; i + 1000 <= all.length && pages.length < 5; i += 1000) pages.push(all.slice(i, i + 1000));

// name, SQL ($1: the page's ids), as the superuser (true) or as the scale issuer under row-level security
const steps: Array<[string, string, boolean]> = [
  ["raw builder", "select id, doc from app_private.docs_holdings($1::uuid[])", true],
  ["built, not kept", "select count(*) from app_private.ready_built('holdings', $1::uuid[])", true],
  ["built and kept", "select app_private.ready_build('holdings', $1::uuid[])", true],
  ["ready_take", "select count(*) from app_private.ready_take('holdings', $1::uuid[])", false],
  [
    "pull, first page",
    "select length(app_private.pull_documents_text('holdings', '0', 0, 1000)) where cardinality($1::uuid[]) > 0",
    false,
  ],
];
for (const [name, sql, superuser] of steps) {
  const times: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    for (const ids of pages) {
      await db.exec("delete from app_private.ready_documents; delete from app_private.ready_fill");
      times.push(
        await asAccount(db, claims, async (tx) => {
          if (superuser) await tx.query("reset role");
          const started = performance.now();
          await tx.query(sql, [ids]);
          return performance.now() - started;
        }),
      );
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(18)} min ${times[0]?.toFixed(1)} ms, median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms`,
  );
}
await db.close();
await stopTestClusters();
process.exit(0);
