// node bench/pull.ts [--holdings 50000] [--runs 2] [--no-pg]
//
// The pull endpoint's figure alone (issue 15: POST /api/v2/pull within 1.2x of the raw builder), as `npm run bench`
// measures it (bench/lib/api.ts), without the browser, the outbox or the bundle, and without writing RESULTS.md: per
// run and database (PGlite in-process; a throwaway PostgreSQL cluster when installed) a fresh server, the scale
// seed (its ready store cold: the seed writes with triggers off), then the scale issuer's holdings in pages of 1,000
// through GraphQL pullDocuments and the endpoint, each with the store cold (made cold again between them: a cold pull
// keeps the pages it builds), the time until the fill the endpoint started has built every holding, the same pages
// through both with the store filled, each against the raw builder docs_holdings(ids) on the same pages in the same
// run. Prints each figure with the load average at its start and end.
import os from "node:os";
import { parseArgs } from "node:util";
import { type ApiFigures, apiBench } from "./lib/api.ts";
import { ms, x } from "./lib/report.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "50000" },
    runs: { type: "string", default: "2" },
    "no-pg": { type: "boolean", default: false },
  },
});
const holdings = Math.max(1, Number(values.holdings));
const runs = Math.max(1, Number(values.runs));

process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { pgClusterAvailable, startPgCluster } = await import("../tests/helpers/pg-cluster.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

function print(label: string, run: number, api: ApiFigures, before: string): void {
  const at = new Date().toISOString().slice(11, 16);
  console.log(
    `${label} run ${run} (${holdings.toLocaleString("en-US")} holdings, ${api.pages} pages, ${at} UTC, load ${before} -> ${load()}):\n` +
      `  cold   POST /api/v2/pull ${ms(api.pullHttpMs)} / raw builder ${ms(api.pullSqlMs)} = ${x(api.pullHttpMs / api.pullSqlMs)}\n` +
      `  fill   ended ${ms(api.fillMs)} after the cold pull\n` +
      `  filled POST /api/v2/pull ${ms(api.pullHttpFilledMs)} / raw builder ${ms(api.pullSqlFilledMs)} = ${x(api.pullHttpFilledMs / api.pullSqlFilledMs)}\n` +
      `  GraphQL pullDocuments cold ${ms(api.pullMs)} = ${x(api.pullMs / api.pullSqlMs)}, filled ${ms(api.pullFilledMs)} = ${x(api.pullFilledMs / api.pullSqlFilledMs)}\n` +
      `  (allHoldings ${x(api.graphqlMs / api.sqlMs)})`,
  );
}

async function once(label: string, run: number, databaseUrl?: string): Promise<void> {
  const server = await startTestServer({ seedDemo: true, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    await seedScale(server.server.db, { holdings });
    const issuer = await signInAs(server.client(), SCALE_EMAIL);
    const before = load();
    const api = await apiBench(server.server.db, issuer.client, issuer.accountId);
    print(label, run, api, before);
  } finally {
    await server.close();
  }
}

for (let run = 1; run <= runs; run++) {
  await once("PGlite", run);
  if (!values["no-pg"] && pgClusterAvailable) {
    const cluster = await startPgCluster();
    try {
      await once("PostgreSQL", run, cluster.url);
    } finally {
      await cluster.stop();
    }
  }
}
process.exit(0);
