// The React binding of the local data: screens read replicas through these hooks (never the network) and write
// through useCommand (the durable outbox). LocalDataProvider opens the signed-in user's database for the selected
// account once and keeps it for the page.
import { useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ExtractDocumentTypeFromTypedRxJsonSchema, MangoQuery, RxCollection } from "rxdb";
import { map, type Observable, of, shareReplay } from "rxjs";
import type { CommandName, VariablesOf } from "../domain/commands/catalogue.ts";
import { type LocalDatabase, prewarmedDatabase, prewarmLocalDatabase } from "./database.ts";
import { earlyCollection, noteSchemaOpened } from "./early-read.ts";
import { LocalDataContext } from "./LocalDataProvider.tsx";
import { type InitialDocs, liveDocs$ } from "./live-query.ts";
import { type LocalData, openLocalDataFor, sendCommand } from "./local-data.ts";
import {
  COLLECTION_MODELS,
  isCollectionModel,
  isRecordKind,
  type OutboxCommand,
  type READ_MODELS,
  type ReadModelName,
} from "./models/index.ts";
import { fromRecord, kindQuery } from "./models/records.ts";
import { type OverlayQuery, type WithPending, withPending$ } from "./pending.ts";
import { syncStatus } from "./sync-status.ts";

/** A read model's document type (from its schema: its own collection's, or its kind's in `records`). */
type DocOf<M extends ReadModelName> = ExtractDocumentTypeFromTypedRxJsonSchema<(typeof READ_MODELS)[M]>;

export { LocalDataProvider } from "./LocalDataProvider.tsx";

let opening: { key: string; promise: Promise<LocalData> } | null = null;

/**
 * The page's local data for this user and account (openLocalDataFor), one opening at a time: the signed-in layout
 * asks from its guard (routes/_app.tsx) and again from LocalDataProvider, and two calls while the first is still
 * closing a previous database would start two replications of the same database.
 */
export function openLocalData(userId: string, accountId: string): Promise<LocalData> {
  const key = `${userId}/${accountId}`;
  if (opening?.key === key) return opening.promise;
  const promise = openLocalDataFor(userId, accountId).finally(() => {
    if (opening?.promise === promise) opening = null;
  });
  // RxDB opened every collection with this app's schemas: a later page load may show them before it opens
  // (early-read.ts)
  void promise.then(
    (data) => {
      for (const [name, schema] of Object.entries(COLLECTION_MODELS)) noteSchemaOpened(data.db.name, name, schema);
    },
    () => undefined,
  );
  opening = { key, promise };
  return promise;
}

/** The open local data (null until it has opened). */
export function useLocalData(): LocalData | null {
  return useContext(LocalDataContext);
}

function useObservable<T>(source: Observable<T> | null, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!source) return;
    const subscription = source.subscribe({ next: setValue, error: (error) => console.error(error) });
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}

interface LiveRows<T> {
  rows: T[];
  /** true until the first result from the local database */
  loading: boolean;
}

/**
 * While the first sync of an account runs, live queries re-emit at most once a second: every pulled batch changes
 * the collections, and re-rendering whole-collection screens per batch made long tasks (issue 8). Afterwards a burst
 * of changes still gives one emission.
 */
export const FIRST_SYNC_QUERY_INTERVAL_MS = 1_000;
const queryInterval = () => {
  const { firstSync } = syncStatus.getSnapshot();
  return firstSync.done || firstSync.collectionsTotal === 0 ? 0 : FIRST_SYNC_QUERY_INTERVAL_MS;
};

/**
 * One live query per collection and query, shared by every subscriber while one is subscribed: two screens (or an
 * early read and its screen) asking for the same rows read them once. A late subscriber gets the latest rows at once.
 * Each subscriber gets its own array (the documents are shared and read-only, see live-query.ts).
 */
const sharedQueries = new WeakMap<RxCollection, Map<string, Observable<unknown[]>>>();
function sharedDocs$<T>(
  collection: RxCollection<T>,
  query: MangoQuery<T>,
  key: string,
  interval?: () => number,
  initial?: () => Promise<InitialDocs | null> | null,
): Observable<T[]> {
  const anyCollection = collection as unknown as RxCollection;
  let queries = sharedQueries.get(anyCollection);
  if (!queries) {
    queries = new Map();
    sharedQueries.set(anyCollection, queries);
  }
  let shared = queries.get(key);
  if (!shared) {
    shared = liveDocs$(collection, query, { interval, initial: initial?.() ?? undefined }).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    ) as Observable<unknown[]>;
    queries.set(key, shared);
  }
  return shared.pipe(map((rows) => rows.slice() as T[]));
}

const OUTBOX_QUERY: MangoQuery<OutboxCommand> = { sort: [{ seq: "asc" }] };
// One live outbox query per open database, shared by every hook (the pending overlay of each useModel); not spaced
// during the first sync (a queued command shows at once).
const outboxCommands$ = (db: LocalDatabase): Observable<OutboxCommand[]> =>
  sharedDocs$(db.outbox as unknown as RxCollection<OutboxCommand>, OUTBOX_QUERY, JSON.stringify(OUTBOX_QUERY));

/**
 * The read models a screen reads first, by path: prewarmLocalData starts reading them as soon as the database is
 * open, while the session request, the route's code and the shell still load (issue 8: /holdings at 50,000 rows).
 */
export const EARLY_READS: Readonly<Record<string, readonly ReadModelName[]>> = {
  "/holdings": ["holdings", "securities", "rounds"],
};

