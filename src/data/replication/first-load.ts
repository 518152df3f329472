// The first load of a collection (docs/REPLICATION.md "First load"): the first pull of a collection that holds
// nothing (no checkpoint, count 0) fetches every page to the end of the server's log, each written in parts straight
// into the collection's storage, the next page fetched while this one is written. RxDB's downstream reads each
// document from the collection and from its replication meta before writing it (three IndexedDB reads a document,
// two thirds of the first sync's reads, bench/README.md); here there is nothing to read. RxDB stores a checkpoint
// only with documents: the last part goes to RxDB with the last checkpoint (when the log ended on a full page, the
// last part written again: RxDB finds it stored and only keeps the checkpoint). Later pulls take the usual path.
import { createRevision, type RxCollection, type RxStorageInstance, now as rxdbNow } from "rxdb";
import type { PullAnswer } from "../../domain/wire.ts";
import type { ReadModelName } from "../models/index.ts";
import { LedgerStorageInstance } from "../storage/instance.ts";
import { countStored } from "../stored-reads.ts";
import type { Checkpoint, Fetched } from "./page.ts";

type Documents = PullAnswer["documents"];

/** What the first load hands RxDB; `stored`: RxDB finds these documents as they are and writes nothing. */
export type FirstLoadAnswer = PullAnswer & { stored: boolean };

interface FirstLoadOptions {
  collection: RxCollection<unknown>;
  model: ReadModelName;
  /** documents per page asked of the server */
  batchSize: number;
  /** documents per write (divides batchSize) */
  writeSize: number;
  request(checkpoint: Checkpoint | undefined, limit: number): Promise<Fetched>;
  /** asks for the page after `checkpoint` ahead of need (a failure surfaces when it is awaited) */
  prefetch(checkpoint: Checkpoint): Promise<Fetched>;
  stopped(): boolean;
  /** a fetch sent at `sentOn` reached the end of the server's log */
  reachedEnd(sentOn: string): void;
  /** one document was written by the load itself (not through RxDB) */
  countWritten(): void;
  /** Whether the model holds no document (default: the collection is empty; a kind of `records` counts its own). */
  isEmpty?(): Promise<boolean>;
  /** The bootstrap (src/data/bootstrap/): one streamed response written off the main thread, tried first. */
  bootstrap?: FirstLoadBootstrap | null;
}

/** What the first load asks of the bootstrap of its model (src/data/bootstrap/index.ts). */
export interface FirstLoadBootstrap {
  /** An unfinished bootstrap of this model is stored on the device (the load resumes it though documents are there). */
  pending(): Promise<boolean>;
  /**
   * Loads the model; null when the bootstrap cannot run here (the pages then load it). `complete`: everything up to
   * `checkpoint` is stored (`last`: the last documents written, for RxDB's checkpoint); otherwise the pages go on
   * from `checkpoint`. Calls `countWritten` once per document written.
   */
  run(countWritten: (count: number) => void): Promise<BootstrapOutcome | null>;
}

export interface BootstrapOutcome {
  checkpoint: Checkpoint;
  last: Documents;
  complete: boolean;
}

export interface FirstLoad {
  /**
   * At a pull from no checkpoint: the load's answer for RxDB, or null when the collection takes the usual path (it
   * held documents, or its first load is over). A failure is RxDB's to retry; the next call goes on where it got to.
   */
  pull(limit: number): Promise<FirstLoadAnswer | null>;
}

/**
 * Writes pulled documents as RxDB's downstream would (same document shape), without its per-document reads. A
 * document that is there already (another tab's replication, a retried page): the server's version wins, as in
 * RxDB's downstream. The read models' own storage (src/data/storage) has this write as an operation of its own
 * (putPulled: no read, one put); any other storage (memory in tests) takes its bulkWrite (writeStored).
 */
export async function writeDirect(collection: RxCollection<unknown>, model: string, documents: Documents) {
  if (documents.length === 0) return;
  const own = collection.internalStorageInstance;
  if (own instanceof LedgerStorageInstance) {
    await own.putPulled(documents, "ll-first-load");
    return;
  }
  await writeStored(collection.storageInstance, collection.database.token, model, documents);
}

/**
 * writeDirect's write through a storage instance's bulkWrite: the documents in the shape RxDB's downstream stores,
 * the server's version over a stored one (a conflict is written again over the stored document).
 */
