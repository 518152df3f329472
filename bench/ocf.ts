// OCF export and import of a large issuer (issue 20): figures, not pass/fail.
//
//   node bench/ocf.ts [--holdings 50000]
//
// Starts the real server in-process (in-memory PGlite, migrated, demo data), seeds the scale issuer
// (sync/seed/scale.ts: N holdings), and as its owner through HTTP: GET /api/v2/reports/ocf (the package, streamed),
// validates it like the official validator plus the reference checks (issuances equal to the cap table),
// POST /api/v2/imports/ocf (preview) and /confirm (apply) into an empty issuer, and exports that issuer again.
// Writes the figures into bench/RESULTS.md's "OCF" section (between its markers; `npm run bench` rewrites the
// rest of that file) and prints them.
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readOcfPackage } from "../sync/ocf/import.ts";
import { referenceProblems } from "../sync/ocf/validate.ts";
import { chunksOf } from "../sync/ocf/zip.ts";
import { SCALE_EMAIL, seedScale } from "../sync/seed/scale.ts";
import { startTestServer, type TestClient } from "../tests/helpers/server.ts";

const { values } = parseArgs({ options: { holdings: { type: "string", default: "50000" } } });
const holdings = Number(values.holdings);
const RESULTS = join(import.meta.dirname, "RESULTS.md");
const START = "<!-- ocf:start -->";
const END = "<!-- ocf:end -->";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

/** Wall time and the process's CPU time (server, PGlite and bench share this process: CPU time is what the work
 * cost, wall time what it took on a machine shared with other jobs). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}
const both = (t: { ms: number; cpuMs: number }) => `${seconds(t.ms)} (CPU ${seconds(t.cpuMs)})`;

async function signedIn(t: Awaited<ReturnType<typeof startTestServer>>, accountId: string): Promise<TestClient> {
  const client = t.client();
  if ((await client.signIn(SCALE_EMAIL)).status !== 200) throw new Error("sign-in failed");
  if ((await client.selectAccount(accountId)).status !== 303) throw new Error("account selection failed");
  return client;
}

async function exportOf(client: TestClient): Promise<Uint8Array> {
  const response = await client.fetch("/api/v2/reports/ocf");
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const loadBefore = loadavg()
  .map((l) => l.toFixed(2))
  .join(" / ");
const t = await startTestServer();
const rows: [string, string][] = [];
try {
  const db = t.server.db;
  const seeded = await timed(() => seedScale(db, { holdings }));
  const issuerId = seeded.value.issuerId;
  const owner = await signedIn(t, issuerId);

  const exported = await timed(() => exportOf(owner));
  rows.push([`Export: GET /api/v2/reports/ocf, ${holdings.toLocaleString("en-US")} issuances`, both(exported)]);
  rows.push(["Package size (zip)", mb(exported.value.length)]);

  const validated = await timed(() => readOcfPackage(chunksOf(exported.value)));
  const { rows: cap } = await db.query<{ class_id: string; units: string }>(
    `select a.id as class_id, trim_scale(sum(h.amount))::text as units from app_public.holdings h
       join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
      where a.issuer_id = $1 and a.type = 'equity' group by a.id`,
    [issuerId],
  );
  const referenceErrors = referenceProblems({
    objects: validated.value.objects,
    capTable: new Map(cap.map((c) => [c.class_id, c.units])),
  });
  const errors = validated.value.problems.length + referenceErrors.length;
  rows.push([
    "Validation (unzip, ajv per object, reference checks, totals = cap table)",
    `${both(validated)}, ${errors} problems in ${validated.value.objects.length.toLocaleString("en-US")} objects`,
  ]);

  const { rows: created } = await db.query<{ id: string }>(
    `with a as (insert into app_public.accounts (type, name, email, setup)
                values ('issuer', 'OCF Bench Import ' || gen_random_uuid(), 'bench@ocf-import.example', true) returning id)
     insert into app_public.users_accounts (user_id, account_id, role)
     select ue.user_id, a.id, 'account_owner' from a, app_public.user_emails ue where ue.email = $1
     returning account_id as id`,
    [SCALE_EMAIL],
  );
  const targetId = created[0]?.id ?? "";
  const importer = await signedIn(t, targetId);
  const post = (path: string) =>
    importer.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/zip" },
      body: exported.value as BodyInit,
    });
  const preview = await timed(async () => {
    const response = await post("/api/v2/imports/ocf");
    return { status: response.status, body: await response.json() };
  });
  rows.push([
    "Import preview: POST /api/v2/imports/ocf",
    `${both(preview)} (${preview.value.status}, ${preview.value.body.issuances} issuances, ${preview.value.body.errors} errors)`,
  ]);
  const applied = await timed(async () => {
    const response = await post("/api/v2/imports/ocf/confirm");
    return { status: response.status, body: await response.json() };
  });
  rows.push([
    `Import: POST /api/v2/imports/ocf/confirm, one transaction`,
    `${both(applied)} (${applied.value.status}, ${applied.value.body.issuances} issuances)`,
  ]);
  const again = await timed(() => exportOf(importer));
  const second = await readOcfPackage(chunksOf(again.value));
  const count = (objects: typeof second.objects) =>
    objects.filter((o) => o.item.object_type === "TX_STOCK_ISSUANCE").length;
  rows.push([
    "Export of the imported issuer",
    `${both(again)}, ${count(second.objects).toLocaleString("en-US")} issuances (${second.problems.length} problems)`,
  ]);
  rows.push(["Peak resident memory of the process (server, database and bench)", mb(peakRss)]);
  rows.push(["Scale seed (not part of the figures)", seconds(seeded.ms)]);
} catch (error) {
  rows.push(["Error", String((error as Error).stack ?? error)]);
} finally {
  clearInterval(sampler);
  await t.close();
}

const section = [
  START,
  "## OCF export and import (bench/ocf.ts)",
  "",
  `Run on ${new Date().toISOString()} with \`node bench/ocf.ts --holdings ${holdings}\`: the real server in-process on in-memory PGlite, as the scale issuer's owner through HTTP. Target (issue 20): export and import of 50,000 issuances each under a minute. Wall time, and in brackets the process's CPU time (server, PGlite and bench run in this one process). Machine: ${cpus().length} cores, load average ${loadBefore} at the start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")} at the end (other jobs share these cores).`,
  "",
  "| Figure | Value |",
  "| --- | --- |",
  ...rows.map(([name, value]) => `| ${name} | ${value.replaceAll("\n", " ")} |`),
  END,
].join("\n");
let text = "";
try {
  text = readFileSync(RESULTS, "utf8");
} catch {
  text = "";
}
const start = text.indexOf(START);
const end = text.indexOf(END);
text =
  start >= 0 && end > start
    ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
    : `${text.trimEnd()}\n\n${section}\n`;
writeFileSync(RESULTS, text);
console.log(section);
process.exit(0);
