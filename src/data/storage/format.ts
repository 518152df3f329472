// The read models' stored format (issue 34), owned here: what the storage (dexie-storage.ts, instance.ts) writes into
// IndexedDB and what the early read (early-read.ts) and the bootstrap's worker read and write through it. Kept free
// of Dexie and RxDB: the entry script's early read imports it.
//
// One IndexedDB database per collection, `ll-store-<RxDB database name>--<schema version>--<collection>`, with one
// object store `docs` keyed by the primary key (out of line: the key path is the primary field). A document is
// stored as RxDB hands it to the storage, except that the fields RxDB needs are stored only when they say something:
//   * `_deleted` only when true (absent: false),
//   * `_attachments` only when it holds an attachment (absent: {}; the read models have none),
//   * `_rev` and `_meta` as they are (`_meta.lwt`: the write time RxDB's checkpoints and cleanup use).
// Indexes: the ones the collection's schema declares (without RxDB's leading `_deleted`: a deleted document is
// filtered by the query's matcher, never by the index) and one on `_meta.lwt` (the changes since a checkpoint: the
// live queries' catch-up after an early read, RxDB's cleanup). None of RxDB's `[_deleted+id]`, `[_meta.lwt+id]`.

/** Every IndexedDB database of this storage starts with this. */
export const STORE_PREFIX = "ll-store-";
/** The object store of the documents. */
export const DOCS_TABLE = "docs";
/** The index of write times (`_meta.lwt`). */
export const LWT_INDEX = "_meta.lwt";

/** The IndexedDB database of one collection of one RxDB database. */
export function storeName(databaseName: string, version: number, collectionName: string): string {
  return `${STORE_PREFIX}${databaseName}--${version}--${collectionName}`;
}

export type StoredDocument = Record<string, unknown> & {
  _deleted?: true;
  _attachments?: Record<string, unknown>;
  _rev: string;
  _meta: { lwt: number };
};

export type RxDocument = Record<string, unknown> & {
  _deleted: boolean;
  _attachments: Record<string, unknown>;
  _rev: string;
  _meta: { lwt: number };
};

/** RxDB's document in the stored format (a flat copy; the input is not changed). */
export function toStored(doc: RxDocument): StoredDocument {
  const stored: Record<string, unknown> = {};
  for (const key in doc) {
    if (key === "_deleted") {
      if (doc._deleted) stored._deleted = true;
    } else if (key === "_attachments") {
      const attachments = doc._attachments;
      if (attachments && Object.keys(attachments).length > 0) stored._attachments = attachments;
    } else stored[key] = doc[key];
  }
  return stored as StoredDocument;
}

/** A stored document as RxDB expects it: the object read from IndexedDB completed in place (it is the reader's own). */
export function fromStored(stored: Record<string, unknown>): RxDocument {
  if (stored._deleted !== true) stored._deleted = false;
  if (!stored._attachments) stored._attachments = {};
  return stored as RxDocument;
}

/** Whether a stored document is a deletion (without completing it). */
export const isStoredDeleted = (stored: Record<string, unknown>): boolean => stored._deleted === true;

/** The document as the screens see it: without RxDB's fields (a flat copy). */
export function leanStored(stored: Record<string, unknown>): Record<string, unknown> {
  const { _meta, _rev, _attachments, _deleted, ...doc } = stored;
  return doc;
}

/**
 * The indexes of a collection's table from RxDB's (filled) schema: each declared index without a leading `_deleted`,
 * none of RxDB's own (the primary key alone, `_meta.lwt` first), and `_meta.lwt`. Dexie's notation (`[a+b]`).
 */
export function tableIndexes(schemaIndexes: readonly (string | readonly string[])[], primaryPath: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const index of schemaIndexes) {
    let fields = typeof index === "string" ? [index] : [...index];
    if (fields[0] === "_deleted") fields = fields.slice(1);
    if (fields.length === 0 || fields[0] === "_meta.lwt") continue;
    if (fields.length === 1 && fields[0] === primaryPath) continue;
    const name = indexName(fields);
    if (!seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  }
  out.push(LWT_INDEX);
  return out;
}

export const indexName = (fields: readonly string[]): string =>
  fields.length === 1 ? (fields[0] as string) : `[${fields.join("+")}]`;
