// node bench/diagnose-grid.ts [--holdings 10000] [--runs 3] [--no-profile] [--dist <dir>]
//
// Where the /holdings grid's time from navigation goes (bench/README.md "Holdings grid"): seeds the scale issuer,
// syncs /dashboard in chromium on a production build exactly as `npm run bench` does, then loads /holdings --runs
// times (a fresh page load each). Each run is paired with a raw Dexie read of all holdings (the bench's limit, the
// same run), and prints the app's User Timing marks (ll:*) and, with a profile, the main thread's busy time between
// them and the functions that used it (self time). Prints a summary; writes nothing. A diagnosis aid, not a
// benchmark. --dist serves that build instead of dist/ (a private build: other helpers rebuild dist/).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { appSync, benchDist, holdingsGrid, installRecorder, rawDexie, rawOrigin, removeDir } from "./lib/browser.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    "no-profile": { type: "boolean", default: false },
    dist: { type: "string" },
  },
});
const profiling = !values["no-profile"];
const holdings = Math.max(1, Number(values.holdings));
const runs = Math.max(1, Number(values.runs));

process.env.GRAPHILE_ENV ??= "development";
const { ensureBuilt, distDir } = await import("../tests/e2e/app.ts");
const { startTestServer } = await import("../tests/helpers/server.ts");
const { launchBrowser, newContext } = await import("../tests/helpers/browser.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const round = (n: number) => Math.round(n).toLocaleString("en-US");
const load = () => {
  try {
    return (globalThis as { process: NodeJS.Process }).process
      .getBuiltinModule("node:fs")
      .readFileSync("/proc/loadavg", "utf8")
      .split(" ")
      .slice(0, 3)
      .join(" ");
  } catch {
    return "?";
  }
};

if (!values.dist) ensureBuilt();
const served = benchDist(values.dist ?? distDir, join(import.meta.dirname, ".."));
const server = await startTestServer({ distDir: served });
const browser = await launchBrowser();
try {
  const seedStart = performance.now();
  await seedScale(server.server.db, { holdings });
  console.log(`seeded ${holdings} holdings in ${round(performance.now() - seedStart)} ms`);
  const issuer = await signInAs(server.client(), SCALE_EMAIL);
  const context = await newContext(browser, server.url);
  const rawAt = rawOrigin(server.url);
  await context.addCookies(
    [server.url, rawAt].map((url) => ({ name: "ll_session", value: issuer.client.session ?? "", url })),
  );
  const page = await context.newPage();
  const raw = await rawDexie(page, holdings, rawAt);
  await installRecorder(context, raw.counts, holdings);
  const sync = await appSync(page, Math.max(300_000, holdings * 30));
  console.log(
    `${raw.documents} documents; app sync ${round(sync.syncMs)} ms; raw read ${round(raw.readHoldingsMs)} ms`,
  );
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text().slice(0, 200));
  });
  page.on("pageerror", (error) => problems.push(String(error).slice(0, 200)));
  const cdp = await context.newCDPSession(page);

  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    const profile = profiling && run === runs - 1;
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
      await cdp.send("Profiler.start");
    }
    const grid = await holdingsGrid(page, 120_000);
    const marks = await page.evaluate(() =>
      performance
        .getEntries()
        .filter((e) => e.entryType === "mark" || e.entryType === "measure")
        .filter((e) => e.name.startsWith("ll:"))
        .map((e) => ({ name: e.name, start: e.startTime, duration: e.duration, type: e.entryType })),
    );
    // the limit, in the same run: a raw read of all holdings (Dexie closed and reopened), in the same page once the
    // grid is done (/bench.html is the app's page once its service worker controls the origin)
    await page.addScriptTag({ url: "/bench-dexie.js" });
    await page.waitForTimeout(4000);
    const rawMs = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: Dexie's UMD global
      const Dexie = (window as unknown as { Dexie: any }).Dexie;
      const db = new Dexie("bench-raw");
      db.version(1).stores({ holdings: "id" });
      await db.open();
      const start = performance.now();
      await db.table("holdings").toArray();
      const elapsed = performance.now() - start;
      db.close();
      return elapsed;
    });
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === "script" || e.name.includes("/api/"))
        .map((e) => ({ name: e.name.split("/").pop() ?? "", start: e.startTime, end: e.responseEnd })),
    );
    ratios.push(grid.gridMs / rawMs);
    console.log(
      `\nrun ${run + 1} (load ${load()}): grid ${round(grid.gridMs)} ms (first row ${round(grid.firstRowMs)}, heading ${round(grid.headingMs ?? 0)}); raw read ${round(rawMs)} ms; ratio ${(grid.gridMs / rawMs).toFixed(2)}x; from heading ${((grid.gridMs - (grid.headingMs ?? 0)) / rawMs).toFixed(2)}x`,
    );
    for (const mark of marks.sort((a, b) => a.start - b.start))
      console.log(
        `  ${mark.type === "mark" ? "mark   " : "measure"} ${round(mark.start).padStart(6)} ${mark.type === "measure" ? `+${round(mark.duration)}` : ""} ${mark.name}`,
      );
    for (const s of scripts.filter((s) => s.name.includes("api") || s.name.includes("graphql")))
      console.log(`  request ${round(s.start)}-${round(s.end)} ${s.name}`);
    if (profile) {
      const { profile: p } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      const navigationStart = await page.evaluate(() => performance.timeOrigin);
      const nodes = new Map(p.nodes.map((node) => [node.id, node]));
      const parent = new Map<number, number>();
      for (const node of p.nodes as Array<ProfileNode & { children?: number[] }>)
        for (const child of node.children ?? []) parent.set(child, node.id);
      // the script file a sample's time belongs to: its innermost frame that has one (natives count for their caller)
      const fileOf = (id: number): string => {
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const url = nodes.get(at)?.callFrame.url;
          if (url) return (url.split("/").pop() ?? "").replace(/-[\w-]{8}\.js$/, "");
        }
        return nodes.get(id)?.callFrame.functionName ?? "?";
      };
      const byFile = new Map<string, number>();
      const fileWindows = new Map<number, Map<string, number>>();
      const self = new Map<string, number>();
      // busy time per 100 ms window after navigation start
      const windows = new Map<number, number>();
      let t = p.startTime / 1000; // ms, monotonic clock
      const origin = t;
      let total = 0;
      p.samples.forEach((id, i) => {
        const delta = (p.timeDeltas[i] ?? 0) / 1000;
        t += delta;
        total += delta;
        const frame = nodes.get(id)?.callFrame;
        const file = frame?.url.split("/").pop() ?? "";
        const key = frame
          ? `${frame.functionName || "(anonymous)"} ${file}${file ? `:${frame.lineNumber}:${frame.columnNumber}` : ""}`
          : "?";
        self.set(key, (self.get(key) ?? 0) + delta);
        if (key.startsWith("(idle)")) return;
        const w = Math.floor((t - origin) / 100);
        windows.set(w, (windows.get(w) ?? 0) + delta);
        const script = fileOf(id);
        byFile.set(script, (byFile.get(script) ?? 0) + delta);
        const perFile = fileWindows.get(w) ?? new Map<string, number>();
        perFile.set(script, (perFile.get(script) ?? 0) + delta);
        fileWindows.set(w, perFile);
      });
      void navigationStart;
      const idle = self.get("(idle) ") ?? 0;
      console.log(
        `  profile (profiler on: slower): ${round(total)} ms, idle ${round(idle)} ms, busy ${round(total - idle)} ms`,
      );
      console.log(
        `  busy per 100 ms since the profile started: ${[...windows]
          .sort((a, b) => a[0] - b[0])
          .map(([w, ms]) => `${w}:${round(ms)}`)
          .join(" ")}`,
      );
      console.log(
        `  busy by script file: ${[...byFile]
          .sort((a, b) => b[1] - a[1])
          .map(([f, ms]) => `${f} ${round(ms)}`)
          .join(", ")}`,
      );
      for (const [w, perFile] of [...fileWindows].sort((a, b) => a[0] - b[0]))
        console.log(
          `    ${String(w * 100).padStart(5)}: ${[...perFile]
            .sort((a, b) => b[1] - a[1])
            .filter(([, ms]) => ms >= 3)
            .map(([f, ms]) => `${f} ${round(ms)}`)
            .join(", ")}`,
        );
      for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
        console.log(`    ${round(ms).padStart(5)} ms  ${key}`);
    }
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `\ngrid / raw read per run: ${ratios.map((r) => `${r.toFixed(2)}x`).join(", ")}; median ${(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0).toFixed(2)}x`,
  );
  console.log(`console errors and warnings: ${problems.length}`);
  for (const problem of problems.slice(0, 5)) console.log(`  ${problem}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
  removeDir(served);
}
