// Lean live queries for the screens (issue 8): plain JSON documents straight from the storage, kept up to date by
// applying the collection's change events in memory, emitted at most once per `interval()`.
//
// Why not RxDB's `collection.find(query).$`: every result is an array of RxDocument objects (one per document, made
// through the document cache), screens then deep-cloned each one (toMutableJSON), and a pulled batch of 200
// documents is more change events than RxDB's event-reduce takes, so each batch re-ran the whole query (an IndexedDB
// cursor over every document). With 5,000+ documents per collection that was a long task per pulled batch.
// Here:
//   * the first result is read in a few large parts: on the read models' own storage, its readAll (IndexedDB getAlls
//     of its table in key order; the raw read the benchmark compares with is one getAll, parts keep each task short);
//     otherwise the storage's own query;
//   * afterwards each change event bulk updates a Map in memory (id -> document), checked with RxDB's own query
//     matcher and sorted with RxDB's own comparator, so the rows are the ones `find(query)` would give; an emission
//     sorts only the documents that arrived since the last one and merges them into the sorted rows (one pass over
//     the rows, no re-sort of 50,000 for each pulled page);
//   * unchanged documents keep their object identity between emissions, so screens can cache derived values per
//     document (WeakMap) and AG Grid skips unchanged rows; documents are shared, not deep copies: read-only;
//   * emissions are coalesced: a burst of events (a pulled batch, a bulk write) gives one emission, and
//     `interval()` can space them (the hooks space them by ~1 s during the first sync of a large account).
// Queries with `limit` or `skip` (small results by construction) are read from the storage again after a write that
// may change them.
//
// Documents stored without change events (the bootstrap's Web Worker writes a model's pages without announcing each
// one, src/data/bootstrap/): once the model is complete the page calls announceStored(collection), and every tab's
// live queries of that collection re-read it once (a document changed since the last read replaces its entry, one no
// longer stored leaves). Nothing here uses RxDB's query cache, whose cached queries would not run again without a
// change event: other reads of a read model go through stored-reads.ts for the same reason.
import {
  getChangedDocumentsSince,
  getQueryMatcher,
  getSortComparator,
  type MangoQuery,
  normalizeMangoQuery,
  type RxCollection,
  type RxDocumentData,
} from "rxdb";
import { Observable, Subject } from "rxjs";
import { LedgerStorageInstance } from "./storage/instance.ts";
import { findStored, leanDocument, storageQuery } from "./stored-reads.ts";

type Raw = RxDocumentData<Record<string, unknown>>;
type Lean = Record<string, unknown>;

interface Entry {
  lwt: number;
  doc: Lean;
}

/**
 * The collection's documents read before the live query started (early-read.ts): not deleted, lean, in primary-key
 * order, with each one's last write time, and the newest write among all stored documents.
 */
export interface InitialDocs {
  docs: readonly Record<string, unknown>[];
  lwts: readonly number[];
  checkpoint: { id: string; lwt: number } | null;
}

interface LiveQueryOptions {
  /** Minimum time between two emissions (ms), read before each emission; default 0 (coalesce bursts only). */
  interval?: () => number;
  /**
   * The first result, already read (only for a query without selector and sort: every document in primary-key
   * order): its documents are taken as they are (the same objects) instead of reading the collection, and only the
   * documents written after its checkpoint are read. A promise of null reads the collection as usual.
   */
  initial?: Promise<InitialDocs | null>;
}

/**
 * Every stored document of a collection (not deleted), in a few reads where the storage allows it: the read models'
 * own storage (src/data/storage) reads its table in primary-key order in parts of a few thousand documents (one
 * IndexedDB getAll each: one task per part, against a cursor walked document by document by a storage query). Any
 * other storage (RxDB's Dexie storage for the outbox, memory in tests) answers through its query.
 */
async function readAll(collection: RxCollection, prepared: ReturnType<typeof storageQuery>): Promise<Raw[]> {
  const own = collection.internalStorageInstance;
  if (own instanceof LedgerStorageInstance) return own.readAll();
  const result = await collection.storageInstance.query(prepared as never);
  return result.documents as Raw[];
}

