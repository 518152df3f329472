// The bootstrap on the page's side (docs/REPLICATION.md "Bootstrap"): the first load of an empty collection asks
// for its model's stream (GET /api/v2/bootstrap) instead of pulling page after page. In the browser a Web Worker
// (worker.ts) fetches, parses and writes it through the read models' storage (src/data/storage); the page only counts progress and keeps
// the resume token. Each model's bootstrap runs under a lock named by the database and model (Web Locks): a second tab
// of the same account waits for the first tab's bootstrap and then takes its checkpoint instead of loading again. The
// resume token after each written page is kept on the device (localStorage, keyed by the database's storage token), so
// a reload or a dropped connection goes on from the last written page. The worker writes without change events (no
// copy of each page to the page's collection): once a model's bootstrap has ended (complete, or stopped or refused
// after some pages) the page announces the collection once (live-query.ts announceStored: the screens' live queries
// of it in every tab re-read it, RxDB's cached queries of it run again). A refusal (an older server: 404) falls back to
// the ordinary first load, from where the bootstrap got to. Kinds of `records` are not bootstrapped (small; several
// kinds share the collection).
import type { RxCollection } from "rxdb";
import { BOOTSTRAP_PATH, type PullAnswer, type PullCheckpoint, parseBootstrapToken } from "../../domain/wire.ts";
import type { LocalDatabase } from "../database.ts";
import { announceStored, followStoredNotices } from "../live-query.ts";
import type { ReadModelName } from "../models/index.ts";
import { type BootstrapOutcome, type FirstLoadBootstrap, writeDirect } from "../replication/first-load.ts";
import { isRoutedStorage } from "../storage/routed.ts";
import { findStored } from "../stored-reads.ts";
import type { SyncTransport } from "../transport.ts";
import { type LoadModelResult, loadModel } from "./load.ts";
import type { WorkerJob, WorkerMessage } from "./protocol.ts";

type Documents = PullAnswer["documents"];

/** Runs one model's bootstrap and stores it (the worker in the browser, in-process in tests). */
export interface BootstrapRunner {
  run(
    job: { model: string; resume: string | null; collection: RxCollection<unknown>; context?: string },
    written: (count: number, resume: string) => void,
  ): Promise<LoadModelResult>;
  stop(): void;
}

/** Where a model's bootstrap got to on this device: the token after the last written page, or its end. */
interface Marker {
  resume?: string;
  done?: PullCheckpoint;
}

export interface MarkerStore {
  get(key: string): Marker | null;
  set(key: string, marker: Marker): void;
}

export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export interface Bootstrapper {
  /**
   * `context`: the model's replication's own downstream write flag (RxDB's `downstreamBulkWriteFlag`), given to the
   * stored documents' change events, so the replication's upstream skips them as it skips its own pulled writes.
   */
  forModel(
    model: ReadModelName,
    collection: RxCollection<unknown>,
    context?: () => Promise<string | undefined>,
    /** called once the model's documents are stored without change events (after its announcement) */
    storedSilently?: () => Promise<void>,
  ): FirstLoadBootstrap;
  stop(): void;
}

interface BootstrapperOptions {
  db: LocalDatabase;
  runner: BootstrapRunner;
  store?: MarkerStore;
  lock?: LockFn;
  /** large models (LARGE_MODELS) loaded at once by this page (default CONCURRENCY) */
  concurrency?: number;
  /** the other models loaded at once beside them (default OTHER_CONCURRENCY) */
  otherConcurrency?: number;
}

/**
 * Large models (LARGE_MODELS) loaded at once by a page. Each read model is its own IndexedDB database, so their writes go on side by side,
 * and with a ready store a stream is bound by the device's writes, not by the server (bench/README.md "Bootstrap").
 * With 2 at once the third large model (transactions) waited for the first two: a serial tail of about a third of
 * the sync. With all 10 at once the streams' first bytes waited 1.5-2.5 s for the server and the sync was no faster
 * (10,000 holdings, load 9-11: 4.40x and 3.23x of raw bulkPut against 2.91x and 2.81x with 3).
 */
export const CONCURRENCY = 3;

