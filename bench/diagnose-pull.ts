// Where the pull endpoint's time goes (bench/README.md "Analysis"): one page of 1,000 holdings as the scale issuer
// (role app_user with the request's claims), split into the change-log scan and the document builder.
//   node bench/diagnose-pull.ts [--holdings 2000]
// The whole pull of every model as the scale issuer (pages of --lim, default 1,000), per model: total time, the
// change-log scan alone, the document builder alone, CPU time beside wall time, and an md5 of the documents (the
// seed draws random ids: compare md5s within one run):
//   node bench/diagnose-pull.ts --whole [--holdings 10000] [--lim 1000] [--repeat 2]
// Where a pull page of ready documents goes (docs/REPLICATION.md "Ready documents"): the store filled, the scale
// issuer's whole pull of holdings in pages of --lim, and per part on the same pages (sums over the pages, best of
// --repeat): the change-log scan (next_changes), the whole ids (ready_whole_ids), the builder's version
// (ready_version), ready_texts, ready_page, the endpoint's SQL (pull_documents_text), the raw ready text read by
// primary key and the raw builder docs_holdings(ids) without row-level security:
//   node bench/diagnose-pull.ts --ready [--holdings 10000] [--lim 1000] [--repeat 3]
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { wrapPglite } from "../sync/db/database.ts";
import { migrate } from "../sync/db/migrate.ts";
import { seedScale } from "../sync/seed/scale.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "2000" },
    whole: { type: "boolean", default: false },
    ready: { type: "boolean", default: false },
    lim: { type: "string", default: "1000" },
    repeat: { type: "string", default: "1" },
  },
});
const pg = await PGlite.create();
const db = wrapPglite(pg);
await migrate(db);
const { issuerId } = await seedScale(db, { holdings: Number(values.holdings) });
if (values.whole) {
  await wholePull();
  await pg.close();
  process.exit(0);
}
if (values.ready) {
  await readyParts();
  await pg.close();
  process.exit(0);
}

