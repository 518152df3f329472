// One collection's storage instance (RxDB's RxStorageInstance interface, written from its documented contract with
// RxDB's public helpers only: categorizeBulkWriteRows for conflicts and change events, getQueryMatcher and
// getSortComparator for queries) over the format of format.ts. Besides the interface, the bulk paths the read models
// need are operations of their own: putPulled (a first load's or the bootstrap's pages: the server's version stored as
// an insert, without reading what is stored), putStored (an upgrade's copy, documents kept as they are) and readAll
// (every document in primary-key order, in parts: the live queries' first read).

import type { WhereClause } from "dexie";
import {
  type BulkWriteRow,
  categorizeBulkWriteRows,
  createRevision,
  type EventBulk,
  getQueryMatcher,
  getSortComparator,
  INDEX_MIN,
  now,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageCountResult,
  type RxStorageDefaultCheckpoint,
  type RxStorageInstance,
  type RxStorageQueryResult,
} from "rxdb";
import { type Observable, Subject } from "rxjs";
import { fromStored, indexName, isStoredDeleted, LWT_INDEX, type RxDocument, toStored } from "./format.ts";
import { type IndexedDbApi, type OpenTable, releaseTable } from "./tables.ts";

type Doc = RxDocumentData<Record<string, unknown>>;
type Bulk = EventBulk<RxStorageChangeEvent<Doc>, RxStorageDefaultCheckpoint>;

export interface LedgerInternals {
  /** the IndexedDB database's name (format.ts storeName) */
  name: string;
  /** its table once open */
  ready: Promise<OpenTable>;
  /** the table's indexes (Dexie notation) */
  indexes: readonly string[];
}

/** Documents per read of readAll (one getAll each): each part is decoded in one task; small parts keep tasks short. */
export const READ_PART = 2_500;

const mapKey = (key: unknown) => (key === INDEX_MIN ? Number.NEGATIVE_INFINITY : key);

type Range =
  | { kind: "all" }
  | { kind: "primary" | "index"; name: string; lower: unknown; upper: unknown; lowerOpen: boolean; upperOpen: boolean };

export class LedgerStorageInstance implements RxStorageInstance<Record<string, unknown>, LedgerInternals, object> {
  readonly primaryPath: string;
  private readonly changes$ = new Subject<Bulk>();
  private closing: Promise<void> | null = null;

  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<Doc>>;
  readonly internals: LedgerInternals;
  readonly options: Readonly<object>;
  private readonly api: IndexedDbApi;
  /** the token of the RxDB database (revisions of putPulled) */
  private readonly token: string;

  constructor(
    databaseName: string,
    collectionName: string,
    schema: Readonly<RxJsonSchema<Doc>>,
    internals: LedgerInternals,
    options: Readonly<object>,
    api: IndexedDbApi,
    token: string,
  ) {
    this.databaseName = databaseName;
    this.collectionName = collectionName;
    this.schema = schema;
    this.internals = internals;
    this.options = options;
    this.api = api;
    this.token = token;
    const key = schema.primaryKey;
    this.primaryPath = typeof key === "string" ? key : (key as { key: string }).key;
  }

  private async table(): Promise<OpenTable> {
    if (this.closing) throw new Error(`ledger storage instance is closed: ${this.internals.name}`);
    return this.internals.ready;
  }