/**
 * The models whose documents grow with the holdings (the server keeps them ready: replication/40_ready_documents.sql):
 * they take CONCURRENCY slots of their own, so none of them queues behind the small models (transactions, the ninth
 * replication to start, waited for customers, securities and accounts: a serial tail of about a fifth of the sync).
 */
export const LARGE_MODELS: ReadonlySet<string> = new Set(["holdings", "distributions", "transactions"]);

/** The other models loaded at once beside the large ones. */
export const OTHER_CONCURRENCY = 2;

// ---- the device's markers and the lock (browser: localStorage and Web Locks; Node: this process) ----

const memoryMarkers = new Map<string, Marker>();

export const defaultMarkerStore: MarkerStore = {
  get(key) {
    try {
      if (typeof localStorage !== "undefined") {
        const text = localStorage.getItem(key);
        return text ? (JSON.parse(text) as Marker) : null;
      }
    } catch {
      // private mode: the process's memory
    }
    return memoryMarkers.get(key) ?? null;
  },
  set(key, marker) {
    try {
      if (typeof localStorage !== "undefined") {
        localStorage.setItem(key, JSON.stringify(marker));
        return;
      }
    } catch {
      // private mode: the process's memory
    }
    memoryMarkers.set(key, marker);
  },
};

const memoryLocks = new Map<string, Promise<unknown>>();

export const defaultLock: LockFn = (name, fn) => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return locks.request(name, fn) as Promise<never>;
  const before = memoryLocks.get(name) ?? Promise.resolve();
  const result = before.then(fn, fn);
  memoryLocks.set(
    name,
    result.catch(() => {}),
  );
  return result;
};

/** The key of a model's marker: the database's storage token (a removed and recreated database starts afresh). */
export const markerKey = (storageToken: string, model: string) => `ll.bootstrap.${storageToken}.${model}`;

export function createBootstrapper(options: BootstrapperOptions): Bootstrapper {
  const { db, runner } = options;
  const store = options.store ?? defaultMarkerStore;
  const lock = options.lock ?? defaultLock;
  const lane = (concurrency: number) => {
    let running = 0;
    const waiting: Array<() => void> = [];
    return async <T>(fn: () => Promise<T>): Promise<T> => {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await fn();
      } finally {
        running--;
        waiting.shift()?.();
      }
    };
  };
  const largeSlot = lane(Math.max(1, options.concurrency ?? CONCURRENCY));
  const otherSlot = lane(Math.max(1, options.otherConcurrency ?? OTHER_CONCURRENCY));

  return {
    forModel(model, collection, context, storedSilently) {
      // this tab takes other tabs' notices of this model's bootstrap (their workers write without events)
      followStoredNotices(collection as unknown as RxCollection);
      // the database's incarnation and the collection's schema: a dropped and recreated collection starts afresh
      const key = async () => markerKey(await db.storageToken, `${model}.${await collection.schema.hash}`);
      const slot = LARGE_MODELS.has(model) ? largeSlot : otherSlot;
      return {
        async pending() {
          const marker = store.get(await key());
          return !!marker?.resume && !marker.done;
        },
        async run(countWritten): Promise<BootstrapOutcome | null> {
          const markerName = await key();
          return lock(`ll-bootstrap:${db.name}:${model}`, () =>
            slot(async () => {
              const marker = store.get(markerName);
              // from the storage: another tab's worker stored the model without change events (stored-reads.ts)
              const [one] = marker?.done ? await findStored(collection as RxCollection<unknown>, { limit: 1 }) : [];
              if (marker?.done && one) {
                // loaded meanwhile by another tab (it held the lock): its checkpoint, with a stored document for RxDB
                return {
                  complete: true,
                  checkpoint: marker.done,
                  last: [one as Record<string, unknown>],
                };
              }
              let written = 0;
              const result = await runner
                .run(
                  {
                    model,
                    resume: marker?.done ? null : (marker?.resume ?? null),
                    collection,
                    context: await context?.(),
                  },
                  (count, resume) => {
                    store.set(markerName, { resume });
                    written += count;
                    countWritten(count);
                  },
                )
                .finally(() => {
                  // told once, whatever the end: the pages written so far are stored without events
                  if (written > 0) {
                    announceStored(collection as unknown as RxCollection);
                    void storedSilently?.().catch(() => {});
                  }
                });
              if (result.status === "done") {
                store.set(markerName, { done: result.checkpoint });
                return { complete: true, checkpoint: result.checkpoint, last: result.last };
              }
              // stopped (the replication stops: the first load ends at once, the marker keeps the token) or refused
              // (an older server): the ordinary first load, from where the bootstrap got to
              const reached = result.resume ? parseBootstrapToken(result.resume) : null;
              return reached ? { complete: false, checkpoint: reached.checkpoint, last: [] as Documents } : null;
            }),
          );
        },
      };
    },
    stop: () => runner.stop(),
  };
}

