// Browser figures, in Debian chromium on the production build (one page, one origin):
//
// 1. /bench.html (a blank page added to a private copy of dist/, with Dexie 4.4.2's UMD build): fetch every read
//    model's documents through the pull endpoint (not timed), then time a raw Dexie bulkPut of them into a separate
//    IndexedDB database, and a raw read of all holdings back (after closing and reopening it).
// 2. /dashboard: the app opens the signed-in user's RxDB database and replicates every read model. An init script
//    polls the app's IndexedDB databases until each collection holds the documents of step 1 (`records` those of
//    every kind), and records long tasks (PerformanceObserver "longtask") and whether any progress indicator was on
//    screen meanwhile.
// 3. /holdings: time from navigation start until the AG Grid shows rows and counts all N holdings.
import { copyFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { fillWithDefaultSettings, type RxJsonSchema } from "rxdb";
import { COLLECTION_MODELS, isCollectionModel } from "../../src/data/models/index.ts";
import { isRecordKind, RECORD_SCHEMA } from "../../src/data/models/records.ts";
import { tableIndexes } from "../../src/data/storage/format.ts";
import { GRID_ROW_CAP } from "../../src/ui/data-grid-state.ts";

export const MODELS = [
  "assets",
  "rounds",
  "allocations",
  "distributions",
  "holdings",
  "customers",
  "securities",
  "accounts",
  "transactions",
  "broker_allocations",
  "documents",
] as const;

export interface RawFigures {
  /** documents per model, as the pull endpoint serves them (tombstones included) */
  counts: Record<string, number>;
  documents: number;
  fetchMs: number;
  bulkPutMs: number;
  /**
   * The same documents put the same way in RxDB's own stored format: each with the fields RxDB's Dexie storage adds
   * (_deleted as "0", _attachments, _meta.lwt, _rev), into one database per model with the indexes that storage
   * always creates ([_deleted+id], [_meta.lwt+id], _meta.lwt). No RxDB-backed app writes less: the format's floor.
   */
  rxFormatPutMs: number;
  /**
   * The same documents put the same way in the read models' own stored format (src/data/storage/format.ts): each
   * with `_meta.lwt` and `_rev` only (`_deleted` only when true), into one database per model with the collection's
   * declared indexes and `_meta.lwt`. The app's storage writes no less: its format's floor (issue 34).
   */
  ownFormatPutMs: number;
  readHoldingsMs: number;
  /** documents served again during the fetch (changed meanwhile), by model: counted once */
  repeated: Record<string, number>;
  holdingsRead: number;
}

export interface SyncFigures {
  /** navigation start of /dashboard -> every collection holds its documents */
  syncMs: number;
  /** navigation start -> first GraphQL request (app boot) */
  firstRequestMs: number | null;
  longestTaskMs: number;
  longTasksOver200: number;
  longTasks: number;
  /** the longest animation frames during the sync, with the scripts that ran in them (Long Animation Frames API) */
  longestFrames: LongFrame[];
  progressShown: boolean;
  progressText: string | null;
}

export interface LongFrame {
  start: number;
  duration: number;
  /** "invoker (source:function@character) ms" for each script of the frame that ran 5 ms or more, longest first */
  scripts: string[];
}

export interface GridFigures {
  /** navigation start of /holdings -> grid shows rows and counts all N holdings */
  gridMs: number;
  firstRowMs: number;
  /** navigation start -> the page's "Holdings" heading (app boot, session, route): the part that is not the grid */
  headingMs: number | null;
  rowCount: number;
}

/** A private copy of dist/ with the blank bench page and Dexie beside it (served by the bench's own server). */
export function benchDist(distDir: string, root: string): string {
  const dir = mkdtempSync(join(tmpdir(), "ll-bench-dist-"));
  cpSync(distDir, dir, { recursive: true });
  copyFileSync(join(root, "node_modules", "dexie", "dist", "dexie.min.js"), join(dir, "bench-dexie.js"));
  writeFileSync(
    join(dir, "bench.html"),
    '<!doctype html><html><head><meta charset="utf-8"><title>bench</title>' +
      '<script src="/bench-dexie.js"></script></head><body>bench</body></html>\n',
  );
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The origin of step 1: the app's server under another host name (localhost for 127.0.0.1), so the raw steps'
 * databases are in an IndexedDB store of their own (Chromium keeps one LevelDB per origin) and the app's first sync
 * writes into an empty one, as on a new device, neither paying for nor helped by the raw steps' data.
 */
export function rawOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.origin;
}

/** Step 1, in /bench.html on `origin` (rawOrigin: the session cookie must be set for it too). */
export async function rawDexie(page: Page, holdings: number, origin: string): Promise<RawFigures> {
  await page.goto(`${origin}/bench.html`);
  return page.evaluate(
    async ({ models, holdings, ownIndexes }) => {
      type Doc = Record<string, unknown>;
      // biome-ignore lint/suspicious/noExplicitAny: Dexie's UMD global, untyped here
      const Dexie = (window as unknown as { Dexie: any }).Dexie;
      const query =
        "query pullDocuments($model: String!, $afterTxid: String!, $afterSeq: BigInt!, $lim: Int!) " +
        "{ pullDocuments(model: $model, afterTxid: $afterTxid, afterSeq: $afterSeq, lim: $lim) }";
      const fetchStart = performance.now();
      const docs: Record<string, Doc[]> = {};
      for (const model of models) {
        const list: Doc[] = [];
        docs[model] = list;
        let checkpoint = { txid: "0", seq: "0" };
        for (;;) {
          const response = await fetch("/api/v2/graphql", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              query,
              variables: { model, afterTxid: checkpoint.txid, afterSeq: String(checkpoint.seq), lim: 1000 },
            }),
          });
          const body = await response.json();
          if (body.errors) throw new Error(`pull ${model}: ${JSON.stringify(body.errors)}`);
          const raw = body.data.pullDocuments;
          const batch = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
            documents: Doc[];
            checkpoint: { txid: string; seq: string };
          };
          list.push(...batch.documents);
          checkpoint = batch.checkpoint;
          if (batch.documents.length < 1000) break;
        }
      }
      const fetchMs = performance.now() - fetchStart;
      // A document changed while the pages were fetched comes again in a later page (the pull serves changes in
      // order); a device stores it once, so each model's documents are its distinct ids, at their last version.
      const repeated: Record<string, number> = {};
      for (const model of models) {
        const byId = new Map<unknown, Doc>();
        for (const doc of docs[model] ?? []) byId.set(doc.id, doc);
        const again = (docs[model]?.length ?? 0) - byId.size;
        if (again > 0) repeated[model] = again;
        docs[model] = [...byId.values()];
      }
      await Dexie.delete("bench-raw");
      const schema = Object.fromEntries(models.map((m) => [m, "id"]));
      let db = new Dexie("bench-raw");
      db.version(1).stores(schema);
      await db.open();
      const putStart = performance.now();
      for (const model of models) {
        const list = docs[model] ?? [];
        if (list.length) await db.table(model).bulkPut(list);
      }
      const bulkPutMs = performance.now() - putStart;
      db.close();
      db = new Dexie("bench-raw");
      db.version(1).stores(schema);
      await db.open();
      const readStart = performance.now();
      const read = await db.table("holdings").toArray();
      const readHoldingsMs = performance.now() - readStart;
      db.close();
      // RxDB's format (rxdb/plugins/storage-dexie: getDexieStoreSchema, fromStorageToDexie with the boolean index
      // _deleted as "0"/"1"), each model its own database as RxDB's Dexie storage keeps it; stamps made before timing
      const rxSchema = "id, [_deleted+id], [_meta.lwt+id], _meta.lwt";
      let rxFormatPutMs = 0;
      for (const model of models) {
        const list = docs[model] ?? [];
        if (!list.length) continue;
        await Dexie.delete(`bench-rx-${model}`);
        const rx = new Dexie(`bench-rx-${model}`);
        rx.version(1).stores({ docs: rxSchema });
        await rx.open();
        // one model at a time, its copy made before the clock starts (at 200,000 holdings all copies at once would
        // double the page's heap)
        const lwt = Date.now();
        const stored = list.map((doc, i) => ({
          ...doc,
          _deleted: doc._deleted === true ? "1" : "0",
          _attachments: {},
          _meta: { lwt: lwt + i / 1000 },
          _rev: "1-abcdefghij",
        }));
        const rxStart = performance.now();
        await rx.table("docs").bulkPut(stored);
        rxFormatPutMs += performance.now() - rxStart;
        rx.close();
        await Dexie.delete(`bench-rx-${model}`);
      }
      // the read models' own format (src/data/storage/format.ts), each model its own database as that storage keeps
      // it, the same way (copies made before timing, one model at a time)
      let ownFormatPutMs = 0;
      for (const model of models) {
        const list = docs[model] ?? [];
        if (!list.length) continue;
        await Dexie.delete(`bench-own-${model}`);
        const own = new Dexie(`bench-own-${model}`);
        own.version(1).stores({ docs: ["id", ...(ownIndexes[model] ?? ["_meta.lwt"])].join(", ") });
        await own.open();
        const lwt = Date.now();
        const stored = list.map((doc, i) => {
          const copy: Doc = { ...doc, _meta: { lwt: lwt + i / 1000 }, _rev: "1-abcdefghij" };
          if (copy._deleted !== true) delete copy._deleted;
          return copy;
        });
        const ownStart = performance.now();
        await own.table("docs").bulkPut(stored);
        ownFormatPutMs += performance.now() - ownStart;
        own.close();
        await Dexie.delete(`bench-own-${model}`);
      }
      const counts: Record<string, number> = Object.fromEntries(models.map((m) => [m, docs[m]?.length ?? 0]));
      if ((counts.holdings ?? 0) < holdings)
        throw new Error(`pull served ${counts.holdings} holdings, expected ${holdings}`);
      return {
        counts,
        documents: Object.values(counts).reduce((a, b) => a + b, 0),
        fetchMs,
        bulkPutMs,
        rxFormatPutMs,
        ownFormatPutMs,
        readHoldingsMs,
        holdingsRead: read.length,
        repeated,
      };
    },
    { models: [...MODELS], holdings, ownIndexes: ownFormatIndexes() },
  );
}