async function timed(
  label: string,
  sql: string,
  params: unknown[] = [],
  asUser = true,
  quiet = false,
): Promise<unknown[]> {
  return pg.transaction(async (tx) => {
    if (asUser) {
      await tx.query(
        "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)",
        [issuerId],
      );
      await tx.exec("set local role app_user");
    }
    const started = performance.now();
    const result = await tx.query(sql, params);
    if (!quiet) console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms (${result.rows.length} rows)`);
    return result.rows;
  });
}

// Every read model: the first page of the pull as the issuer, and the same documents built as superuser.
for (const model of [
  "assets",
  "rounds",
  "allocations",
  "distributions",
  "holdings",
  "customers",
  "securities",
  "accounts",
  "transactions",
]) {
  const page = (await timed(
    `next_changes(${model}) as the issuer`,
    "select doc_ids from app_private.next_changes($1, '0'::xid8, 0, 1000)",
    [model],
  )) as Array<{ doc_ids: string[] }>;
  const pageIds = page[0]?.doc_ids ?? [];
  await timed(
    `docs_${model}(${pageIds.length} ids) as the issuer (RLS)`,
    `select * from app_private.docs_${model}($1::uuid[])`,
    [pageIds],
  );
  await timed(
    `docs_${model}(${pageIds.length} ids) as superuser`,
    `select * from app_private.docs_${model}($1::uuid[])`,
    [pageIds],
    false,
  );
}

const batch = (await timed(
  "next_changes(holdings, 0, 0, 1000) as the issuer",
  "select doc_ids, txid::text, seq from app_private.next_changes('holdings', '0'::xid8, 0, 1000)",
)) as Array<{ doc_ids: string[] }>;
const ids = batch[0]?.doc_ids ?? [];
await timed("docs_holdings(1,000 ids) as the issuer (RLS)", "select * from app_private.docs_holdings($1::uuid[])", [
  ids,
]);
await timed(
  "docs_holdings(1,000 ids) as superuser",
  "select * from app_private.docs_holdings($1::uuid[])",
  [ids],
  false,
);
await timed(
  "pull_documents(holdings, 0, 0, 1000) as the issuer",
  "select app_public.pull_documents('holdings', '0', 0, 1000)",
);
await timed(
  "holdings of 1,000 ids as the issuer (RLS)",
  "select * from app_public.holdings where id = any($1::uuid[])",
  [ids],
);
await timed(
  "holdings of 1,000 ids as superuser",
  "select * from app_public.holdings where id = any($1::uuid[])",
  [ids],
  false,
);
await timed(
  "account_summary(investor) of 1,000 holdings as the issuer (RLS)",
  "select app_private.account_summary(h.investor_id) from app_public.holdings h where h.id = any($1::uuid[])",
  [ids],
);
await timed("related_account_ids() once as the issuer", "select count(*) from app_private.related_account_ids()");
await timed(
  "docs_holdings tokens + addresses part of 1,000 as the issuer",
  "select (d.doc->'tokens'), d.doc->'blockchainAddresses' from app_private.docs_holdings($1::uuid[]) d",
  [ids],
);
await timed("explain docs_holdings as issuer", "explain analyze select * from app_private.docs_holdings($1::uuid[])", [
  ids,
]).then((rows) => console.log((rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join("\n")));
// The client's page size (PULL_BATCH_SIZE): a whole pull of the three large models as the issuer, per page size.
for (const lim of [100, 200, 500, 1000]) {
  let documents = 0;
  let pages = 0;
  const started = performance.now();
  for (const model of ["distributions", "holdings", "transactions"]) {
    let checkpoint = { txid: "0", seq: 0 };
    for (;;) {
      const [row] = (await timed(
        `pull ${model} page (lim ${lim})`,
        "select app_public.pull_documents($1, $2, $3, $4) as r",
        [model, checkpoint.txid, checkpoint.seq, lim],
        true,
        true,
      )) as Array<{ r: { documents: unknown[]; checkpoint: { txid: string; seq: number } } }>;
      const page = row?.r;
      if (!page) break;
      documents += page.documents.length;
      pages++;
      checkpoint = page.checkpoint;
      if (page.documents.length < lim) break;
    }
  }
  const elapsed = performance.now() - started;
  console.log(
    `whole pull with lim ${lim}: ${elapsed.toFixed(0)} ms, ${pages} pages, ${documents} documents, ${(elapsed / documents).toFixed(2)} ms per document`,
  );
}
await pg.close();

// Every model's whole pull as the scale issuer, through pull_documents, then its parts.
async function wholePull(): Promise<void> {
  const lim = Number(values.lim);
  const models = (
    await pg.query<{ model: string }>("select model from app_private.replicated_models order by 1")
  ).rows.map((r) => r.model);
  const asIssuer = async <T>(fn: (tx: { query: typeof pg.query; exec: typeof pg.exec }) => Promise<T>): Promise<T> =>
    pg.transaction(async (tx) => {
      await tx.query(
        "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)",
        [issuerId],
      );
      await tx.exec("set local role app_user");
      return fn(tx as never);
    });
  // CPU time of this process (PGlite runs in it) next to wall time: on a machine shared with other work, CPU time
  // moves much less than wall time.
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const totals = { pull: 0, scan: 0, build: 0, pullCpu: 0, buildCpu: 0 };
  for (let round = 0; round < Number(values.repeat); round++) {
    totals.pull = totals.scan = totals.build = totals.pullCpu = totals.buildCpu = 0;
    const lines: string[] = [];
    for (const model of models) {
      let checkpoint = { txid: "0", seq: 0 };
      let documents = 0;
      const pages: string[][] = [];
      const hashes: string[] = [];
      let pullMs = 0;
      let pullCpu = 0;
      for (;;) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const [row] = (
          await asIssuer((tx) =>
            tx.query<{ r: { documents: Array<{ id: string }>; checkpoint: { txid: string; seq: number } }; h: string }>(
              "select r, md5((r->'documents')::text) as h from app_public.pull_documents($1, $2, $3, $4) r",
              [model, checkpoint.txid, checkpoint.seq, lim],
            ),
          )
        ).rows;
        pullMs += performance.now() - started;
        pullCpu += cpuMs(cpuStarted);
        const page = row?.r;
        if (!page) break;
        documents += page.documents.length;
        pages.push(page.documents.map((d) => d.id));
        hashes.push(row.h);
        checkpoint = page.checkpoint;
        if (page.documents.length < lim) break;
      }
      // The builder alone, on the same pages.
      let buildMs = 0;
      let buildCpu = 0;
      for (const ids of pages) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        await asIssuer((tx) => tx.query(`select count(*) from app_private.docs_${model}($1::uuid[])`, [ids]));
        buildMs += performance.now() - started;
        buildCpu += cpuMs(cpuStarted);
      }
      const scanMs = Math.max(0, pullMs - buildMs);
      totals.pull += pullMs;
      totals.build += buildMs;
      totals.scan += scanMs;
      totals.pullCpu += pullCpu;
      totals.buildCpu += buildCpu;
      const md5 = (await pg.query<{ h: string }>("select md5($1) as h", [hashes.join(",")])).rows[0]?.h;
      lines.push(
        `${model.padEnd(20)} ${String(documents).padStart(7)} docs  pull ${pullMs.toFixed(0).padStart(6)} ms (cpu ${pullCpu.toFixed(0).padStart(6)})  builder ${buildMs.toFixed(0).padStart(6)} ms (cpu ${buildCpu.toFixed(0).padStart(6)})  rest ${scanMs.toFixed(0).padStart(5)} ms  md5 ${md5}`,
      );
    }
    console.log(`round ${round + 1} (pages of ${lim}, ${values.holdings} holdings)`);
    for (const line of lines) console.log(line);
    console.log(
      `${"total".padEnd(20)}               pull ${totals.pull.toFixed(0).padStart(6)} ms (cpu ${totals.pullCpu.toFixed(0).padStart(6)})  builder ${totals.build.toFixed(0).padStart(6)} ms (cpu ${totals.buildCpu.toFixed(0).padStart(6)})  rest ${totals.scan.toFixed(0).padStart(5)} ms`,
    );
  }
}

// The parts of a pull page of ready holdings, summed over the scale issuer's whole pull (best of --repeat rounds).
async function readyParts(): Promise<void> {
  const lim = Number(values.lim);
  for (;;) {
    const { rows } = await pg.query<{ n: string }>("select app_private.fill_ready_documents('holdings', 5000) as n");
    if (Number(rows[0]?.n ?? 0) === 0) break;
  }
  const asIssuer = async <T>(fn: (tx: { query: typeof pg.query }) => Promise<T>): Promise<T> =>
    pg.transaction(async (tx) => {
      await tx.query(
        "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)",
        [issuerId],
      );
      await tx.exec("set local role app_user");
      return fn(tx as never);
    });
  // the pages and their checkpoints
  const pages: Array<{ txid: string; seq: number; ids: string[] }> = [];
  let checkpoint = { txid: "0", seq: 0 };
  for (;;) {
    const body = await asIssuer(async (tx) => {
      const { rows } = await tx.query<{ body: string }>(
        "select app_private.pull_documents_text('holdings', $1, $2, $3) as body",
        [checkpoint.txid, checkpoint.seq, lim],
      );
      return JSON.parse(rows[0]?.body ?? "null") as {
        documents: Array<{ id: string }>;
        checkpoint: { txid: string; seq: number };
      };
    });
    pages.push({ ...checkpoint, ids: body.documents.map((d) => d.id) });
    checkpoint = body.checkpoint;
    if (body.documents.length < lim) break;
  }
  const parts: Array<[string, string, (p: (typeof pages)[number]) => unknown[], boolean]> = [
    [
      "next_changes (change-log scan)",
      "select doc_ids from app_private.next_changes('holdings', $1::xid8, $2, $3)",
      (p) => [p.txid, p.seq, lim],
      true,
    ],
    [
      "ready_whole_ids",
      "select count(*) from app_private.ready_whole_ids('holdings', $1::uuid[])",
      (p) => [p.ids],
      true,
    ],
    ["ready_version", "select app_private.ready_version('holdings')", () => [], true],
    ["ready_texts", "select count(r.doc) from app_private.ready_texts('holdings', $1::uuid[]) r", (p) => [p.ids], true],
    [
      "ready_page (the all-ready page in one statement)",
      "select length(r.docs), r.ready from app_private.ready_page('holdings', $1::uuid[]) r",
      (p) => [p.ids],
      true,
    ],
    [
      "pull_documents_text (the endpoint's SQL)",
      "select length(app_private.pull_documents_text('holdings', $1, $2, $3))",
      (p) => [p.txid, p.seq, lim],
      true,
    ],
    [
      "raw ready text by primary key (superuser)",
      "select length(string_agg(doc, ', ')) from app_private.ready_documents where model = 'holdings' and id = any ($1::uuid[])",
      (p) => [p.ids],
      false,
    ],
    [
      "raw docs_holdings(ids) (superuser)",
      "select count(*) from app_private.docs_holdings($1::uuid[])",
      (p) => [p.ids],
      false,
    ],
  ];
  const best: Record<string, number> = {};
  for (let round = 0; round < Number(values.repeat); round++) {
    for (const [label, sql, params, asUser] of parts) {
      const started = performance.now();
      for (const page of pages) {
        if (asUser) await asIssuer((tx) => tx.query(sql, params(page)));
        else await pg.query(sql, params(page));
      }
      const took = performance.now() - started;
      best[label] = Math.min(best[label] ?? Number.POSITIVE_INFINITY, took);
    }
  }
  console.log(
    `ready holdings, ${pages.length} pages of ${lim} (${values.holdings} holdings), best of ${values.repeat}, sums over the pages:`,
  );
  for (const [label] of parts) console.log(`  ${label.padEnd(44)} ${best[label]?.toFixed(0).padStart(6)} ms`);
}
