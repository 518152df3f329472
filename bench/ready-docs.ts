// Ready documents (docs/REPLICATION.md "Ready documents"): what they save a pull and what they cost a write, on
// PGlite (in-process server, in-memory) and on a throwaway PostgreSQL cluster, at --holdings (default 50,000).
//   node bench/ready-docs.ts [--holdings 50000] [--writes 200] [--bulk 10000] [--no-pg | --pg-only]
// Per database, all in one run (the machine is shared: compare figures of the same run; the load average is printed):
// 1. the store after the scale seed (its texts forgotten at the seed's commit) and the time to fill it;
// 2. the scale issuer's whole pull of holdings, distributions and transactions in pages of 1,000 through
//    app_private.pull_documents_text, with the store and with it switched off (every document built as before);
// 3. holdings through the pull endpoint POST /api/v2/pull (signed in as the scale issuer, pages of 1,000) against raw
//    SQL on the same pages: the builder docs_holdings(ids) (the bench's limit until now) and the ready text itself;
// 4. writes with the store's commit trigger on and off, in the order off, on, on, off (a linear drift cancels out):
//    make_customer and make_distribution as the scale issuer, one per transaction, and one insert of --bulk
//    distributions in one transaction.
import os from "node:os";
import { parseArgs } from "node:util";

process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { pgClusterAvailable, startPgCluster } = await import("../tests/helpers/pg-cluster.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");
type Database = import("../sync/db/database.ts").Database;
type TestClient = import("../tests/helpers/server.ts").TestClient;

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "50000" },
    writes: { type: "string", default: "200" },
    bulk: { type: "string", default: "10000" },
    "no-pg": { type: "boolean", default: false },
    "pg-only": { type: "boolean", default: false },
  },
});
const holdings = Number(values.holdings);
const writes = Number(values.writes);
const bulk = Number(values.bulk);
const PAGE = 1000;
const MODELS = ["distributions", "holdings", "transactions"];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
const ms = (n: number) => `${n.toFixed(0)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
console.log(`ready-docs bench: ${holdings} holdings, load average ${load()} (${os.availableParallelism()} cores)`);

async function asIssuer<T>(db: Database, issuerId: string, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'issuer', true),
              set_config('jwt.claims.role', 'account_owner', true),
              set_config('jwt.claims.user_id', (select ua.user_id::text from app_public.users_accounts ua
                                                 where ua.account_id = $1::uuid limit 1), true)`,
      [issuerId],
    );
    await tx.query("set local role app_user");
    return fn(tx as Database);
  });
}

/** Every page of `model` as the issuer through pull_documents_text: ms, documents, the pages' ids. */
async function sqlPull(db: Database, issuerId: string, model: string) {
  let checkpoint = { txid: "0", seq: 0 };
  let documents = 0;
  const pages: string[][] = [];
  const started = performance.now();
  const cpu = cpuNow();
  for (;;) {
    const body = await asIssuer(db, issuerId, async (tx) => {
      const { rows } = await tx.query<{ body: string }>(
        "select app_private.pull_documents_text($1, $2, $3::bigint, $4) as body",
        [model, checkpoint.txid, checkpoint.seq, PAGE],
      );
      return rows[0]?.body ?? "null";
    });
    const page = JSON.parse(body) as { documents: Array<{ id: string }>; checkpoint: { txid: string; seq: number } };
    documents += page.documents.length;
    pages.push(page.documents.map((d) => d.id));
    checkpoint = page.checkpoint;
    if (page.documents.length < PAGE) break;
  }
  return { ms: performance.now() - started, cpu: cpuNow() - cpu, documents, pages };
}

async function storeOn(db: Database, on: boolean): Promise<void> {
  // off: the texts carry another version, so none is served (the pull builds every document, as before)
  await db.query(
    on
      ? "update app_private.ready_documents set version = app_private.ready_version(model) where version = 'bench-off:' || app_private.ready_version(model)"
      : "update app_private.ready_documents set version = 'bench-off:' || version where version not like 'bench-off:%'",
  );
}

async function endpointPull(client: TestClient): Promise<{ ms: number; pages: string[][]; bytes: number }> {
  await client.graphql("{ __typename }"); // a fresh keep-alive socket
  const pages: string[][] = [];
  let checkpoint = { txid: "0", seq: "0" };
  let bytes = 0;
  const started = performance.now();
  const cpu = cpuNow();
  for (;;) {
    const response = await client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "holdings",
        afterTxid: checkpoint.txid,
        afterSeq: String(checkpoint.seq),
        limit: PAGE,
      }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`POST /api/v2/pull: ${response.status} ${text.slice(0, 300)}`);
    bytes += text.length;
    const page = JSON.parse(text) as { documents: Array<{ id: string }>; checkpoint: { txid: string; seq: string } };
    pages.push(page.documents.map((d) => d.id));
    checkpoint = page.checkpoint;
    if (page.documents.length < PAGE) break;
  }
  lastCpu = cpuNow() - cpu;
  return { ms: performance.now() - started, pages, bytes };
}

