// A phone's first visit (issue 22 item 13): Lighthouse's mobile preset with simulated throttling (slow 4G, 4x CPU)
// on /login signed out and on the investor's /portfolio signed in, each in a fresh profile (empty cache, no service
// worker, no local database). Figures, not a test: it writes the scores, FCP, LCP, TBT and the bytes on the wire to
// bench/RESULTS.md (its own section, between the lighthouse markers) and bench/results/lighthouse.json.
//
//   node bench/lighthouse.ts              # builds dist/ when the sources are newer, then runs both pages
//   node bench/lighthouse.ts --runs 3     # the median of three runs per page
//   node bench/lighthouse.ts --runs 3 --page /portfolio --dist /tmp/trial   # one page of another build (a trial;
//                                         # nothing written to RESULTS.md)
//
// The production build is served by the real server in-process (tests/helpers/server.ts: in-memory PGlite with the
// demo data). Signed in means the investor's session cookie is sent with every request (Lighthouse's extraHeaders).
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    // one page only (e.g. --page /portfolio), for comparing two builds; the section of RESULTS.md is not written
    page: { type: "string" },
    // a build elsewhere (e.g. a trial's `vite build --outDir`), served instead of dist/; RESULTS.md not written
    dist: { type: "string" },
  },
});
const partial = Boolean(values.page || values.dist);
const runs = Math.max(1, Number(values.runs) || 1);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const INVESTOR = "investor@demo.test";

const { ensureBuilt, distDir } = await import("../tests/e2e/app.ts");
const { startTestServer } = await import("../tests/helpers/server.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

interface PageFigures {
  path: string;
  signedIn: boolean;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  clsScore: number;
  lcpElement: string;
  transferBytes: number;
  requests: number;
  /** Transfer size by resource type (script, stylesheet, document, ...). */
  byType: Record<string, number>;
  /** The five largest transfers. */
  largest: Array<{ url: string; transferBytes: number; resourceBytes: number; encoding: string }>;
  /** Requests the page started before its largest paint (as observed, unthrottled): what the simulated LCP waits for. */
  beforeLcp: { requests: number; transferBytes: number };
  /** Main-thread time by script (Lighthouse's bootup-time, CPU-throttled), the three largest. */
  mainThread: Array<{ url: string; ms: number }>;
}

const log = (message: string) => console.log(`[lighthouse ${new Date().toISOString().slice(11, 19)}] ${message}`);

type Audit = { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } };

function figures(path: string, signedIn: boolean, lhr: Record<string, unknown>): PageFigures {
  const audits = lhr.audits as Record<string, Audit>;
  const categories = lhr.categories as Record<string, { score: number | null }>;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = (audits["network-requests"]?.details?.items ?? []) as Array<{
    url: string;
    networkRequestTime?: number;
    transferSize?: number;
    resourceSize?: number;
    resourceType?: string;
    responseHeaders?: Array<{ name: string; value: string }>;
  }>;
  const byType: Record<string, number> = {};
  for (const r of requests)
    byType[r.resourceType ?? "Other"] = (byType[r.resourceType ?? "Other"] ?? 0) + (r.transferSize ?? 0);
  const observedLcp =
    (audits.metrics?.details?.items?.[0] as { observedLargestContentfulPaint?: number } | undefined)
      ?.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
  const early = requests.filter((r) => (r.networkRequestTime ?? Number.POSITIVE_INFINITY) < observedLcp);
  const bootup = (audits["bootup-time"]?.details?.items ?? []) as Array<{ url: string; total: number }>;
  const lcpItems = audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const firstTable = (lcpItems[0] as { items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> } | undefined)
    ?.items?.[0];
  return {
    path,
    signedIn,
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    speedIndexMs: value("speed-index"),
    clsScore: value("cumulative-layout-shift"),
    lcpElement: firstTable?.node?.nodeLabel ?? firstTable?.node?.snippet ?? "(none)",
    transferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
    byType,
    largest: [...requests]
      .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
      .slice(0, 5)
      .map((r) => ({
        url: new URL(r.url).pathname,
        transferBytes: r.transferSize ?? 0,
        resourceBytes: r.resourceSize ?? 0,
        encoding: "",
      })),
    beforeLcp: { requests: early.length, transferBytes: early.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) },
    mainThread: bootup.slice(0, 3).map((b) => ({
      url: /^https?:/.test(b.url) ? new URL(b.url).pathname : b.url,
      ms: Math.round(b.total),
    })),
  };
}