function hasSelector(query: MangoQuery<unknown>): boolean {
  return !!query.selector && Object.keys(query.selector).length > 0;
}

// ---- documents stored without events: one notice a collection, in this tab and (BroadcastChannel) the others ----

const STORED_CHANNEL = "ll-stored";
const storedNotices = new Map<string, Subject<void>>();
let storedChannel: BroadcastChannel | null | undefined;

const storedKey = (collection: RxCollection) => `${collection.database.name}/${collection.name}`;

function storedSubject(key: string): Subject<void> {
  let subject = storedNotices.get(key);
  if (!subject) {
    subject = new Subject<void>();
    storedNotices.set(key, subject);
  }
  return subject;
}

/** The page's channel to the other tabs of this browser (none in Node, where the tests run one "tab"). */
function noticeChannel(): BroadcastChannel | null {
  if (storedChannel !== undefined) return storedChannel;
  storedChannel =
    typeof BroadcastChannel !== "undefined" && typeof document !== "undefined"
      ? new BroadcastChannel(STORED_CHANNEL)
      : null;
  storedChannel?.addEventListener("message", (event: MessageEvent<{ key?: unknown }>) => {
    if (typeof event.data?.key === "string") storedHere(event.data.key);
  });
  return storedChannel;
}

function storedHere(key: string) {
  storedNotices.get(key)?.next();
}

/**
 * This tab takes other tabs' notices for `collection` (its live queries re-read it); the bootstrap calls it for each
 * model it may load.
 */
export function followStoredNotices(_collection: RxCollection): void {
  noticeChannel();
}

/**
 * Documents of `collection` were stored without change events (by another storage instance: the bootstrap's worker):
 * this tab's and the other tabs' live queries of it re-read it.
 */
export function announceStored(collection: RxCollection): void {
  const key = storedKey(collection);
  storedNotices.get(key)?.next();
  noticeChannel()?.postMessage({ key });
}

/** The notices for `collection`: documents stored without change events (announceStored, here or in another tab). */
export function storedNotices$(collection: RxCollection): Observable<void> {
  noticeChannel();
  return storedSubject(storedKey(collection)).asObservable();
}

/** Every document (deleted ones too) written after `checkpoint`, in pages (RxDB's own changes-since query). */
async function changedSince(collection: RxCollection, checkpoint: InitialDocs["checkpoint"]): Promise<Raw[]> {
  const changed: Raw[] = [];
  let since = checkpoint ?? undefined;
  for (;;) {
    const page = await getChangedDocumentsSince(collection.storageInstance as never, 1_000, since as never);
    changed.push(...(page.documents as Raw[]));
    if (page.documents.length < 1_000) return changed;
    since = page.checkpoint as { id: string; lwt: number };
  }
}

/**
 * The live result of `query` over `collection` as plain documents (see the top of this file). The first emission is
 * the stored result; later ones follow writes (this tab's and, through RxDB's multi-instance events, other tabs').
 */