/** Each model's indexes in the read models' own storage (Dexie notation), as that storage creates them. */
function ownFormatIndexes(): Record<string, string[]> {
  const indexes: Record<string, string[]> = {};
  for (const model of MODELS) {
    const schema = (isCollectionModel(model) ? COLLECTION_MODELS[model] : RECORD_SCHEMA) as RxJsonSchema<unknown>;
    const filled = fillWithDefaultSettings(structuredClone(schema) as RxJsonSchema<Record<string, unknown>>);
    indexes[model] = tableIndexes((filled.indexes ?? []) as never, "id");
  }
  return indexes;
}

/**
 * Installs the in-page recorder for every later page of the context: long tasks, progress indicators, and (given the
 * expected counts) the moment every RxDB collection of the app holds its documents.
 */
export async function installRecorder(
  context: BrowserContext,
  counts: Record<string, number>,
  holdings: number,
): Promise<void> {
  // the IndexedDB store of each model: its own collection's, or `records` for the kinds (their counts added up)
  const stores: Record<string, number> = {};
  for (const [model, count] of Object.entries(counts)) {
    const store = isRecordKind(model) ? "records" : model;
    stores[store] = (stores[store] ?? 0) + count;
  }
  await context.addInitScript(
    ({ counts, holdings }) => {
      if (location.pathname === "/bench.html") return;
      const state = {
        longTasks: [] as Array<{ start: number; duration: number }>,
        frames: [] as Array<{ start: number; duration: number; scripts: string[] }>,
        syncDoneAt: null as number | null,
        progressShown: false,
        progressText: null as string | null,
        progressFirst: null as string | null,
        firstRowAt: null as number | null,
        headingAt: null as number | null,
        gridDoneAt: null as number | null,
        rowCount: 0,
        pollError: null as string | null,
        /** what the end-of-sync poll saw last (diagnose-sync --monitor prints it) */
        pollSeen: null as { at: number; status: string; counts: Record<string, number | string> } | null,
      };
      (window as unknown as { __bench: typeof state }).__bench = state;
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            state.longTasks.push({ start: entry.startTime, duration: entry.duration });
          }
        }).observe({ type: "longtask", buffered: true });
      } catch {
        // no long task support: the figure stays empty
      }
      // Long animation frames say which scripts made a frame long (long tasks do not); kept for the notes.
      interface FrameScript {
        invoker?: string;
        sourceURL?: string;
        sourceFunctionName?: string;
        sourceCharPosition?: number;
        duration: number;
      }
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<PerformanceEntry & { scripts?: FrameScript[] }>) {
            if (entry.duration < 50) continue;
            const scripts = (entry.scripts ?? [])
              .filter((script) => script.duration >= 5)
              .sort((a, b) => b.duration - a.duration)
              .map((script) => {
                const source = (script.sourceURL ?? "").split("/").pop() ?? "";
                const at = `${source}:${script.sourceFunctionName || "?"}@${script.sourceCharPosition ?? "?"}`;
                return `${script.invoker ?? "?"} (${at}) ${Math.round(script.duration)} ms`;
              });
            state.frames.push({ start: entry.startTime, duration: entry.duration, scripts });
          }
        }).observe({ type: "long-animation-frame", buffered: true });
      } catch {
        // no long animation frame support: no attribution in the notes
      }
      const progressPattern = /\b(syncing|synchronizing|downloading|loading data)\b|\d[\d,]*\s*(of|\/)\s*\d[\d,]*/i;
      const watchProgress = () => {
        if (state.syncDoneAt !== null || !document.body) return;
        const indicator = document.querySelector('[role="progressbar"], progress, [aria-busy="true"]');
        const status = document.querySelector('[role="status"]');
        const text = status?.textContent ?? "";
        if (indicator || progressPattern.test(text)) {
          state.progressShown = true;
          // The first and the latest text, so a figure that moves shows as "Syncing 0% … Syncing 96%".
          const seen = (indicator?.getAttribute("aria-label") ?? text).slice(0, 120) || "indicator";
          state.progressFirst ??= seen;
          state.progressText = state.progressFirst === seen ? seen : `${state.progressFirst} … ${seen}`;
        }
      };
      const countStore = (name: string): Promise<number> =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            try {
              const request = db.transaction("docs", "readonly").objectStore("docs").count();
              request.onsuccess = () => {
                db.close();
                resolve(request.result);
              };
              request.onerror = () => {
                db.close();
                reject(request.error);
              };
            } catch (error) {
              db.close();
              reject(error);
            }
          };
        });
      // The end of the sync: every store holds its expected count. IndexedDB's count walks the whole store in the
      // browser's IndexedDB threads, the resource the sync is bound by (the raw step has no such poll): counting the
      // growing stores once a second took about 5 s of those threads' time from a 50,000-holding sync. So the stores
      // are counted when the app's status stops saying "Syncing" (every store at once), at most once a second while
      // it says something else, and every 10 s while it says "Syncing" (should the app's word be wrong, the figure is
      // late, never early). A store is reached when a count that says so returns (a first sync only adds); the end is
      // the last store's.
      const reachedAt = new Map<string, number>();
      const lastCount = new Map<string, number>();
      let wasSyncing = false;
      const syncPoll = async () => {
        if (state.syncDoneAt !== null || !location.pathname.startsWith("/dashboard")) return;
        try {
          const syncing = /Syncing/.test(document.querySelector('[role="status"]')?.textContent ?? "");
          const settled = wasSyncing && !syncing;
          wasSyncing = syncing;
          const listed = await Promise.race([
            indexedDB.databases(),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no list of databases")), 15_000)),
          ]);
          const names = listed.map((d) => d.name ?? "");
          const seen: Record<string, number | string> = {};
          state.pollSeen = {
            at: performance.now(),
            status: document.querySelector('[role="status"]')?.textContent ?? "",
            counts: seen,
          };
          const due: Array<[string, string, number]> = [];
          let missing = false;
          for (const [model, expected] of Object.entries(counts)) {
            if (reachedAt.has(model)) continue;
            // the read models' own storage (src/data/storage/format.ts storeName)
            const name = names.find((n) => n.startsWith("ll-store-ll-") && n.endsWith(`--${model}`));
            if (!name) {
              missing = true;
              continue;
            }
            if (!settled && performance.now() - (lastCount.get(model) ?? 0) < (syncing ? 10_000 : 1_000)) continue;
            due.push([model, name, expected]);
          }
          await Promise.all(
            due.map(async ([model, name, expected]) => {
              lastCount.set(model, performance.now());
              // a count that never answers (an open held behind another connection's version change) must not stop
              // the polling for good: it gives up after 15 s and a later poll asks again
              const counted = await Promise.race([
                countStore(name),
                new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no count of ${name}`)), 15_000)),
              ]);
              seen[model] = `${counted}/${expected}`;
              if (counted >= expected) reachedAt.set(model, performance.now());
            }),
          );
          if (!missing && reachedAt.size === Object.keys(counts).length)
            state.syncDoneAt = Math.max(...reachedAt.values());
        } catch (error) {
          state.pollError = String(error);
        }
      };
      const gridPoll = () => {
        if (state.gridDoneAt !== null || location.pathname !== "/holdings") return;
        if (state.headingAt === null && /Holdings/.test(document.querySelector("h1")?.textContent ?? "")) {
          state.headingAt = performance.now();
        }
        const row = document.querySelector(".ag-center-cols-container .ag-row, .ag-row");
        if (!row) return;
        state.firstRowAt ??= performance.now();
        const root = document.querySelector('[role="treegrid"][aria-rowcount], [role="grid"][aria-rowcount]');
        const rowCount = Number(root?.getAttribute("aria-rowcount") ?? 0) - 1;
        state.rowCount = rowCount;
        if (rowCount >= holdings) state.gridDoneAt = performance.now();
      };
      let polling = false;
      setInterval(() => {
        watchProgress();
        gridPoll();
        if (polling) return;
        polling = true;
        void syncPoll().finally(() => {
          polling = false;
        });
      }, 100);
      setInterval(gridPoll, 10);
    },
    // the grid shows at most the spec's row cap (50,000: more gives "Viewing over 50,000 rows is not supported")
    { counts: stores, holdings: Math.min(holdings, GRID_ROW_CAP) },
  );
}

interface PageState {
  longTasks: Array<{ start: number; duration: number }>;
  frames: LongFrame[];
  syncDoneAt: number | null;
  progressShown: boolean;
  progressText: string | null;
  firstRowAt: number | null;
  headingAt: number | null;
  gridDoneAt: number | null;
  rowCount: number;
  pollError: string | null;
  pollSeen: { at: number; status: string; counts: Record<string, number | string> } | null;
}

const readState = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageState }).__bench);

async function waitFor(page: Page, what: string, check: (s: PageState) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  // BENCH_MONITOR=1: every 15 s, where the page is, what it says and what the end-of-sync poll saw last
  let told = Date.now();
  for (;;) {
    const state = await readState(page);
    if (check(state)) return state;
    if (process.env.BENCH_MONITOR && Date.now() - told >= 15_000) {
      told = Date.now();
      const where = await page
        .evaluate(() => `${location.pathname} "${document.querySelector('[role="status"]')?.textContent ?? ""}"`)
        .catch((error: unknown) => String(error).slice(0, 120));
      const seen = {
        rowCount: state.rowCount,
        firstRowAt: state.firstRowAt,
        pollError: state.pollError,
        pollSeen: state.pollSeen,
      };
      console.log(`[monitor ${what}] ${where} ${JSON.stringify(seen)}`);
    }
    if (Date.now() > deadline) {
      const { syncDoneAt, firstRowAt, headingAt, rowCount, pollError, pollSeen } = state;
      const seen = { syncDoneAt, firstRowAt, headingAt, rowCount, pollError, pollSeen };
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(seen).slice(0, 600)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Step 2: the app's initial sync, from navigation start of /dashboard. */
export async function appSync(page: Page, timeoutMs: number): Promise<SyncFigures> {
  await page.goto("/dashboard");
  const state = await waitFor(page, "the initial sync", (s) => s.syncDoneAt !== null, timeoutMs);
  const done = state.syncDoneAt ?? 0;
  const during = state.longTasks.filter((t) => t.start <= done);
  const firstRequestMs = await page.evaluate(() => {
    const first = performance.getEntriesByType("resource").find((e) => e.name.includes("/api/v2/graphql")) as
      | PerformanceResourceTiming
      | undefined;
    return first ? first.startTime : null;
  });
  return {
    syncMs: done,
    firstRequestMs,
    longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
    longTasksOver200: during.filter((t) => t.duration > 200).length,
    longTasks: during.length,
    longestFrames: state.frames
      .filter((frame) => frame.start <= done)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5),
    progressShown: state.progressShown,
    progressText: state.progressText,
  };
}

/** Step 3: the holdings grid, from navigation start of /holdings (a fresh page load of the app). */
export async function holdingsGrid(page: Page, timeoutMs: number): Promise<GridFigures> {
  await page.goto("/holdings");
  const state = await waitFor(page, "the holdings grid", (s) => s.gridDoneAt !== null, timeoutMs);
  return {
    gridMs: state.gridDoneAt ?? 0,
    firstRowMs: state.firstRowAt ?? 0,
    headingMs: state.headingAt,
    rowCount: state.rowCount,
  };
}