function median(list: PageFigures[]): PageFigures {
  const sorted = [...list].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)] as PageFigures;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

function markdown(
  results: PageFigures[],
  meta: { startedOn: string; lighthouse: string; chromium: string; load: string },
): string {
  const lines = [
    "## Lighthouse: a phone's first visit (bench/lighthouse.ts)",
    "",
    `Run ${meta.startedOn.slice(0, 16).replace("T", " ")} UTC, Lighthouse ${meta.lighthouse}, ${meta.chromium}, mobile preset,`,
    `simulated throttling (slow 4G, 4x CPU), fresh profile each run, median of ${runs} run(s). Target (issue 22): 90 or`,
    "more for performance and largest paint within 2.5 s on /login and the investor's /portfolio. Simulated",
    `throttling scales the CPU time it observed: a busy machine (load average at the start: ${meta.load}) inflates TBT and LCP.`,
    "",
    "| Page | Score | FCP | LCP | TBT | Speed index | CLS | Transferred | Requests | LCP element |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.path}${r.signedIn ? " (investor)" : ""} | **${r.score}** | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${s(r.speedIndexMs)} | ${r.clsScore.toFixed(3)} | ${kb(r.transferBytes)} | ${r.requests} | ${r.lcpElement.replace(/\|/g, "/").slice(0, 60)} |`,
    ),
    "",
    "Before the largest paint (requests the page started before it, as observed) and main-thread time by script:",
    "",
    ...results.map(
      (r) =>
        `- ${r.path}: ${r.beforeLcp.requests} requests, ${kb(r.beforeLcp.transferBytes)} before the largest paint; main thread: ${r.mainThread.map((m) => `${m.url} ${m.ms} ms`).join(", ")}`,
    ),
    "",
    "Bytes on the wire by type and the largest transfers:",
    "",
    ...results.flatMap((r) => [
      `- ${r.path}: ${Object.entries(r.byType)
        .filter(([, bytes]) => bytes > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([type, bytes]) => `${type} ${kb(bytes)}`)
        .join(
          ", ",
        )}; largest: ${r.largest.map((l) => `${l.url} ${kb(l.transferBytes)} (of ${kb(l.resourceBytes)})`).join(", ")}`,
    ]),
    "",
  ];
  return lines.join("\n");
}

const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";

