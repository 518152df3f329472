// node bench/diagnose-sync.ts [--holdings 10000] [--no-profile] [--filled] [--monitor]
//
// Where the app's initial sync spends its time (bench/README.md "Initial sync"): seeds the scale issuer, opens
// /dashboard in chromium on a production build exactly as `npm run bench` does, and meanwhile records
//   * the pull requests (POST /api/v2/pull): how long the server took, and for how much of the sync at least one
//     request was in flight (the rest is time the server waited for the device);
//   * a CPU profile of the page's main thread: busy time, and the functions that used it (self time);
//   * the long animation frames and the scripts that made them long.
// Prints a summary; writes nothing. A diagnosis aid, not a benchmark.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { appSync, benchDist, installRecorder, rawDexie, rawOrigin, removeDir } from "./lib/browser.ts";
import { fillReadyStore } from "./lib/ready-fill.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "10000" },
    "no-profile": { type: "boolean", default: false },
    filled: { type: "boolean", default: false },
    monitor: { type: "boolean", default: false },
  },
});
const profiling = !values["no-profile"];
const holdings = Math.max(1, Number(values.holdings));

process.env.GRAPHILE_ENV ??= "development";
const { ensureBuilt, distDir } = await import("../tests/e2e/app.ts");
const { startTestServer } = await import("../tests/helpers/server.ts");
const { newProfileContext } = await import("../tests/helpers/browser.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const round = (n: number) => Math.round(n).toLocaleString("en-US");

await ensureBuilt();
const served = benchDist(distDir, join(import.meta.dirname, ".."));
const server = await startTestServer({ distDir: served });

try {
  await seedScale(server.server.db, { holdings });
  // the ready store as the writing transactions keep it (the scale seed leaves it cold: the bootstrap then builds)
  if (values.filled) console.log(`ready store filled: ${JSON.stringify(await fillReadyStore(server.server.db))}`);
  const issuer = await signInAs(server.client(), SCALE_EMAIL);
  // a profile on disk, as the bench's (an incognito context's in-memory IndexedDB refuses a 200,000-holding sync)
  const profiled = await newProfileContext(server.url);
  const context = profiled.context;
  const rawAt = rawOrigin(server.url);
  await context.addCookies(
    [server.url, rawAt].map((url) => ({ name: "ll_session", value: issuer.client.session ?? "", url })),
  );
  const page = await context.newPage();
  const raw = await rawDexie(page, holdings, rawAt);
  if (Object.keys(raw.repeated).length > 0)
    console.log(`documents fetched again, counted once: ${JSON.stringify(raw.repeated)}`);
  await installRecorder(context, raw.counts, holdings);

  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text().slice(0, 200));
  });
  page.on("pageerror", (error) => problems.push(String(error).slice(0, 200)));
  const pulls: Array<{ model: string; start: number; end: number; wait: number }> = [];
  const streams: Array<{ model: string; start: number; firstByte: number; end: number }> = [];
  page.on("requestfinished", (request) => {
    if (request.url().includes("/api/v2/bootstrap")) {
      const timing = request.timing();
      streams.push({
        model: new URL(request.url()).searchParams.get("model") ?? "?",
        start: timing.startTime,
        firstByte: timing.startTime + timing.responseStart,
        end: timing.startTime + timing.responseEnd,
      });
      return;
    }
    if (!request.url().endsWith("/api/v2/pull")) return;
    const timing = request.timing();
    const model = (JSON.parse(request.postData() ?? "{}") as { model?: string }).model ?? "?";
    pulls.push({
      model,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
      wait: timing.responseStart - timing.requestStart,
    });
  });
  const cdp = await context.newCDPSession(page);
  if (profiling) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
    await cdp.send("Profiler.start");
  }
  // the page's JS heap and this process's RSS (server and PGlite), sampled every 250 ms, as bench/run.ts does
  const heapCdp = await context.newCDPSession(page);
  await heapCdp.send("Performance.enable");
  const peaks = { heap: 0, rss: 0 };
  const sampler = setInterval(
    () =>
      void (async () => {
        peaks.rss = Math.max(peaks.rss, process.memoryUsage().rss);
        const { metrics } = await heapCdp.send("Performance.getMetrics");
        peaks.heap = Math.max(peaks.heap, metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0);
      })().catch(() => {}),
    250,
  );
  const navigationStart = Date.now();
  // --monitor: every 15 s, what the page says and what the end-of-sync poll saw last (a sync whose end is not seen)
  const monitor = values.monitor
    ? setInterval(() => {
        void page
          .evaluate(() => {
            const bench = (window as unknown as { __bench?: Record<string, unknown> }).__bench;
            return {
              at: Math.round(performance.now()),
              status: document.querySelector('[role="status"]')?.textContent ?? "",
              syncDoneAt: bench?.syncDoneAt,
              pollError: bench?.pollError,
              pollSeen: bench?.pollSeen,
            };
          })
          .then(
            (seen) => console.log(`[monitor] ${JSON.stringify(seen)}`),
            (error: unknown) => console.log(`[monitor] ${String(error).slice(0, 200)}`),
          );
      }, 15_000)
    : null;
  const sync = await appSync(page, Math.max(300_000, holdings * 30)).finally(() => {
    if (monitor) clearInterval(monitor);
  });
  const { profile } = profiling
    ? ((await cdp.send("Profiler.stop")) as unknown as { profile: Profile })
    : { profile: { nodes: [], samples: [], timeDeltas: [] } };

  console.log(
    `\n${raw.documents} documents; raw fetch ${round(raw.fetchMs)} ms, raw bulkPut ${round(raw.bulkPutMs)} ms, in RxDB's stored format ${round(raw.rxFormatPutMs)} ms (${(raw.rxFormatPutMs / raw.bulkPutMs).toFixed(2)}x), in the app's own format ${round(raw.ownFormatPutMs)} ms (${(raw.ownFormatPutMs / raw.bulkPutMs).toFixed(2)}x)`,
  );
  console.log(
    `app sync ${round(sync.syncMs)} ms (${(sync.syncMs / raw.bulkPutMs).toFixed(2)}x of bulkPut, ${(sync.syncMs / raw.ownFormatPutMs).toFixed(2)}x of the app's format's)`,
  );
  console.log(`longest task ${round(sync.longestTaskMs)} ms; ${sync.longTasks} long tasks`);
  clearInterval(sampler);
  console.log(
    `peak JS heap of the page ${(peaks.heap / 2 ** 20).toFixed(0)} MiB; peak RSS of this process ${(peaks.rss / 2 ** 20).toFixed(0)} MiB`,
  );

  // server: in-flight union and per-model response waits
  const intervals = pulls.map((p) => [p.start, p.end] as const).sort((a, b) => a[0] - b[0]);
  let inFlight = 0;
  let cursor = 0;
  for (const [start, end] of intervals) {
    const from = Math.max(start, cursor);
    if (end > from) inFlight += end - from;
    cursor = Math.max(cursor, end);
  }
  const firstPull = intervals[0]?.[0] ?? navigationStart;
  console.log(
    `pull requests ${pulls.length}; first at ${round(firstPull - navigationStart)} ms; at least one in flight ${round(inFlight)} ms of ${round(cursor - firstPull)} ms`,
  );
  // the bootstrap's streams (one per model, read by the worker): when each was asked for, its first byte, its end
  for (const stream of streams.sort((a, b) => a.start - b.start))
    console.log(
      `  bootstrap ${stream.model}: asked at ${round(stream.start - navigationStart)} ms, first byte after ${round(stream.firstByte - stream.start)} ms, read in ${round(stream.end - stream.firstByte)} ms`,
    );
  const byModel = new Map<string, { n: number; wait: number }>();
  for (const pull of pulls) {
    const entry = byModel.get(pull.model) ?? { n: 0, wait: 0 };
    entry.n++;
    entry.wait += pull.wait;
    byModel.set(pull.model, entry);
  }
  for (const [model, entry] of [...byModel].sort((a, b) => b[1].wait - a[1].wait))
    console.log(
      `  ${model}: ${entry.n} pages, server wait ${round(entry.wait)} ms (${round(entry.wait / entry.n)} ms a page)`,
    );

  // the bootstrap's worker: per model, when its first and last page moved (from navigation), and its time waiting for
  // the stream's bytes, parsing lines and writing pages (writes overlap the next page's wait)
  const origin = await page.evaluate(() => performance.timeOrigin);
  for (const worker of page.workers()) {
    const times = await worker
      .evaluate(
        () => (self as unknown as { __llBootstrapTimes?: Record<string, Record<string, number>> }).__llBootstrapTimes,
      )
      .catch(() => undefined);
    for (const [model, t] of Object.entries(times ?? {}).sort((a, b) => (a[1].startedAt ?? 0) - (b[1].startedAt ?? 0)))
      console.log(
        `  worker ${model}: ${round((t.startedAt ?? 0) - origin)}-${round((t.endedAt ?? 0) - origin)} ms; wait ${round(t.wait ?? 0)} ms, parse ${round(t.parse ?? 0)} ms, write ${round(t.write ?? 0)} ms`,
      );
  }

  // main thread: self time per function
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    total += delta;
    const frame = nodes.get(id)?.callFrame;
    const file = frame?.url.split("/").pop() ?? "";
    const key = frame ? `${frame.functionName || "(anonymous)"} ${file}${file ? `:${frame.lineNumber}` : ""}` : "?";
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  const idle = self.get("(idle) ") ?? 0;
  console.log(`main thread profiled ${round(total)} ms, idle ${round(idle)} ms, busy ${round(total - idle)} ms`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${round(ms)} ms  ${key}`);
  // the browser's own functions (no script) by the nearest script function that called them
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byCaller = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.url || frame.functionName.startsWith("(")) return;
    // the four nearest script functions up the stack
    const callers: string[] = [];
    for (let up = parent.get(id); up !== undefined && callers.length < 14; up = parent.get(up)) {
      const caller = nodes.get(up)?.callFrame;
      if (caller?.url)
        callers.push(
          `${caller.functionName || "(anonymous)"} ${caller.url.split("/").pop()}:${caller.lineNumber}:${caller.columnNumber ?? 0}`,
        );
    }
    const key = `${frame.functionName} <- ${callers.join(" <- ") || "?"}`;
    byCaller.set(key, (byCaller.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [key, ms] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  native ${round(ms)} ms  ${key}`);

  console.log(`console errors and warnings during the sync: ${problems.length}`);
  for (const problem of problems.slice(0, 5)) console.log(`  ${problem}`);
  for (const frame of sync.longestFrames)
    console.log(`long frame at ${round(frame.start)} ms: ${round(frame.duration)} ms; ${frame.scripts.join("; ")}`);
  await profiled.close();
} finally {
  await server.close();
  removeDir(served);
}
