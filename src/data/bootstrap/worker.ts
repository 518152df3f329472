// The bootstrap's Web Worker (docs/REPLICATION.md "Bootstrap"): fetches a model's stream, parses it and writes it
// into IndexedDB through RxDB's own Dexie storage (an instance of the page's collection: same database, collection
// and schema, so the stored documents are exactly the storage's format), off the page's main thread. The instance is
// not multi-instance: no page is copied to the page's collection as change events (a structured clone of every
// document and RxDB's handling of it on the page's main thread); the page announces the model once it has ended
// (index.ts, live-query.ts announceStored). The Dexie shortcut of the first load
// (answerAbsent: the storage's read of a part's own ids answered "not stored") applies here too, behind its version
// guard, and on those versions a page is written straight into the storage's table with the storage's own change
// event (dexie-write.ts: without the storage's deep copy of each document). Messages: in WorkerJob / "stop"; out
// WorkerMessage.
import { Dexie } from "dexie";
import { RXDB_VERSION, randomToken } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import type { DexieInternals } from "../live-query.ts";
import { answerAbsent, VERIFIED_ON } from "../replication/dexie-first-load.ts";
import { writeStored } from "../replication/first-load.ts";
import { dexieStorageParts, writeDexieInserts } from "./dexie-write.ts";
import { loadModel } from "./load.ts";
import type { WorkerJob, WorkerMessage } from "./protocol.ts";

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<WorkerJob | { type: "stop"; id: string }>) => void) | null;
};
const stopped = new Set<string>();
/** Where each model's time went in this worker, ms (bench/diagnose-sync.ts reads it): a few clock reads a page. */
const times: Record<string, Record<string, number>> = {};
(self as unknown as { __llBootstrapTimes: typeof times }).__llBootstrapTimes = times;

// RxDB's free Dexie storage prints its premium advertisement on the first write of each realm (database.ts drops it
// on the page the same way): this one message is dropped here too, every other warning passes.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].startsWith("-------------- RxDB Open Core RxStorage")) return;
  warn.apply(console, args);
};

async function run(job: WorkerJob): Promise<void> {
  // the instance's token, also each stored document's revision ("1-" and the token): RxDB's own length (10), as the
  // page's writes have it; stored in every document, so every character of it is written 170,000 times in a first sync
  const token = randomToken(10);
  const instance = await getRxStorageDexie().createStorageInstance({
    databaseInstanceToken: token,
    databaseName: job.databaseName,
    collectionName: job.collectionName,
    schema: job.schema as never,
    options: {},
    multiInstance: false,
    devMode: false,
  });
  try {
    const internals = await (instance as unknown as { internals: Promise<DexieInternals> }).internals;
    const table = internals.dexieTable;
    const primary = job.primaryPath;
    // the direct write (dexie-write.ts) on the verified versions, else the storage's own bulkWrite
    const direct =
      RXDB_VERSION === VERIFIED_ON.rxdb && Dexie.semVer === VERIFIED_ON.dexie
        ? dexieStorageParts(instance, internals)
        : null;
    const result = await loadModel({
      fetch: (input, init) => fetch(input, { ...init, credentials: "same-origin" }),
      url: job.url,
      model: job.model,
      resume: job.resume,
      limit: job.limit,
      write: (documents, plain) =>
        documents.length === 0
          ? Promise.resolve()
          : direct && plain
            ? writeDexieInserts(direct, token, primary, documents, null)
            : writeStored(
                instance as never,
                token,
                job.model,
                documents,
                table
                  ? answerAbsent(
                      table,
                      documents.map((doc) => doc[primary]),
                    )
                  : undefined,
              ),
      written: (count, resume) => scope.postMessage({ type: "written", id: job.id, count, resume }),
      stopped: () => stopped.has(job.id),
      measure: (part, ms) => {
        const at = performance.timeOrigin + performance.now();
        times[job.model] ??= { startedAt: at, wait: 0, parse: 0, write: 0 };
        const model = times[job.model] as Record<string, number>;
        model[part] = (model[part] ?? 0) + ms;
        model.endedAt = at;
      },
    });
    scope.postMessage({ type: "result", id: job.id, result });
  } finally {
    stopped.delete(job.id);
    await instance.close().catch(() => {});
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "stop") {
    stopped.add(message.id);
    return;
  }
  run(message).catch((error: unknown) =>
    scope.postMessage({
      type: "failed",
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
};