  async bulkWrite(rows: BulkWriteRow<Record<string, unknown>>[], context: string) {
    const { db, table } = await this.table();
    for (const row of rows) {
      if (!row.document._rev || (row.previous && !row.previous._rev)) throw new Error("a write row without _rev");
    }
    const response: RxStorageBulkWriteResponse<Record<string, unknown>> = { error: [] };
    let bulk: Bulk | null = null;
    await db.transaction("rw", table, async () => {
      const ids = rows.map((row) => row.document[this.primaryPath] as string);
      const stored = await table.bulkGet(ids);
      const inDb = new Map<string, Doc>();
      for (const doc of stored) if (doc) inDb.set(doc[this.primaryPath] as string, fromStored(doc) as Doc);
      const categorized = categorizeBulkWriteRows(this as never, this.primaryPath as never, inDb, rows, context);
      response.error = categorized.errors;
      const puts = [];
      for (const row of categorized.bulkInsertDocs) puts.push(toStored(row.document as RxDocument));
      for (const row of categorized.bulkUpdateDocs) puts.push(toStored(row.document as RxDocument));
      if (puts.length > 0) await table.bulkPut(puts);
      if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
        const newest = categorized.newestRow.document as Doc;
        categorized.eventBulk.checkpoint = { id: newest[this.primaryPath] as string, lwt: newest._meta.lwt };
        bulk = categorized.eventBulk as Bulk;
      }
    });
    if (bulk) this.changes$.next(bulk);
    return response;
  }

  async findDocumentsById(ids: string[], withDeleted: boolean): Promise<Doc[]> {
    const { table } = await this.table();
    const stored = await table.bulkGet(ids);
    const out: Doc[] = [];
    for (const doc of stored) {
      if (doc && (withDeleted || !isStoredDeleted(doc))) out.push(fromStored(doc) as Doc);
    }
    return out;
  }

  /** The query plan's index range on this table: RxDB's leading `_deleted` dropped when it is one value. */
  private range(prepared: PreparedQuery<Record<string, unknown>>): Range {
    const plan = prepared.queryPlan;
    let fields = [...plan.index];
    let start = [...plan.startKeys];
    let end = [...plan.endKeys];
    if (fields[0] === "_deleted") {
      if (start[0] !== end[0] || typeof start[0] !== "boolean") return { kind: "all" };
      fields = fields.slice(1);
      start = start.slice(1);
      end = end.slice(1);
    }
    if (fields.length === 0) return { kind: "all" };
    const bounds = {
      lower: undefined as unknown,
      upper: undefined as unknown,
      lowerOpen: !plan.inclusiveStart,
      upperOpen: !plan.inclusiveEnd,
    };
    if (fields.length === 1 && fields[0] === this.primaryPath) {
      return { kind: "primary", name: ":id", ...bounds, lower: mapKey(start[0]), upper: mapKey(end[0]) };
    }
    const name = indexName(fields);
    if (!this.internals.indexes.includes(name)) return { kind: "all" };
    return { kind: "index", name, ...bounds, lower: start.map(mapKey), upper: end.map(mapKey) };
  }

  async query(
    prepared: PreparedQuery<Record<string, unknown>>,
  ): Promise<RxStorageQueryResult<Record<string, unknown>>> {
    const { table } = await this.table();
    const query = prepared.query;
    const skip = query.skip ?? 0;
    const limit = typeof query.limit === "number" ? query.limit : Number.POSITIVE_INFINITY;
    const range = this.range(prepared);
    // the index's order is the query's when the planner says so and the index was used as planned
    const sorted = prepared.queryPlan.sortSatisfiedByIndex && range.kind !== "all";
    const matcher = getQueryMatcher(this.schema as never, query as never);
    let collection = range.kind === "all" ? table.toCollection() : inRange(table.where(range.name), range);
    if (!collection) return { documents: [] };
    collection = collection.filter((doc: Record<string, unknown>) => matcher(fromStored(doc) as never));
    if (sorted && Number.isFinite(limit)) collection = collection.limit(skip + limit);
    let rows: Doc[];
    try {
      rows = (await collection.toArray()) as Doc[];
    } catch (error) {
      // a range IndexedDB cannot express (keys of another type): nothing matches it
      if ((error as { name?: string }).name === "DataError") return { documents: [] };
      throw error;
    }
    if (!sorted) rows = rows.sort(getSortComparator(this.schema as never, query as never));
    return { documents: rows.slice(skip, skip + limit) as never };
  }

  /** Counted over the query plan's index range with the selector as a filter: no array, no sort. */
  async count(prepared: PreparedQuery<Record<string, unknown>>): Promise<RxStorageCountResult> {
    const mode = prepared.queryPlan.selectorSatisfiedByIndex ? "fast" : "slow";
    const { table } = await this.table();
    const range = this.range(prepared);
    const collection = range.kind === "all" ? table.toCollection() : inRange(table.where(range.name), range);
    if (!collection) return { count: 0, mode };
    const matcher = getQueryMatcher(this.schema as never, prepared.query as never);
    try {
      const count = await collection
        .filter((doc: Record<string, unknown>) => matcher(fromStored(doc) as never))
        .count();
      return { count, mode };
    } catch (error) {
      // a range IndexedDB cannot express (keys of another type): nothing matches it
      if ((error as { name?: string }).name === "DataError") return { count: 0, mode };
      throw error;
    }
  }

  async getChangedDocumentsSince(
    limit: number,
    checkpoint?: RxStorageDefaultCheckpoint,
  ): Promise<{ documents: Doc[]; checkpoint: RxStorageDefaultCheckpoint }> {
    const { table } = await this.table();
    const primary = this.primaryPath;
    // the lwt index yields (lwt, primary key) order: IndexedDB orders equal index keys by the primary key
    const after = (doc: Record<string, unknown>) => {
      if (!checkpoint) return true;
      const lwt = (doc._meta as { lwt: number }).lwt;
      return lwt > checkpoint.lwt || (lwt === checkpoint.lwt && (doc[primary] as string) > checkpoint.id);
    };
    const from = table.where(LWT_INDEX);
    const documents = (await (checkpoint ? from.aboveOrEqual(checkpoint.lwt) : from.aboveOrEqual(-Infinity))
      .filter(after)
      .limit(limit)
      .toArray()) as Doc[];
    for (const doc of documents) fromStored(doc);
    const last = documents[documents.length - 1];
    return {
      documents,
      checkpoint: last ? { id: last[primary] as string, lwt: last._meta.lwt } : (checkpoint ?? { id: "", lwt: 0 }),
    };
  }

  changeStream(): Observable<Bulk> {
    return this.changes$.asObservable();
  }

  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    const { db, table } = await this.table();
    await db.transaction("rw", table, async () => {
      const old = await table
        .where(LWT_INDEX)
        .below(now() - minimumDeletedTime)
        .filter(isStoredDeleted)
        .primaryKeys();
      if (old.length > 0) await table.bulkDelete(old);
    });
    return true;
  }

  getAttachmentData(documentId: string, attachmentId: string): Promise<Blob> {
    return Promise.reject(new Error(`ledger storage keeps no attachments (${documentId}/${attachmentId})`));
  }

  /**
   * A page of pulled documents stored as inserts, the server's version over anything stored, without reading the
   * table first (a first load or the bootstrap writes a collection that held nothing; a document another tab stored
   * meanwhile is overwritten by the server's version, announced as an insert). With a `context`, the change event of
   * the write is emitted (null: none; the page is told once the model has ended). The documents are not changed.
   */
  async putPulled(documents: readonly Record<string, unknown>[], context: string | null): Promise<void> {
    if (documents.length === 0) return;
    const { db, table } = await this.table();
    const rev = createRevision(this.token);
    const stored = documents.map((doc) => {
      const copy: Record<string, unknown> = { ...doc, _meta: { lwt: now() }, _rev: rev };
      if (copy._deleted !== true) delete copy._deleted;
      delete copy._attachments;
      return copy;
    });
    // the change event's documents (built before the write: Dexie may add nothing, but the event must not share them)
    const rows = context === null ? null : stored.map((doc) => ({ document: fromStored({ ...doc }) as Doc }));
    await db.transaction("rw", table, () => table.bulkPut(stored));
    if (!rows || context === null) return;
    const categorized = categorizeBulkWriteRows(this as never, this.primaryPath as never, new Map(), rows, context);
    const newest = categorized.newestRow?.document as Doc | undefined;
    if (categorized.eventBulk.events.length === 0 || !newest) return;
    categorized.eventBulk.checkpoint = { id: newest[this.primaryPath] as string, lwt: newest._meta.lwt };
    this.changes$.next(categorized.eventBulk as Bulk);
  }

  /**
   * Documents stored exactly as they are given (their `_rev`, `_meta` and `_deleted` kept), over anything stored,
   * without change events: an upgrade's copy of a collection from another storage before anything has it open
   * (upgrade.ts). The documents are not changed.
   */
  async putStored(documents: readonly Doc[]): Promise<void> {
    if (documents.length === 0) return;
    const { db, table } = await this.table();
    const stored = documents.map((doc) => toStored(doc as RxDocument));
    await db.transaction("rw", table, () => table.bulkPut(stored));
  }

  /**
   * Every document not deleted, in primary-key order, in reads of `part` documents (each one getAll): the live
   * queries' first read of a collection. `after`: only documents whose key is greater.
   */
  async readAll(part = READ_PART): Promise<Doc[]> {
    const { table } = await this.table();
    const out: Doc[] = [];
    let after: unknown;
    for (;;) {
      const read =
        after === undefined
          ? await table.limit(part).toArray()
          : await table.where(":id").above(after).limit(part).toArray();
      for (const doc of read) if (!isStoredDeleted(doc)) out.push(fromStored(doc) as Doc);
      if (read.length < part) return out;
      after = (read[read.length - 1] as Record<string, unknown>)[this.primaryPath];
    }
  }

  async remove(): Promise<void> {
    const { table } = await this.table();
    await table.clear();
    await this.shut(true);
  }

  close(): Promise<void> {
    return this.shut(false);
  }

  private shut(remove: boolean): Promise<void> {
    if (this.closing) return this.closing;
    this.changes$.complete();
    this.closing = releaseTable(this.api, this.internals.name, remove);
    return this.closing;
  }
}

/** The Dexie collection of a range (null: an empty range, lower above upper). */
function inRange(clause: WhereClause<Record<string, unknown>, string>, range: Extract<Range, { lower: unknown }>) {
  try {
    return clause.between(range.lower as never, range.upper as never, !range.lowerOpen, !range.upperOpen);
  } catch (error) {
    if ((error as { name?: string }).name === "DataError") return null;
    throw error;
  }
}