export function liveDocs$<T>(
  collection: RxCollection<T>,
  query: MangoQuery<T> = {},
  options: LiveQueryOptions = {},
): Observable<T[]> {
  const anyCollection = collection as unknown as RxCollection;
  if (query.limit !== undefined || query.skip !== undefined)
    return windowDocs$(anyCollection, query as MangoQuery<Record<string, unknown>>) as Observable<T[]>;
  const interval = options.interval ?? (() => 0);
  const schema = anyCollection.schema.jsonSchema;
  const primary = anyCollection.schema.primaryPath as string;
  const normalized = normalizeMangoQuery(schema, query as MangoQuery<Record<string, unknown>>);
  const matcher = getQueryMatcher(schema, normalized);
  const comparator = getSortComparator(schema, normalized);
  const prepared = storageQuery(anyCollection, query as MangoQuery<Record<string, unknown>>);
  const fastRead = !hasSelector(query);

  return new Observable<T[]>((subscriber) => {
    const entries = new Map<string, Entry>();
    /** the last emitted result (sorted) */
    let rows: Lean[] = [];
    let loaded = false;
    let buffered: Raw[][] = [];
    // changes since the last emission: ids new to the result, gone from it, and changed within it
    const added = new Set<string>();
    const removed = new Set<string>();
    const updated = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastEmit = 0;
    let closed = false;

    const apply = (docs: readonly Raw[]) => {
      for (const doc of docs) {
        const id = doc[primary] as string;
        const current = entries.get(id);
        const lwt = doc._meta?.lwt ?? 0;
        // an event older than what was read (it was emitted while the first read ran) changes nothing
        if (current && lwt < current.lwt) continue;
        if (doc._deleted || !matcher(doc as never)) {
          if (current) {
            entries.delete(id);
            updated.delete(id);
            if (!added.delete(id)) removed.add(id);
          }
          continue;
        }
        entries.set(id, { lwt, doc: leanDocument(doc) });
        if (current) {
          if (!added.has(id)) updated.add(id);
        } else if (removed.delete(id)) updated.add(id);
        else added.add(id);
      }
    };

    const compare = comparator as (a: Lean, b: Lean) => number;
    // an update can move a document when the query sorts by another field than the primary key
    const updatesMove = !!normalized.sort?.some((part) => Object.keys(part)[0] !== primary);

    const emit = () => {
      timer = null;
      if (closed || added.size + removed.size + updated.size === 0) return;
      // one pass over the rows: drop the removed, replace the updated in place (or take them out to re-insert)
      const kept: Lean[] = [];
      const inserted: Lean[] = [];
      for (const doc of rows) {
        const id = doc[primary] as string;
        if (removed.has(id)) continue;
        if (!updated.has(id)) {
          kept.push(doc);
          continue;
        }
        const entry = entries.get(id);
        if (!entry) continue;
        if (updatesMove) inserted.push(entry.doc);
        else kept.push(entry.doc);
      }
      for (const id of added) {
        const entry = entries.get(id);
        if (entry) inserted.push(entry.doc);
      }
      rows = inserted.length === 0 ? kept : merge(kept, inserted.sort(compare), compare);
      added.clear();
      removed.clear();
      updated.clear();
      lastEmit = Date.now();
      // a copy: a screen that sorts its rows in place must not move ours
      subscriber.next(rows.slice() as T[]);
    };

    const schedule = () => {
      if (timer !== null || closed) return;
      const wait = Math.max(0, lastEmit + interval() - Date.now());
      timer = setTimeout(emit, wait);
    };

    // a re-read after documents were stored without events: the ids events changed meanwhile (kept as they are)
    let touched: Set<string> | null = null;
    let rereadAgain = false;
    const subscription = anyCollection.eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) return;
      const docs = bulk.events.map((event) => event.documentData as Raw);
      if (touched) for (const doc of docs) touched.add(doc[primary] as string);
      if (!loaded) {
        buffered.push(docs);
        return;
      }
      apply(docs);
      schedule();
    });

    const readStarted = typeof performance === "undefined" ? 0 : performance.now();
    // ll:read:<collection> for a read of the stored documents, ll:adopt:<collection> for a first result taken from
    // an early read (the benchmarks and tests/e2e/early-reads.e2e.test.ts read them)
    const measureRead = (what: "read" | "adopt") => {
      if (readStarted && typeof performance.measure === "function") {
        performance.measure(`ll:${what}:${anyCollection.name}`, { start: readStarted, end: performance.now() });
      }
    };
    const firstResult = () => {
      loaded = true;
      for (const docs of buffered) apply(docs);
      buffered = [];
      lastEmit = Date.now();
      subscriber.next(rows.slice() as T[]);
      if (added.size + removed.size + updated.size > 0) schedule();
      firstResultThen();
    };
    const readStored = () =>
      readAll(anyCollection, prepared).then(
        (stored) => {
          if (closed) return;
          measureRead("read");
          stored.sort(comparator as (a: Raw, b: Raw) => number);
          for (const doc of stored) {
            const id = doc[primary] as string;
            if (fastRead || matcher(doc as never))
              entries.set(id, { lwt: doc._meta?.lwt ?? 0, doc: leanDocument(doc) });
          }
          rows = Array.from(entries.values(), (entry) => entry.doc);
          firstResult();
        },
        (error: unknown) => subscriber.error(error),
      );
    // Documents stored without events (announceStored): the whole result read again, once; what differs from the
    // entries is applied like events (an unchanged document keeps its object), what is no longer stored leaves.
    const reread = async (): Promise<void> => {
      if (touched) {
        rereadAgain = true;
        return;
      }
      touched = new Set();
      try {
        const stored = await readAll(anyCollection, prepared);
        if (closed) return;
        const seen = new Set<string>();
        const changed: Raw[] = [];
        for (const doc of stored) {
          if (!fastRead && !matcher(doc as never)) continue;
          const id = doc[primary] as string;
          seen.add(id);
          const current = entries.get(id);
          if (!current || current.lwt < (doc._meta?.lwt ?? 0)) changed.push(doc);
        }
        for (const id of [...entries.keys()]) {
          if (seen.has(id) || touched.has(id)) continue;
          entries.delete(id);
          updated.delete(id);
          if (!added.delete(id)) removed.add(id);
        }
        apply(changed);
        schedule();
      } finally {
        touched = null;
      }
      if (rereadAgain && !closed) {
        rereadAgain = false;
        await reread();
      }
    };
    let rereadOnLoad = false;
    const notices = storedNotices$(anyCollection).subscribe(() => {
      if (!loaded) {
        // the first read may have started before the documents were stored
        rereadOnLoad = true;
        return;
      }
      reread().catch((error: unknown) => subscriber.error(error));
    });
    const firstResultThen = () => {
      if (!rereadOnLoad || closed) return;
      rereadOnLoad = false;
      reread().catch((error: unknown) => subscriber.error(error));
    };

    const initial = fastRead && !query.sort ? options.initial : undefined;
    if (!initial) void readStored();
    else
      initial
        .catch(() => null)
        .then(async (early) => {
          if (closed) return;
          if (!early) return readStored();
          // the early read's documents as they are; then what was written after it (this tab's writes and other
          // tabs' arrive as events from now on, the ones before come from the storage's changes-since query)
          const changed = await changedSince(anyCollection, early.checkpoint);
          if (closed) return;
          measureRead("adopt");
          early.docs.forEach((doc, i) => {
            entries.set(doc[primary] as string, { lwt: early.lwts[i] ?? 0, doc });
          });
          rows = early.docs.slice();
          buffered.unshift(changed);
          firstResult();
        })
        .catch((error: unknown) => subscriber.error(error));

    return () => {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      subscription.unsubscribe();
      notices.unsubscribe();
    };
  });
}

