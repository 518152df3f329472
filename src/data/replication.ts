// Pull-only RxDB GraphQL replication of every read model, driven by the server's change stream
// (docs/REPLICATION.md "Pull" and "Stream").
//
// * Pull: query pullDocuments(model, afterTxid, afterSeq, lim) -> {documents, checkpoint}. The checkpoint is the
//   server's (txid, seq) below its safe watermark; documents a reader may not see arrive as tombstones.
//   pull.batchSize is always set: RxDB's default (20) disagrees with its engine and stops early.
// * Stream: ONE graphql-ws client for all collections (change-stream.ts); each `changes` event reSyncs the named
//   collection, and every (re)connect reSyncs them all, so nothing committed while the socket was down is missed.
// * No push: writes are commands (outbox.ts).
import type { RxCollection, RxJsonSchema } from "rxdb";
import { type RxGraphQLReplicationState, replicateGraphQL } from "rxdb/plugins/replication-graphql";
import { BehaviorSubject, type Observable } from "rxjs";
import { type ChangeStream, openChangeStream } from "./change-stream.ts";
import type { LocalDatabase } from "./database.ts";
import { isReadModel, READ_MODEL_NAMES, READ_MODELS, type ReadModelName } from "./models/index.ts";
import type { SyncTransport } from "./transport.ts";

export interface Checkpoint {
  txid: string;
  seq: number | string;
}

export const PULL_QUERY = /* GraphQL */ `
  query pullDocuments($model: String!, $afterTxid: String!, $afterSeq: BigInt!, $lim: Int!) {
    pullDocuments(model: $model, afterTxid: $afterTxid, afterSeq: $afterSeq, lim: $lim)
  }
`;

export const PULL_BATCH_SIZE = 200;

/**
 * How many documents each read model will bring on a first sync (the accounts' rows under the reader's RLS, one
 * request): the first sync's progress counts documents against it. An estimate (a read model's document is one row
 * of its table, and the replica's scope is the reader's RLS): the percentage is capped until the sync ends.
 */
export const EXPECTED_COUNTS_QUERY = /* GraphQL */ `
  query firstSyncCounts {
    assets: allAssets { totalCount }
    rounds: allRounds { totalCount }
    allocations: allAllocations { totalCount }
    distributions: allDistributions { totalCount }
    holdings: allHoldings { totalCount }
    customers: allCustomers { totalCount }
    securities: allSecurities { totalCount }
    accounts: allAccounts { totalCount }
    transactions: allTransactions { totalCount }
    broker_allocations: allBrokerAllocations { totalCount }
    documents: allDocuments { totalCount }
  }
`;

/** Progress of the first sync is published at most this often (received$ fires once per document). */
const PROGRESS_INTERVAL_MS = 250;
/** A burst of change notifications for one model pulls it at most this often (the last one always pulls). */
export const STREAM_RESYNC_INTERVAL_MS = 300;

/** A tombstone ({id, _deleted: true}) still has to satisfy the collection's required and indexed fields. */
function blankFields(schema: RxJsonSchema<unknown>): Record<string, unknown> {
  const blank: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, { type?: string | string[] }>;
  for (const field of schema.required ?? []) {
    const type = properties[field as string]?.type;
    const first = Array.isArray(type) ? type[0] : type;
    blank[field as string] = first === "integer" || first === "number" ? 0 : first === "boolean" ? false : "";
  }
  return blank;
}

interface PullResponse {
  documents: Array<Record<string, unknown>>;
  checkpoint: Checkpoint;
}

export function pullResponse(data: unknown, blank: Record<string, unknown>): PullResponse {
  const parsed = (typeof data === "string" ? JSON.parse(data) : data) as PullResponse;
  return {
    checkpoint: parsed.checkpoint,
    documents: parsed.documents.map((doc) => (doc._deleted === true ? { ...blank, ...doc } : doc)),
  };
}

export interface SyncProgress {
  /** collections whose first pull has finished */
  collectionsDone: number;
  collectionsTotal: number;
  /** documents received since the replication started */
  documentsReceived: number;
  /**
   * documents the first sync is expected to bring (known when this device held nothing of the account, else null):
   * collections done count what they received, the others what the server counted
   */
  documentsExpected: number | null;
  /** the last time every collection had pulled without error (ISO) */
  lastSyncedOn: string | null;
  /** the change stream's socket is connected */
  streamConnected: boolean;
  /** the last pull error (message), cleared by the next successful pull */
  error: string | null;
}