async function writeStored(
  storage: RxStorageInstance<unknown, unknown, unknown>,
  token: string,
  model: string,
  documents: Documents,
) {
  const stored = (doc: Record<string, unknown>, previous?: Record<string, unknown>) =>
    ({
      ...doc,
      _deleted: doc._deleted === true,
      _attachments: {},
      _meta: { lwt: rxdbNow() },
      _rev: createRevision(token, previous as never),
    }) as never;
  const result = await storage.bulkWrite(
    documents.map((doc) => ({ document: stored(doc) })),
    "ll-first-load",
  );
  const again = result.error.flatMap((error) =>
    error.status === 409 && error.documentInDb
      ? [{ previous: error.documentInDb, document: stored(error.writeRow.document as never, error.documentInDb) }]
      : [],
  );
  const failed = result.error.find((error) => error.status !== 409 || !error.documentInDb);
  const retried = again.length > 0 ? await storage.bulkWrite(again, "ll-first-load") : null;
  const stillFailed = failed ?? retried?.error[0];
  if (stillFailed) throw new Error(`Could not store ${model} ${stillFailed.documentId} (${stillFailed.status}).`);
}

export function createFirstLoad(options: FirstLoadOptions): FirstLoad {
  const { collection, model, batchSize, writeSize } = options;
  // decided at the first pull from no checkpoint (undefined: not yet; null: the usual path), and where it got to,
  // for a retry after a failure
  let load: { checkpoint: Checkpoint | undefined; lastPart: Documents } | null | undefined;

  const run = async (
    load: { checkpoint: Checkpoint | undefined; lastPart: Documents },
    limit: number,
  ): Promise<FirstLoadAnswer> => {
    let next = options.request(load.checkpoint, batchSize);
    let lastPart: Documents = load.lastPart;
    for (;;) {
      const pulled = await next;
      const full = pulled.documents.length >= batchSize;
      if (full && !options.stopped()) next = options.prefetch(pulled.checkpoint);
      const parts: Documents[] = [];
      for (let i = 0; i < pulled.documents.length; i += writeSize) parts.push(pulled.documents.slice(i, i + writeSize));
      // RxDB asks again after a full part: the part it gets is shorter than its limit (one document at least)
      let handed = full ? null : (parts.pop() ?? lastPart.slice(-1));
      if (handed && handed.length >= limit && handed.length > 1) {
        parts.push(handed.slice(0, -1));
        handed = handed.slice(-1);
      }
      for (const documents of parts) {
        if (options.stopped())
          return { documents: [], checkpoint: load.checkpoint ?? { txid: "0", seq: 0 }, stored: false };
        await writeDirect(collection, model, documents);
        for (let i = 0; i < documents.length; i++) options.countWritten();
        lastPart = documents;
      }
      load.checkpoint = pulled.checkpoint;
      if (handed) {
        options.reachedEnd(pulled.sentOn);
        return { documents: handed, checkpoint: pulled.checkpoint, stored: pulled.documents.length === 0 };
      }
    }
  };

  return {
    async pull(limit) {
      if (load === null) return null;
      if (load === undefined) {
        const empty = options.isEmpty ? await options.isEmpty() : (await countStored(collection)) === 0;
        const resumes = !empty && options.bootstrap ? await options.bootstrap.pending() : false;
        load = empty || resumes ? { checkpoint: undefined, lastPart: [] } : null;
      }
      if (!load) return null;
      if (options.bootstrap && load.checkpoint === undefined) {
        // a failure is RxDB's to retry: the next call asks the bootstrap again (it resumes where it got to)
        const outcome = await options.bootstrap.run((count) => {
          for (let i = 0; i < count; i++) options.countWritten();
        });
        if (outcome?.complete) {
          load = null;
          // RxDB finds the last document stored as it is and keeps the checkpoint
          return { documents: outcome.last.slice(-1), checkpoint: outcome.checkpoint, stored: true };
        }
        // stopped half-way: nothing more now (the device's marker resumes it at the next start)
        if (options.stopped()) return { documents: [], checkpoint: { txid: "0", seq: 0 }, stored: false };
        if (outcome) load = { checkpoint: outcome.checkpoint, lastPart: outcome.last };
      }
      const answer = await run(load, limit);
      load = null;
      return answer;
    },
  };
}
