// The React binding of the local data: screens read replicas through these hooks (never the network) and write
// through useCommand (the durable outbox). LocalDataProvider opens the signed-in user's database for the selected
// account once and keeps it for the page.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { MangoQuery, RxCollection } from "rxdb";
import { map, type Observable, of, shareReplay } from "rxjs";
import type { LocalCollections } from "./database.ts";
import { liveDocs$ } from "./live-query.ts";
import { type LocalData, openLocalDataFor, sendCommand } from "./local-data.ts";
import type { OutboxCommand, ReadModelName } from "./models/index.ts";
import { type WithPending, withPending$ } from "./pending.ts";
import { syncStatus } from "./sync-status.ts";

const LocalDataContext = createContext<LocalData | null>(null);

type DocOf<M extends ReadModelName> = LocalCollections[M] extends { findOne(): { exec(): Promise<infer D> } }
  ? NonNullable<D> extends { toMutableJSON(): infer J }
    ? J
    : never
  : never;

export function LocalDataProvider({
  userId,
  accountId,
  children,
}: {
  userId: string | null | undefined;
  accountId: string | null | undefined;
  children: ReactNode;
}) {
  const [data, setData] = useState<LocalData | null>(null);
  useEffect(() => {
    if (!userId || !accountId) return;
    let live = true;
    openLocalDataFor(userId, accountId)
      .then((opened) => {
        if (live) setData(opened);
      })
      .catch((error: unknown) => console.error("Local data could not be opened", error));
    return () => {
      live = false;
    };
  }, [userId, accountId]);
  return <LocalDataContext.Provider value={data}>{children}</LocalDataContext.Provider>;
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

export interface LiveRows<T> {
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

// One live outbox query per open local data, shared by every hook (the pending overlay of each useModel).
const outboxes = new WeakMap<LocalData, Observable<OutboxCommand[]>>();
const outboxCommands$ = (data: LocalData): Observable<OutboxCommand[]> => {
  let commands = outboxes.get(data);
  if (!commands) {
    commands = liveDocs$(data.db.outbox as unknown as RxCollection<OutboxCommand>, { sort: [{ seq: "asc" }] }).pipe(
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    outboxes.set(data, commands);
  }
  return commands;
};

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
    const collection = data.db[model] as unknown as RxCollection<DocOf<M>>;
    const docs$ = liveDocs$(collection, query, { interval: queryInterval });
    return withPending$(model, docs$ as Observable<(DocOf<M> & { id: string })[]>, outboxCommands$(data)).pipe(
      map((rows) => ({ rows: rows as WithPending<DocOf<M>>[], loading: false })),
    );
  }, [data, model, key]);
  return useObservable(source, { rows: [], loading: true });
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
      data ? outboxCommands$(data).pipe(map((rows) => ({ rows, loading: false }))) : of({ rows: [], loading: true }),
    [data],
  );
  return useObservable(source, { rows: [], loading: true });
}

/** Sends a write as a command: stored durably in the outbox first, then sent when online. */
export function useCommand() {
  return useCallback((mutation: string, variables: Record<string, unknown>) => sendCommand(mutation, variables), []);
}