export interface Replication {
  states: Map<ReadModelName, RxGraphQLReplicationState<unknown, Checkpoint>>;
  progress$: Observable<SyncProgress>;
  /** Pull now (one collection, or all). */
  reSync(model?: ReadModelName): void;
  /** Resolves when every collection has pulled everything the server had when this was called. */
  awaitInSync(): Promise<void>;
  awaitInitialReplication(): Promise<void>;
  /**
   * The replicas hold everything the server had committed at this time (ISO): the earliest, over the collections, of
   * the start of the last pull cycle that ended without error. Null until every collection has completed one.
   */
  freshSince(): string | null;
  stop(): Promise<void>;
}

export interface ReplicationOptions {
  db: LocalDatabase;
  transport: SyncTransport;
  /** Default: the stream is opened (tests of the pull alone may turn it off). */
  live?: boolean;
  batchSize?: number;
  /** retry pause after a failed pull (ms); RxDB's default is 5 s */
  retryTime?: number;
  now?: () => Date;
  /** On a first sync, ask the server how many documents to expect (progress); default true. */
  expectCounts?: boolean;
}

/** The server's counts per read model (EXPECTED_COUNTS_QUERY), or null when they could not be had. */
async function fetchExpectedCounts(
  transport: SyncTransport,
  models: readonly ReadModelName[],
): Promise<Map<ReadModelName, number> | null> {
  const response = await transport.fetch(transport.graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: EXPECTED_COUNTS_QUERY, operationName: "firstSyncCounts" }),
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { data?: Record<string, { totalCount?: number } | null> };
  if (!body.data) return null;
  const counts = new Map<ReadModelName, number>();
  for (const model of models) {
    const count = body.data[model]?.totalCount;
    if (typeof count === "number") counts.set(model, count);
  }
  return counts;
}