const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU time of this process (PGlite runs in it; a PostgreSQL server does not) during the last timed part, ms. */
let lastCpu = 0;

async function rawSql(db: Database, pages: string[][], sql: string): Promise<number> {
  const started = performance.now();
  const cpu = cpuNow();
  for (const ids of pages) await db.query(sql, [ids]);
  lastCpu = cpuNow() - cpu;
  return performance.now() - started;
}

async function trigger(db: Database, on: boolean): Promise<void> {
  await db.query(`alter table app_private.changes ${on ? "enable" : "disable"} trigger _900_ready_documents`);
}

async function writeCosts(db: Database, issuerId: string, label: string, pglite: boolean): Promise<void> {
  const { rows: allocations } = await db.query<{ id: string }>(
    `select al.id from app_public.allocations al where al.owner_id = $1 order by al.created_on limit 1`,
    [issuerId],
  );
  const allocation = allocations[0]?.id;
  if (!allocation) throw new Error("the scale issuer has no allocation");
  const tag = Date.now().toString(36);
  let seq = 0;
  // each returns [wall ms, CPU ms of this process]
  const customers = async () => {
    const started = performance.now();
    const cpu = cpuNow();
    for (let i = 0; i < writes; i++) {
      const n = seq++;
      await asIssuer(db, issuerId, (tx) =>
        tx.query("select app_public.make_customer($1, $2)", [`rd-${tag}-${n}@bench.test`, `C ${n}`]),
      );
    }
    return [(performance.now() - started) / writes, (cpuNow() - cpu) / writes];
  };
  const distributions = async () => {
    const started = performance.now();
    const cpu = cpuNow();
    for (let i = 0; i < writes; i++) {
      const n = seq++;
      await asIssuer(db, issuerId, (tx) =>
        tx.query("select app_public.make_distribution($1, $2, 10)", [allocation, `rd-${tag}-${n}@bench.test`]),
      );
    }
    return [(performance.now() - started) / writes, (cpuNow() - cpu) / writes];
  };
  const bulkInsert = async () => {
    const started = performance.now();
    const cpu = cpuNow();
    await db.query(
      `insert into app_public.distributions (allocation_id, investor_id, amount)
       select $1, a.id, 1 from (select id from app_public.accounts where type = 'investor' order by id limit 1000) a,
            generate_series(1, ceil($2::numeric / 1000)::int) g
       limit $2`,
      [allocation, bulk],
    );
    return [performance.now() - started, cpuNow() - cpu];
  };
  const figures: Record<string, { off: number[][]; on: number[][] }> = {
    "make_customer, ms per call": { off: [], on: [] },
    "make_distribution, ms per call": { off: [], on: [] },
    [`${bulk} distributions in one insert, ms`]: { off: [], on: [] },
  };
  for (const on of [false, true, true, false]) {
    await trigger(db, on);
    const side = on ? "on" : "off";
    figures["make_customer, ms per call"]?.[side].push(await customers());
    figures["make_distribution, ms per call"]?.[side].push(await distributions());
    figures[`${bulk} distributions in one insert, ms`]?.[side].push(await bulkInsert());
  }
  await trigger(db, true);
  await storeOn(db, true);
  // what the trigger-off runs left unbuilt
  while (
    Number(
      (await db.query<{ n: string }>("select app_private.fill_ready_documents('distributions', 5000) as n")).rows[0]?.n,
    ) > 0
  );
  const mean = (xs: number[][], i: number) => xs.reduce((a, b) => a + (b[i] ?? 0), 0) / xs.length;
  for (const [name, { off, on }] of Object.entries(figures)) {
    console.log(
      `${label} write: ${name}: store off ${mean(off, 0).toFixed(2)}, on ${mean(on, 0).toFixed(2)} (${ratio(mean(on, 0), mean(off, 0))}); runs off ${off.map((x) => x[0]?.toFixed(1)).join(", ")} / on ${on.map((x) => x[0]?.toFixed(1)).join(", ")}` +
        (pglite
          ? `; CPU off ${mean(off, 1).toFixed(2)}, on ${mean(on, 1).toFixed(2)} (${ratio(mean(on, 1), mean(off, 1))})`
          : ""),
    );
  }
}

