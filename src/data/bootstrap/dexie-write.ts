// The bootstrap worker's write of a page (docs/REPLICATION.md "Bootstrap"): the documents stored exactly as RxDB's
// Dexie storage stores an insert (and, when asked, the storage's change event of the write emitted as its own bulkWrite
// emits it; the worker does not ask: the page is told once a model has ended), without two costs of the storage's
// general bulkWrite that a first load does not need: its read of the ids (the Dexie shortcut answers it already) and
// its deep copy of every document to replace object keys that start with "|" (fromStorageToDexie; key compression,
// which this app does not use). 10,000 distributions: the deep copy took 230-420 ms of the worker's time
// (bench/README.md "Bootstrap"). It writes through the storage's internals, so it runs only on the RxDB and Dexie
// versions it was verified on (VERIFIED_ON, as the shortcut); a page whose text holds `"|` (a key or a value that
// starts with "|") and any other version take the storage's own bulkWrite.
import { categorizeBulkWriteRows, createRevision, now as rxdbNow } from "rxdb";
import type { PullAnswer } from "../../domain/wire.ts";

type Documents = PullAnswer["documents"];
type Stored = Record<string, unknown> & { _meta: { lwt: number }; _deleted: boolean };

/** What the direct write needs of RxDB's Dexie storage instance and its internals (RxDB 17.6, Dexie 4.4). */
export interface DexieStorageParts {
  /** the storage instance (its schema for the event, its changes$ for the event's emission) */
  instance: { schema: unknown; changes$: { next(bulk: unknown): void } };
  dexieDb: { transaction<T>(mode: "rw", table: unknown, scope: () => Promise<T>): Promise<T> };
  dexieTable: { bulkPut(documents: unknown[]): Promise<unknown> };
  booleanIndexes: readonly string[];
}

/**
 * The storage's parts when they are there and its boolean indexes are top-level fields (a nested one: null, the
 * storage's own write).
 */
export function dexieStorageParts(instance: unknown, internals: unknown): DexieStorageParts | null {
  const state = internals as Partial<DexieStorageParts> | null;
  const own = instance as { schema?: unknown; changes$?: { next?: unknown } };
  if (!own?.schema || !state?.dexieDb || !state.dexieTable || !Array.isArray(state.booleanIndexes)) return null;
  if (typeof own.changes$?.next !== "function") return null;
  if (state.booleanIndexes.some((index) => index.includes("."))) return null;
  return {
    instance: own as DexieStorageParts["instance"],
    dexieDb: state.dexieDb,
    dexieTable: state.dexieTable,
    booleanIndexes: state.booleanIndexes,
  };
}

/**
 * Writes a page of pulled documents as inserts (a first load: the server's version over anything stored, as the
 * shortcut's write does) and, with a `context`, emits the storage's change event of them (null: no event).
 */
export async function writeDexieInserts(
  parts: DexieStorageParts,
  token: string,
  primaryPath: string,
  documents: Documents,
  context: string | null,
): Promise<void> {
  if (documents.length === 0) return;
  const rows = documents.map((doc) => ({
    document: {
      ...doc,
      _deleted: doc._deleted === true,
      _attachments: {},
      _meta: { lwt: rxdbNow() },
      _rev: createRevision(token),
    } as Stored,
  }));
  // the storage's format: the document with each boolean index as "1" / "0" (fromStorageToDexie without the deep
  // copy, which only renames keys that start with "|"). Without an event the rows are not needed again, so each is
  // changed in place: one copy of each document, not two (the worker's allocations for 170,000 documents)
  const dexie = rows.map(({ document }) => {
    const copy: Record<string, unknown> = context === null ? document : { ...document };
    for (const index of parts.booleanIndexes) copy[index] = document[index] ? "1" : "0";
    return copy;
  });
  await parts.dexieDb.transaction("rw", parts.dexieTable, () => parts.dexieTable.bulkPut(dexie) as Promise<unknown>);
  if (context === null) return;
  // the storage's own event of the write (every row an insert: nothing stored is read, as with the shortcut)
  const categorized = categorizeBulkWriteRows(
    parts.instance as never,
    primaryPath as never,
    new Map(),
    rows as never,
    context,
  );
  const newest = categorized.newestRow?.document as Stored | undefined;
  if (categorized.eventBulk.events.length === 0 || !newest) return;
  categorized.eventBulk.checkpoint = { id: newest[primaryPath], lwt: newest._meta.lwt };
  parts.instance.changes$.next(categorized.eventBulk);
}