/** How long early reads are kept for a screen that has not subscribed yet. */
const EARLY_READ_TTL_MS = 15_000;

/**
 * Opens the database of the last stored user and account (prewarmLocalDatabase) and starts the whole-collection
 * reads `path`'s screen will ask for (EARLY_READS), before the session is confirmed. Nothing is shown from them: the
 * screens subscribe only inside the signed-in layout, once the session names the same user and account (the same
 * database); another user or account opens another database, whose collections share nothing with this one, and
 * the guess is closed (database.ts). The reads are held until the screen subscribes, or EARLY_READ_TTL_MS.
 */
export function prewarmLocalData(userId: string, accountId: string, path: string): void {
  prewarmLocalDatabase(userId, accountId);
  const models = EARLY_READS[path];
  const db = prewarmedDatabase(userId, accountId);
  if (!models || !db) return;
  db.then(
    (opened) => {
      if (opened.closed) return;
      performance.mark?.("ll:early-reads");
      const held = [
        outboxCommands$(opened).subscribe({ error: () => undefined }),
        ...models.map((model) =>
          storedDocs$(opened, model, {}).subscribe({
            error: () => undefined,
          }),
        ),
      ];
      const release = () => {
        clearTimeout(timer);
        for (const subscription of held) subscription.unsubscribe();
      };
      const timer = setTimeout(release, EARLY_READ_TTL_MS);
      opened.onClose.push(async () => release());
    },
    () => undefined,
  );
}

/**
 * Live rows of one read model, with the outbox's pending and rejected commands laid over them (a queued create shows
 * as a row marked _pending). `query` is an RxDB Mango query; pass a stable object (useMemo) or a JSON-able literal.
 */
export function useModel<M extends ReadModelName>(
  model: M,
  query: MangoQuery<DocOf<M>> = {},
): LiveRows<WithPending<DocOf<M>>> {
  const data = useLocalData();
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by value through `key`
  const source = useMemo(() => {
    if (!data) return null;
    return modelRows$(data.db, model, query).pipe(map((rows) => ({ rows, loading: false })));
  }, [data, model, key]);
  return useObservable(source, { rows: [], loading: true });
}

/**
 * What useModel shows, without React: the live result of `query` with the outbox overlaid under the same query
 * (pending.ts: a queued creation appears only where its fields pass the query's selector, in its sort and limit).
 */
export function modelRows$<M extends ReadModelName>(
  db: LocalDatabase,
  model: M,
  query: MangoQuery<DocOf<M>> = {},
): Observable<WithPending<DocOf<M>>[]> {
  const docs$ = storedDocs$(db, model, query as MangoQuery<unknown>);
  return withPending$(
    model,
    docs$ as Observable<(DocOf<M> & { id: string })[]>,
    outboxCommands$(db),
    query as OverlayQuery,
  ) as Observable<WithPending<DocOf<M>>[]>;
}

/**
 * The live stored result of `query` over a read model (no overlay): its own collection's, or, for a kind, the same
 * query over its records in `records` (kindQuery), each record shown as the kind's document (fromRecord).
 */
function storedDocs$(db: LocalDatabase, model: ReadModelName, query: MangoQuery<unknown>): Observable<unknown[]> {
  if (!isRecordKind(model)) {
    const collection = db[model] as unknown as RxCollection<unknown>;
    // the whole collection, read early by the page load (early-read.ts): its documents, not a second read
    const initial = isCollectionModel(model)
      ? () => earlyCollection(db.name, model, COLLECTION_MODELS[model])
      : undefined;
    return sharedDocs$(collection, query, JSON.stringify(query), queryInterval, initial);
  }
  const records = kindQuery(model, query as { selector?: Record<string, unknown> }) as MangoQuery<unknown>;
  return sharedDocs$(
    db.records as unknown as RxCollection<unknown>,
    records,
    JSON.stringify(records),
    queryInterval,
  ).pipe(map((rows) => rows.map(fromRecord)));
}

/** One live document by id (with pending changes), undefined while loading, null when it is not on the device. */
export function useDocument<M extends ReadModelName>(
  model: M,
  id: string | undefined,
): WithPending<DocOf<M>> | null | undefined {
  // RxDB refuses a selector on undefined: without an id, ask for an id no document has.
  const query = useMemo(() => ({ selector: { id: id ?? "" } }) as MangoQuery<DocOf<M>>, [id]);
  const { rows, loading } = useModel(model, query);
  if (loading) return undefined;
  return rows.find((row) => (row as { id?: string }).id === id) ?? null;
}

/** Every command of the outbox, newest last (for the sync status review and pending marks). */
export function useOutbox(): LiveRows<OutboxCommand> {
  const data = useLocalData();
  const source = useMemo(
    () =>
      data ? outboxCommands$(data.db).pipe(map((rows) => ({ rows, loading: false }))) : of({ rows: [], loading: true }),
    [data],
  );
  return useObservable(source, { rows: [], loading: true });
}

/**
 * Sends a write as a command of the catalogue (src/domain/commands/catalogue.ts): stored durably in the outbox
 * first, then sent when online. The name and the variables are typed from the catalogue (a misspelt name or a wrong
 * variable type does not compile) and checked against its schema before anything is stored.
 */
export function useCommand(): <N extends CommandName>(
  mutation: N,
  variables: VariablesOf<N>,
) => Promise<OutboxCommand> {
  return useCallback(
    <N extends CommandName>(mutation: N, variables: VariablesOf<N>) => sendCommand(mutation, variables),
    [],
  );
}
