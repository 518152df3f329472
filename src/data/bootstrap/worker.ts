// The bootstrap's Web Worker (docs/REPLICATION.md "Bootstrap"): fetches a model's stream, parses it and writes it
// into IndexedDB through the read models' own storage (src/data/storage: an instance of the page's collection, same
// database, collection and schema), off the page's main thread. Each page is stored by the storage's own bulk path
// (putPulled: the server's documents as inserts, without reading what is stored and without change events: no copy of
// each page goes to the page's collection; the page announces the model once it has ended, index.ts, live-query.ts
// announceStored). The instance is not multi-instance. Messages: in WorkerJob / "stop"; out WorkerMessage.
import { randomToken } from "rxdb";
import { getLedgerStorage } from "../storage/dexie-storage.ts";
import type { LedgerStorageInstance } from "../storage/instance.ts";
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

async function run(job: WorkerJob): Promise<void> {
  // the instance's token, also each stored document's revision ("1-" and the token): RxDB's own length (10), as the
  // page's writes have it; stored in every document, so every character of it is written 170,000 times in a first sync
  const token = randomToken(10);
  const instance = (await getLedgerStorage().createStorageInstance({
    databaseInstanceToken: token,
    databaseName: job.databaseName,
    collectionName: job.collectionName,
    schema: job.schema as never,
    options: {},
    multiInstance: false,
    devMode: false,
  })) as unknown as LedgerStorageInstance;
  try {
    const result = await loadModel({
      fetch: (input, init) => fetch(input, { ...init, credentials: "same-origin" }),
      url: job.url,
      model: job.model,
      resume: job.resume,
      limit: job.limit,
      write: (documents) => instance.putPulled(documents, null),
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