/**
 * A query with `limit` or `skip`: read from the storage, and read again after a write that may change it (of a
 * document it matches now, or showed) or a notice of documents stored without events.
 */
function windowDocs$(collection: RxCollection, query: MangoQuery<Record<string, unknown>>): Observable<Lean[]> {
  const schema = collection.schema.jsonSchema;
  const primary = collection.schema.primaryPath as string;
  const matcher = getQueryMatcher(schema, normalizeMangoQuery(schema, query));
  return new Observable<Lean[]>((subscriber) => {
    let shown = new Set<string>();
    let reading = false;
    let again = false;
    let closed = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const docs = await findStored(collection, query);
          if (closed) return;
          shown = new Set(docs.map((doc) => doc[primary] as string));
          subscriber.next(docs);
        } while (again && !closed);
      } catch (error) {
        subscriber.error(error);
      } finally {
        reading = false;
      }
    };
    const events = collection.eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) return;
      if (bulk.events.some((event) => shown.has(event.documentId) || matcher(event.documentData as never))) void read();
    });
    const notices = storedNotices$(collection).subscribe(() => void read());
    void read();
    return () => {
      closed = true;
      events.unsubscribe();
      notices.unsubscribe();
    };
  });
}

/** Two sorted arrays merged into one (stable: on a tie, the document of `a` first). */
function merge<D>(a: readonly D[], b: readonly D[], compare: (x: D, y: D) => number): D[] {
  const out: D[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(b[j] as D, a[i] as D) < 0 ? (b[j++] as D) : (a[i++] as D);
  while (i < a.length) out[k++] = a[i++] as D;
  while (j < b.length) out[k++] = b[j++] as D;
  return out;
}