function writeSection(section: string): void {
  const file = join(root, "bench", "RESULTS.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results (last run)\n";
  const block = `${START}\n\n${section}\n${END}`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** Whether every script and style sheet of 1 KB or more in `dir` has its brotli copy (a whole, finished build). */
function completeBuild(dir: string): boolean {
  const assets = join(dir, "assets");
  // precompress.ts skips files under 1 KB (index.html with few modulepreload links is one).
  const compressed = (file: string) => statSync(file).size < 1024 || existsSync(`${file}.br`);
  if (!existsSync(join(dir, "index.html")) || !compressed(join(dir, "index.html")) || !existsSync(assets)) return false;
  return readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .every((name) => compressed(join(assets, name)));
}

// A private copy of the build: another build of the work tree must not change the files under measurement.
const servedDir = mkdtempSync(join(os.tmpdir(), "ll-lighthouse-dist-"));
for (let attempt = 0; ; attempt++) {
  if (!values.dist) ensureBuilt(attempt > 0);
  rmSync(servedDir, { recursive: true, force: true });
  cpSync(values.dist ?? distDir, servedDir, { recursive: true });
  if (completeBuild(servedDir)) break;
  if (attempt === 2) throw new Error("dist/ keeps changing while it is copied: is another build running?");
}
const server = await startTestServer({ distDir: servedDir });
const investor = await signInAs(server.client(), INVESTOR);
const cookie = `ll_session=${investor.client.session ?? ""}`;
log(`server on ${server.url}`);
const startedOn = new Date().toISOString();
const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(" / ");
const results: PageFigures[] = [];
let chromium = "chromium";
const lighthouseVersion = (
  JSON.parse(readFileSync(join(root, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }
).version;
try {
  for (const page of [
    { path: "/login", signedIn: false },
    { path: "/portfolio", signedIn: true },
  ].filter((p) => !values.page || p.path === values.page)) {
    const perPage: PageFigures[] = [];
    let failures = 0;
    for (let run = 0; run < runs; run++) {
      // A fresh profile per run: no HTTP cache, no service worker, no IndexedDB (a first visit).
      const chrome = await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      try {
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          formFactor: "mobile",
          screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
          throttlingMethod: "simulate",
          extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
        });
        if (!result) throw new Error("lighthouse returned nothing");
        const lhr = result.lhr as unknown as Record<string, unknown>;
        chromium = String((lhr.environment as { hostUserAgent?: string })?.hostUserAgent ?? chromium).replace(
          /^.*(HeadlessChrome|Chrome)\/([\d.]+).*$/,
          "Chromium $2",
        );
        const runtimeError = lhr.runtimeError as { message?: string } | undefined;
        if (runtimeError?.message) {
          // Lighthouse could not record this run (e.g. NO_NAVSTART on a loaded machine): run it again
          log(`${page.path}: runtime error, run again: ${runtimeError.message}`);
          if (++failures <= 3) run--;
          continue;
        }
        const f = figures(page.path, page.signedIn, lhr);
        // the whole report of the last run, for a closer look (bootup-time, long-tasks, network-requests)
        mkdirSync(join(root, "bench", "results"), { recursive: true });
        writeFileSync(
          join(root, "bench", "results", `lighthouse${page.path.replace(/\//g, "-")}.json`),
          JSON.stringify(lhr),
        );
        if ((lhr.finalDisplayedUrl as string | undefined) && !String(lhr.finalDisplayedUrl).endsWith(page.path)) {
          log(`${page.path}: ended on ${String(lhr.finalDisplayedUrl)}`);
        }
        log(
          `${page.path} run ${run + 1}: score ${f.score}, FCP ${s(f.fcpMs)}, LCP ${s(f.lcpMs)}, TBT ${Math.round(f.tbtMs)} ms, ${kb(f.transferBytes)} in ${f.requests} requests, LCP element ${f.lcpElement}`,
        );
        perPage.push(f);
      } finally {
        await chrome.kill();
      }
    }
    if (perPage.length) results.push(median(perPage));
  }
} finally {
  await server.close();
  rmSync(servedDir, { recursive: true, force: true });
}

if (partial) {
  for (const r of results)
    log(`median ${r.path}: score ${r.score}, FCP ${s(r.fcpMs)}, LCP ${s(r.lcpMs)}, TBT ${Math.round(r.tbtMs)} ms`);
  log(`${values.page ?? "both pages"} of ${values.dist ?? "dist/"}: not written to bench/RESULTS.md`);
  process.exit(0);
}
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(
  join(root, "bench", "results", "lighthouse.json"),
  `${JSON.stringify({ startedOn, lighthouse: lighthouseVersion, chromium, runs, results }, null, 2)}\n`,
);
writeSection(markdown(results, { startedOn, lighthouse: lighthouseVersion, chromium, load }));
log("wrote bench/RESULTS.md (lighthouse section) and bench/results/lighthouse.json");
process.exit(0);