async function benchDatabase(label: string, databaseUrl?: string): Promise<void> {
  const server = await startTestServer({ seedDemo: true, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const db = server.server.db;
    let started = performance.now();
    const { issuerId } = await seedScale(db, { holdings });
    console.log(
      `${label}: scale seed ${ms(performance.now() - started)} (its documents' texts forgotten at its commit), load ${load()}`,
    );
    const { rows: kept } = await db.query<{ model: string; n: number }>(
      "select model, count(*)::int as n from app_private.ready_documents group by 1 order by 1",
    );
    console.log(`${label}: ready documents ${kept.map((r) => `${r.model} ${r.n}`).join(", ")}`);
    // the whole store again, as after a new builder version
    await db.query("update app_private.ready_documents set version = 'older'");
    for (const model of MODELS) {
      started = performance.now();
      let built = 0;
      for (;;) {
        const { rows } = await db.query<{ n: string }>("select app_private.fill_ready_documents($1, 1000) as n", [
          model,
        ]);
        const n = Number(rows[0]?.n ?? 0);
        built += n;
        if (n === 0) break;
      }
      const took = performance.now() - started;
      console.log(`${label}: fill ${model}: ${built} documents in ${ms(took)} (${(took / built).toFixed(3)} ms each)`);
    }

    // 2. the whole pull of the heavy models as the issuer, SQL only: store on / off / on
    for (const model of MODELS) await sqlPull(db, issuerId, model); // warm
    const runs: Record<string, { on: number[]; off: number[]; cpuOn: number[]; cpuOff: number[]; documents: number }> =
      {};
    for (const on of [true, false, false, true]) {
      await storeOn(db, on);
      for (const model of MODELS) {
        const result = await sqlPull(db, issuerId, model);
        runs[model] ??= { on: [], off: [], cpuOn: [], cpuOff: [], documents: result.documents };
        runs[model][on ? "on" : "off"].push(result.ms);
        runs[model][on ? "cpuOn" : "cpuOff"].push(result.cpu);
      }
    }
    await storeOn(db, true);
    for (const [model, run] of Object.entries(runs)) {
      const on = Math.min(...run.on);
      const off = Math.min(...run.off);
      console.log(
        `${label}: pull_documents_text ${model} (${run.documents} docs, pages of ${PAGE}) as the issuer: store ${ms(on)}, built ${ms(off)} (${ratio(off, on)} faster); best of 2 each` +
          (databaseUrl ? "" : `; CPU store ${ms(Math.min(...run.cpuOn))}, built ${ms(Math.min(...run.cpuOff))}`),
      );
    }

    // 3. the endpoint against raw SQL on the same pages, alternating
    const who = await signInAs(server.client(), SCALE_EMAIL);
    const endpoint: number[] = [];
    const builder: number[] = [];
    const ready: number[] = [];
    const cpu = { endpoint: [] as number[], builder: [] as number[], ready: [] as number[] };
    let pages: string[][] = [];
    let bytes = 0;
    for (let round = 0; round < 3; round++) {
      const pulled = await endpointPull(who.client);
      endpoint.push(pulled.ms);
      cpu.endpoint.push(lastCpu);
      pages = pulled.pages;
      bytes = pulled.bytes;
      builder.push(await rawSql(db, pages, "select id, doc from app_private.docs_holdings($1::uuid[])"));
      cpu.builder.push(lastCpu);
      ready.push(
        await rawSql(
          db,
          pages,
          "select string_agg(doc, ', ') from app_private.ready_documents where model = 'holdings' and id = any ($1::uuid[])",
        ),
      );
      cpu.ready.push(lastCpu);
    }
    const best = (xs: number[]) => Math.min(...xs);
    console.log(
      `${label}: POST /api/v2/pull holdings, ${pages.length} pages of ${PAGE} (${(bytes / 1e6).toFixed(1)} MB) as the scale issuer: ${ms(best(endpoint))}; ` +
        `raw SQL docs_holdings(ids) same pages ${ms(best(builder))} (${ratio(best(endpoint), best(builder))}); ` +
        `raw SQL ready text same pages ${ms(best(ready))} (${ratio(best(endpoint), best(ready))}); best of 3 each, ` +
        `runs ${endpoint.map((x) => x.toFixed(0)).join("/")} | ${builder.map((x) => x.toFixed(0)).join("/")} | ${ready.map((x) => x.toFixed(0)).join("/")}; load ${load()}`,
    );
    if (!databaseUrl)
      console.log(
        `${label}: the same in CPU time of the process (PGlite in it): endpoint ${ms(best(cpu.endpoint))}, builder ${ms(best(cpu.builder))} (${ratio(best(cpu.endpoint), best(cpu.builder))}), ready text ${ms(best(cpu.ready))} (${ratio(best(cpu.endpoint), best(cpu.ready))})`,
      );

    // 4. writes
    await writeCosts(db, issuerId, label, !databaseUrl);
  } finally {
    await server.close();
  }
}

if (!values["pg-only"]) await benchDatabase("PGlite");
if (!values["no-pg"] && pgClusterAvailable) {
  const cluster = await startPgCluster();
  try {
    await benchDatabase("PostgreSQL", cluster.url);
  } finally {
    await cluster.stop();
  }
} else {
  console.log("PostgreSQL: skipped");
}
console.log(`load average at the end ${load()}`);
process.exit(0);