export function startReplication(options: ReplicationOptions): Replication {
  const { db, transport } = options;
  const live = options.live ?? true;
  const batchSize = options.batchSize ?? PULL_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  const states = new Map<ReadModelName, RxGraphQLReplicationState<unknown, Checkpoint>>();
  // the read models this database holds (all of them in the app)
  const models = READ_MODEL_NAMES.filter((name) => name in db.collections);
  const progress = new BehaviorSubject<SyncProgress>({
    collectionsDone: 0,
    collectionsTotal: models.length,
    documentsReceived: 0,
    documentsExpected: null,
    lastSyncedOn: null,
    streamConnected: false,
    error: null,
  });
  const patch = (change: Partial<SyncProgress>) => progress.next({ ...progress.value, ...change });
  const subscriptions: Array<{ unsubscribe(): void }> = [];
  const failing = new Set<ReadModelName>();
  const busy = new Set<ReadModelName>();
  // when each collection's current pull cycle started, and the start of its last one that ended cleanly
  const cycleStartedOn = new Map<ReadModelName, string>();
  const freshOn = new Map<ReadModelName, string>();
  const received = new Map<ReadModelName, number>();
  const done = new Set<ReadModelName>();
  let expected: Map<ReadModelName, number> | null = null;
  let stopped = false;
  const documentsExpected = () => {
    if (!expected) return null;
    let total = 0;
    for (const model of models) {
      const got = received.get(model) ?? 0;
      total += done.has(model) ? got : Math.max(got, expected.get(model) ?? 0);
    }
    return total;
  };
  let receivedTotal = 0;
  let progressTimer: ReturnType<typeof setTimeout> | null = null;
  const publishReceived = () => {
    if (progressTimer !== null) clearTimeout(progressTimer);
    progressTimer = null;
    patch({ documentsReceived: receivedTotal, documentsExpected: documentsExpected() });
  };
  const countReceived = (model: ReadModelName) => {
    receivedTotal++;
    received.set(model, (received.get(model) ?? 0) + 1);
    if (progressTimer === null && !stopped) progressTimer = setTimeout(publishReceived, PROGRESS_INTERVAL_MS);
  };

  for (const model of models) {
    const collection = db.collections[model] as unknown as RxCollection<unknown>;
    const blank = blankFields(READ_MODELS[model] as unknown as RxJsonSchema<unknown>);
    const state = replicateGraphQL<unknown, Checkpoint>({
      collection,
      replicationIdentifier: `ll-pull-${model}`,
      url: { http: transport.graphqlUrl },
      fetch: transport.fetch,
      headers: {},
      live,
      // every tab replicates into the shared storage; RxDB's multi-instance events keep them consistent
      waitForLeadership: false,
      retryTime: options.retryTime ?? 5_000,
      deletedField: "_deleted",
      pull: {
        batchSize,
        queryBuilder: (checkpoint, limit) => ({
          query: PULL_QUERY,
          operationName: "pullDocuments",
          variables: {
            model,
            afterTxid: checkpoint?.txid ?? "0",
            afterSeq: String(checkpoint?.seq ?? 0),
            lim: limit,
          },
        }),
        dataPath: ["data", "pullDocuments"],
        responseModifier: (data) => pullResponse(data, blank) as never,
      },
    });
    states.set(model, state);
    subscriptions.push(
      state.received$.subscribe(() => countReceived(model)),
      state.error$.subscribe((error) => {
        failing.add(model);
        patch({ error: describe(error) });
      }),
      state.active$.subscribe((active) => {
        if (active) {
          if (!busy.has(model)) cycleStartedOn.set(model, now().toISOString());
          busy.add(model);
          return;
        }
        busy.delete(model);
        const startedOn = cycleStartedOn.get(model);
        if (startedOn && !failing.has(model)) freshOn.set(model, startedOn);
        // A pull cycle ended; RxDB reports failures on error$ before it goes idle.
        if (busy.size === 0 && failing.size === 0 && progress.value.collectionsDone === models.length) {
          patch({ lastSyncedOn: now().toISOString(), error: null });
        }
      }),
    );
    void state.awaitInitialReplication().then(
      () => {
        failing.delete(model);
        done.add(model);
        publishReceived();
        patch({ collectionsDone: progress.value.collectionsDone + 1 });
        if (progress.value.collectionsDone === models.length) patch({ lastSyncedOn: now().toISOString() });
      },
      () => {},
    );
  }

  const reSync = (model?: ReadModelName) => {
    for (const [name, state] of states) {
      if (model && name !== model) continue;
      failing.delete(name);
      state.reSync();
    }
  };

  // First sync of this account on this device (nothing stored yet): ask the server how much is coming.
  if (options.expectCounts ?? true) {
    void (async () => {
      const stored = await Promise.all(
        models.map((model) => (db.collections[model] as unknown as RxCollection).count().exec()),
      );
      if (stopped || stored.reduce((a, b) => a + b, 0) > receivedTotal) return;
      const counts = await fetchExpectedCounts(transport, models);
      if (stopped || !counts || progress.value.collectionsDone >= models.length) return;
      expected = counts;
      publishReceived();
    })().catch(() => {
      // progress then counts collections only
    });
  }

  // Notifications come per committed transaction: a burst (a flush of queued commands, an import) pulls each model
  // at most every STREAM_RESYNC_INTERVAL_MS, the last notification always followed by a pull.
  const streamTimers = new Map<ReadModelName, ReturnType<typeof setTimeout>>();
  const lastStreamPull = new Map<ReadModelName, number>();
  const streamReSync = (model: ReadModelName) => {
    if (streamTimers.has(model) || stopped) return;
    const wait = Math.max(0, (lastStreamPull.get(model) ?? 0) + STREAM_RESYNC_INTERVAL_MS - Date.now());
    if (wait === 0) {
      lastStreamPull.set(model, Date.now());
      reSync(model);
      return;
    }
    streamTimers.set(
      model,
      setTimeout(() => {
        streamTimers.delete(model);
        lastStreamPull.set(model, Date.now());
        reSync(model);
      }, wait),
    );
  };

  let stream: ChangeStream | null = null;
  if (live) {
    stream = openChangeStream({
      transport,
      onChange: (table) => {
        if (isReadModel(table)) streamReSync(table);
      },
      onConnected: () => {
        patch({ streamConnected: true });
        reSync();
      },
      onDisconnected: () => patch({ streamConnected: false }),
    });
  }

  return {
    states,
    progress$: progress.asObservable(),
    reSync,
    async awaitInSync() {
      await Promise.all([...states.values()].map((state) => state.awaitInSync()));
    },
    freshSince() {
      let earliest: string | null = null;
      for (const model of models) {
        const on = freshOn.get(model);
        if (!on) return null;
        if (earliest === null || on < earliest) earliest = on;
      }
      return earliest;
    },
    async awaitInitialReplication() {
      await Promise.all([...states.values()].map((state) => state.awaitInitialReplication()));
    },
    async stop() {
      stopped = true;
      if (progressTimer !== null) clearTimeout(progressTimer);
      for (const timer of streamTimers.values()) clearTimeout(timer);
      streamTimers.clear();
      for (const subscription of subscriptions) subscription.unsubscribe();
      await stream?.close();
      await Promise.all([...states.values()].map((state) => state.cancel()));
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const parameters = (error as { parameters?: { errors?: unknown } }).parameters;
    const inner = parameters?.errors;
    if (Array.isArray(inner) && inner[0] instanceof Error) return inner[0].message;
    return error.message;
  }
  return String(error);
}
