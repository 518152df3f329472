// Reads (and removals) of a collection's documents straight from its storage, through RxDB's public storage
// interface (RxStorageInstance query, count and bulkWrite), never through RxDB's query cache.
//
// Why: the bootstrap's Web Worker stores a read model's pages without change events (src/data/bootstrap/), and RxDB's
// cached queries (`collection.find(..).exec()`, `count().exec()`, `findOne().exec()`) only run again after a change
// event of their collection: after a bootstrap, `count().exec()` would still say 0. RxDB has no public way to mark a
// cached query stale, so the code that may read a read model after a bootstrap reads it here instead (and the screens'
// live queries, live-query.ts, read through the storage too). RxDB's own queries stay fine for the outbox, which only
// the app writes, with events.
import {
  type MangoQuery,
  normalizeMangoQuery,
  type PreparedQuery,
  prepareQuery,
  type RxCollection,
  type RxDocumentData,
} from "rxdb";

type Raw = RxDocumentData<Record<string, unknown>>;

/**
 * The query as RxDB itself hands it to the storage (RxQuery's prepared query): normalised for the schema, only
 * documents not deleted, `_deleted` first in a chosen index.
 */
export function storageQuery<T>(
  collection: RxCollection<T>,
  query: MangoQuery<T> = {},
  count = false,
): PreparedQuery<T> {
  const schema = collection.schema.jsonSchema;
  const normalized = normalizeMangoQuery(schema, query, count);
  (normalized.selector as Record<string, unknown>)._deleted = { $eq: false };
  if (normalized.index) normalized.index.unshift("_deleted");
  return prepareQuery(schema, normalized);
}

/** A stored document as the screens see it: without RxDB's meta fields (like RxDocument.toJSON()). */
export function leanDocument(raw: Raw): Record<string, unknown> {
  const { _meta, _rev, _attachments, _deleted, ...doc } = raw as Raw & { _attachments?: unknown };
  return doc;
}

/** The documents `query` finds in the storage now, with their meta fields (as the storage keeps them). */
export async function storedDocuments<T>(
  collection: RxCollection<T>,
  query: MangoQuery<T> = {},
): Promise<RxDocumentData<T>[]> {
  const result = await collection.storageInstance.query(storageQuery(collection, query));
  return result.documents as RxDocumentData<T>[];
}

/** The documents `query` finds in the storage now, as plain documents (without meta fields). */
export async function findStored<T>(collection: RxCollection<T>, query: MangoQuery<T> = {}): Promise<T[]> {
  const documents = await storedDocuments(collection, query);
  return documents.map((doc) => leanDocument(doc as unknown as Raw) as T);
}

/** How many documents `query` finds in the storage now. */
export async function countStored<T>(collection: RxCollection<T>, query: MangoQuery<T> = {}): Promise<number> {
  const result = await collection.storageInstance.count(storageQuery(collection, query, true));
  return result.count;
}

/**
 * Removes the documents `query` finds in the storage now (RxDB's deletion: the document kept with `_deleted`, its
 * revision and write time set by the collection's storage wrapper, change events emitted as for any write). A
 * document changed meanwhile is a conflict and stays; returns how many were removed.
 */
export async function removeStored<T>(collection: RxCollection<T>, query: MangoQuery<T>): Promise<number> {
  const documents = await storedDocuments(collection, query);
  if (documents.length === 0) return 0;
  const rows = documents.map((previous) => ({ previous, document: { ...previous, _deleted: true } }));
  const result = await collection.storageInstance.bulkWrite(rows, "ll-remove-stored");
  return documents.length - result.error.length;
}