// ---- runners ----

/** In this thread: the collection's own storage (Node tests; memory storage). */
export function inProcessRunner(transport: SyncTransport, url: string, limit?: number): BootstrapRunner {
  let stopped = false;
  return {
    run: ({ model, resume, collection }, written) =>
      loadModel({
        fetch: transport.fetch,
        url,
        model,
        resume,
        limit,
        write: (documents) => writeDirect(collection, model, documents),
        written,
        stopped: () => stopped,
        retryDelays: [100, 250, 500],
      }),
    stop() {
      stopped = true;
    },
  };
}

/** In a Web Worker (worker.ts), one for the page, started at the first job. */
export function workerRunner(url: string, databaseName: string): BootstrapRunner {
  let worker: Worker | null = null;
  const jobs = new Map<
    string,
    { written(count: number, resume: string): void; settle(result: LoadModelResult | Error): void }
  >();
  const start = () => {
    const started = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "ll-bootstrap" });
    started.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      const job = jobs.get(message.id);
      if (!job) return;
      if (message.type === "written") job.written(message.count, message.resume);
      else if (message.type === "result") job.settle(message.result);
      else job.settle(new Error(message.message));
    };
    started.onerror = () => {
      // a new worker for the next job (the first load asks again)
      if (worker === started) worker = null;
      started.terminate();
      for (const job of [...jobs.values()]) job.settle(new Error("The bootstrap worker failed."));
    };
    return started;
  };
  return {
    run({ model, resume, collection, context }, written) {
      worker ??= start();
      const id = crypto.randomUUID();
      const job: WorkerJob = {
        type: "start",
        id,
        url: new URL(url, location.href).href,
        model,
        resume,
        databaseName,
        collectionName: collection.name,
        schema: collection.schema.jsonSchema,
        primaryPath: collection.schema.primaryPath as string,
        context,
      };
      return new Promise<LoadModelResult>((resolve, reject) => {
        jobs.set(id, {
          written,
          settle(result) {
            jobs.delete(id);
            if (result instanceof Error) reject(result);
            else resolve(result);
          },
        });
        worker?.postMessage(job);
      });
    },
    stop() {
      for (const id of jobs.keys()) worker?.postMessage({ type: "stop", id });
      // settled now, so this tab's locks are released (the device's marker keeps the last written page's token)
      for (const job of [...jobs.values()]) job.settle({ status: "stopped", resume: null });
      const stopping = worker;
      worker = null;
      // the worker ends its jobs at their next page; then it goes
      setTimeout(() => stopping?.terminate(), 2_000);
    },
  };
}

/**
 * The page's bootstrapper: in a browser with Web Workers, on the app's storage (the read models on the ledger
 * storage, src/data/storage: the worker writes through it), talking
 * to a server with the pull endpoint (the bootstrap is its neighbour). Anything else: null (the ordinary first load).
 */
export function browserBootstrapper(db: LocalDatabase, transport: SyncTransport): Bootstrapper | null {
  if (typeof Worker === "undefined" || typeof location === "undefined" || !transport.pullUrl) return null;
  if (!isRoutedStorage(db.storage)) return null;
  const url = new URL(BOOTSTRAP_PATH, new URL(transport.pullUrl, location.href)).href;
  return createBootstrapper({ db, runner: workerRunner(url, db.name) });
}
