// Pull-only replication of every read model into RxDB, driven by the server's change stream
// (docs/REPLICATION.md "Pull" and "Stream").
//
// * Pull: pullDocuments(model, afterTxid, afterSeq, limit) -> {documents, checkpoint}, through the pull endpoint
//   (POST /api/v2/pull, transport.pullUrl) when the transport names one, else the GraphQL field. The checkpoint is
//   the server's (txid, seq) below its safe watermark; documents a reader may not see arrive as tombstones.
//   Pages of PULL_BATCH_SIZE (500: the server's cheapest size per document, bench/README.md), and the next page is
//   asked for as soon as a full page arrives (prefetch), so the server works on page N+1 while this device writes
//   page N. A prefetched page (or the rest of a page written in parts) is used only for the checkpoint it followed
//   and only while no reSync was asked for since it was fetched: after a change notification or an accepted command
//   the server is always asked again. RxDB drops a reSync that arrives while a pull is running once that pull asks
//   for its next page, so a page fetched before the reSync must never answer that ask. Freshness (freshSince) comes
//   from the fetches themselves: a fetch sent at time T that reached the end of the server's log means the replica,
//   once the cycle ends, holds everything committed before T (the command endpoint answers only once its changes
//   are below the pull's watermark, sync/replication/commands.ts).
// * Stream: ONE graphql-ws client for all collections (change-stream.ts); each `changes` event reSyncs the named
//   collection, and every (re)connect reSyncs them all, so nothing committed while the socket was down is missed.
// * No push: writes are commands (outbox.ts).
import { createRevision, type RxCollection, type RxJsonSchema, now as rxdbNow } from "rxdb";
import { type RxReplicationState, replicateRxCollection } from "rxdb/plugins/replication";
import { BehaviorSubject, type Observable } from "rxjs";
import type { PullAnswer, PullCheckpoint, PullRequest } from "../domain/wire.ts";
import { type ChangeStream, openChangeStream } from "./change-stream.ts";
import type { LocalDatabase } from "./database.ts";
import { type DexieInternals, dexieInternals } from "./live-query.ts";
import { isReadModel, READ_MODEL_NAMES, READ_MODELS, type ReadModelName } from "./models/index.ts";
import type { SyncTransport } from "./transport.ts";

type Checkpoint = PullCheckpoint;

const PULL_QUERY = /* GraphQL */ `
  query pullDocuments($model: String!, $afterTxid: String!, $afterSeq: BigInt!, $lim: Int!) {
    pullDocuments(model: $model, afterTxid: $afterTxid, afterSeq: $afterSeq, lim: $lim)
  }
`;

export const PULL_BATCH_SIZE = 500;
/**
 * Pulled pages are written into RxDB in parts of this many documents: a write of 500 large documents (IndexedDB
 * clones each one on the main thread) made tasks of 200-600 ms on a busy machine. A part that is not the last of
 * its page keeps the page's starting checkpoint, so a sync stopped between two parts starts that page again.
 */
export const WRITE_BATCH_SIZE = 100;
/**
 * Before handing RxDB the next part, the handler waits (at most this long) for the previous part's write: RxDB merges
 * every part that arrives while a write runs into its next write, which made writes of the whole page again.
 */
const PART_WRITE_WAIT_MS = 1_000;

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

type PullResponse = PullAnswer;

/** A page as fetched, with the time its request was sent (ISO). */
type Fetched = PullResponse & { sentOn: string };

function pullResponse(data: unknown, blank: Record<string, unknown>): PullResponse {
  const parsed = (typeof data === "string" ? JSON.parse(data) : data) as PullResponse;
  return {
    checkpoint: parsed.checkpoint,
    documents: parsed.documents.map((doc) => (doc._deleted === true ? { ...blank, ...doc } : doc)),
  };
}

interface SyncProgress {
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
  /** this device held nothing of the account when the replication started (null until known) */
  fromEmpty: boolean | null;
}

export interface Replication {
  states: Map<ReadModelName, RxReplicationState<unknown, Checkpoint>>;
  progress$: Observable<SyncProgress>;
  /** Pull now (one collection, or all). */
  reSync(model?: ReadModelName): void;
  /** Resolves when every collection has pulled everything the server had when this was called. */
  awaitInSync(): Promise<void>;
  awaitInitialReplication(): Promise<void>;
  /**
   * The replicas hold everything the server had committed at this time (ISO): the earliest, over the collections, of
   * the send time of the last fetch that reached the end of the server's log in a pull cycle that then ended without
   * error. Null until every collection has had one.
   */
  freshSince(): string | null;
  stop(): Promise<void>;
}

interface ReplicationOptions {
  db: LocalDatabase;
  transport: SyncTransport;
  /** Default: the stream is opened (tests of the pull alone may turn it off). */
  live?: boolean;
  /** documents per pull request (default PULL_BATCH_SIZE) */
  batchSize?: number;
  /** documents per write into RxDB (default WRITE_BATCH_SIZE; the whole page unless it divides the page size) */
  writeSize?: number;
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

/** One page of documents after `checkpoint`, from the pull endpoint or the GraphQL field (parsed, not yet blanked). */
async function fetchPage(
  transport: SyncTransport,
  model: ReadModelName,
  checkpoint: Checkpoint | undefined,
  limit: number,
  useEndpoint: boolean,
): Promise<unknown> {
  const afterTxid = checkpoint?.txid ?? "0";
  const afterSeq = String(checkpoint?.seq ?? 0);
  const headers = { "content-type": "application/json", accept: "application/json" };
  if (useEndpoint && transport.pullUrl) {
    const response = await transport.fetch(transport.pullUrl, {
      method: "POST",
      headers,
      body: JSON.stringify({ model, afterTxid, afterSeq, limit } satisfies PullRequest),
    });
    if (response.status === 404) return ENDPOINT_MISSING;
    if (!response.ok) throw new Error(await errorText(response));
    return response.json();
  }
  const response = await transport.fetch(transport.graphqlUrl, {
    method: "POST",
    headers,
    body: JSON.stringify({
      query: PULL_QUERY,
      operationName: "pullDocuments",
      variables: { model, afterTxid, afterSeq, lim: limit },
    }),
  });
  if (!response.ok && response.status !== 400) throw new Error(await errorText(response));
  const body = (await response.json()) as { data?: { pullDocuments?: unknown } | null; errors?: unknown[] };
  if (body.errors?.length || body.data?.pullDocuments == null) throw new Error(errorMessage(body, response.status));
  return body.data.pullDocuments;
}

/** A server without the pull endpoint (an older one behind a newer cached app): the GraphQL field serves. */
const ENDPOINT_MISSING = Symbol("no pull endpoint");

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    return errorMessage(JSON.parse(text), response.status);
  } catch {
    return `The pull failed (HTTP ${response.status}).`;
  }
}

function errorMessage(body: unknown, status: number): string {
  const errors = (body as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === "string" ? message : `The pull failed (HTTP ${status}).`;
}

/**
 * While a first load writes a part, the Dexie storage's read of those very documents before it writes them (its
 * conflict check: one IndexedDB get a document, about a fifth of the first sync's main-thread time at 50,000
 * holdings) is answered "not stored" without reading. Only a read of exactly the part's ids is answered so: that is
 * the write's own read (a first load writes a collection that held nothing; this tab has no other writer of a read
 * model meanwhile). A document another tab stored in the meantime is then overwritten by the server's version, the
 * policy of the conflict path below, and announced as an insert. Returns the function that ends it.
 */
function answerAbsent(table: NonNullable<DexieInternals["dexieTable"]>, ids: readonly unknown[]): () => void {
  const absent = new Set(ids);
  const own = Object.hasOwn(table, "bulkGet");
  const original = table.bulkGet;
  table.bulkGet = function (this: unknown, keys: unknown[]) {
    if (keys.length > 0 && keys.every((key) => absent.has(key))) return Promise.resolve(keys.map(() => undefined));
    return original.call(this, keys);
  };
  return () => {
    if (own) table.bulkGet = original;
    else delete (table as Partial<typeof table>).bulkGet;
  };
}

export function startReplication(options: ReplicationOptions): Replication {
  const { db, transport } = options;
  const live = options.live ?? true;
  const batchSize = options.batchSize ?? PULL_BATCH_SIZE;
  const wanted = Math.max(1, options.writeSize ?? WRITE_BATCH_SIZE);
  // RxDB ends a pull cycle at the first part shorter than its batch size: parts must divide the page
  const writeSize = wanted < batchSize && batchSize % wanted === 0 ? wanted : batchSize;
  const now = options.now ?? (() => new Date());
  const states = new Map<ReadModelName, RxReplicationState<unknown, Checkpoint>>();
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
    fromEmpty: null,
  });
  const patch = (change: Partial<SyncProgress>) => progress.next({ ...progress.value, ...change });
  const subscriptions: Array<{ unsubscribe(): void }> = [];
  const failing = new Set<ReadModelName>();
  const busy = new Set<ReadModelName>();
  // per collection: how many reSyncs were asked for (a prefetched page or a page's rest belongs to one of them),
  // the send time of the latest fetch that reached the end of the server's log, waiting for its cycle to end cleanly
  const epochs = new Map<ReadModelName, number>();
  const reachedEndOn = new Map<ReadModelName, string>();
  let useEndpoint = !!transport.pullUrl;
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
    // the page asked for after the last full page of this cycle, before anyone asked for it
    let prefetched: { epoch: number; after: string; page: Promise<Fetched> } | null = null;
    // the parts of the current page not yet handed to RxDB (it asks for them with the page's starting checkpoint)
    let rest: { epoch: number; after: string; documents: PullResponse["documents"]; checkpoint: Checkpoint } | null =
      null;
    const keyOf = (checkpoint: Checkpoint | undefined) => `${checkpoint?.txid ?? "0"}/${checkpoint?.seq ?? 0}`;
    const request = async (checkpoint: Checkpoint | undefined, limit: number): Promise<Fetched> => {
      const sentOn = now().toISOString();
      let data = await fetchPage(transport, model, checkpoint, limit, useEndpoint);
      if (data === ENDPOINT_MISSING) {
        useEndpoint = false;
        data = await fetchPage(transport, model, checkpoint, limit, false);
      }
      return { ...pullResponse(data, blank), sentOn };
    };
    /** Asks for the page after `checkpoint` ahead of need; a failure is reported when (if) someone awaits it. */
    const prefetch = (checkpoint: Checkpoint) => {
      const next = request(checkpoint, batchSize);
      next.catch(() => {});
      return next;
    };
    /** The first `limit` documents of a page; the checkpoint moves only with the page's last part. */
    const part = (page: PullResponse, after: Checkpoint | undefined, epoch: number, limit: number) => {
      if (page.documents.length <= limit) {
        rest = null;
        return page;
      }
      rest = { epoch, after: keyOf(after), documents: page.documents.slice(limit), checkpoint: page.checkpoint };
      return { documents: page.documents.slice(0, limit), checkpoint: after ?? { txid: "0", seq: 0 } };
    };
    // documents of this model the replication has written (received$), and that count when the last part left
    let written = 0;
    let writtenWhenHanded = -1;
    let onWritten: (() => void) | null = null;
    const previousPartWritten = async () => {
      if (writtenWhenHanded < 0 || written > writtenWhenHanded) return;
      // a part whose documents all equal the stored ones writes nothing: the wait is bounded
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, PART_WRITE_WAIT_MS);
        function done() {
          clearTimeout(timer);
          onWritten = null;
          resolve();
        }
        onWritten = done;
      });
    };
    const handOut = (result: PullResponse) => {
      writtenWhenHanded = result.documents.length > 0 ? written : -1;
      return result as never;
    };
    // First load: written straight into the collection's storage (see loadFirst); decided at the first pull from no
    // checkpoint (undefined: not yet; null: the usual path), and where it got to, for a retry after a failure.
    let firstLoad: { checkpoint: Checkpoint | undefined } | null | undefined;
    /** Writes pulled documents as RxDB's downstream would (same document shape), without its per-document reads. */
    const writeDirect = async (documents: PullResponse["documents"]) => {
      if (documents.length === 0) return;
      const token = collection.database.token;
      const stored = (doc: Record<string, unknown>, previous?: Record<string, unknown>) =>
        ({
          ...doc,
          _deleted: doc._deleted === true,
          _attachments: {},
          _meta: { lwt: rxdbNow() },
          _rev: createRevision(token, previous as never),
        }) as never;
      const storage = collection.storageInstance;
      const table = (await dexieInternals(collection as unknown as RxCollection))?.dexieTable;
      const primary = collection.schema.primaryPath as string;
      const release = table
        ? answerAbsent(
            table,
            documents.map((doc) => doc[primary]),
          )
        : () => {};
      let result: Awaited<ReturnType<typeof storage.bulkWrite>>;
      try {
        result = await storage.bulkWrite(
          documents.map((doc) => ({ document: stored(doc) })),
          "ll-first-load",
        );
      } finally {
        release();
      }
      // A document that is there already (another tab's replication, a retried page): the server's version wins,
      // as in RxDB's downstream.
      const again = result.error.flatMap((error) =>
        error.status === 409 && error.documentInDb
          ? [{ previous: error.documentInDb, document: stored(error.writeRow.document as never, error.documentInDb) }]
          : [],
      );
      const failed = result.error.find((error) => error.status !== 409 || !error.documentInDb);
      const retried = again.length > 0 ? await storage.bulkWrite(again, "ll-first-load") : null;
      const stillFailed = failed ?? retried?.error[0];
      if (stillFailed) throw new Error(`Could not store ${model} ${stillFailed.documentId} (${stillFailed.status}).`);
      for (let i = 0; i < documents.length; i++) countReceived(model);
    };
    /**
     * The first pull of a collection that holds nothing: every page to the end of the server's log, each written in
     * parts straight into the storage, the next page fetched while this one is written. RxDB's downstream reads each
     * document from the collection and from its replication meta before writing it (three IndexedDB reads a document,
     * two thirds of the first sync's reads, bench/README.md); here there is nothing to read. RxDB stores a checkpoint
     * only with documents: the last part goes to RxDB with the last checkpoint (when the log ended on a full page, the
     * last part written again: RxDB finds it stored and only keeps the checkpoint). Later pulls take the usual path.
     */
    const loadFirst = async (
      load: { checkpoint: Checkpoint | undefined },
      limit: number,
    ): Promise<PullResponse & { stored?: boolean }> => {
      let next = request(load.checkpoint, batchSize);
      let lastPart: PullResponse["documents"] = [];
      for (;;) {
        const pulled = await next;
        const full = pulled.documents.length >= batchSize;
        if (full && !stopped) next = prefetch(pulled.checkpoint);
        const parts: PullResponse["documents"][] = [];
        for (let i = 0; i < pulled.documents.length; i += writeSize)
          parts.push(pulled.documents.slice(i, i + writeSize));
        // RxDB asks again after a full part: the part it gets is shorter than its limit (one document at least)
        let handed = full ? null : (parts.pop() ?? lastPart.slice(-1));
        if (handed && handed.length >= limit && handed.length > 1) {
          parts.push(handed.slice(0, -1));
          handed = handed.slice(-1);
        }
        for (const documents of parts) {
          if (stopped) return { documents: [], checkpoint: load.checkpoint ?? { txid: "0", seq: 0 } };
          await writeDirect(documents);
          lastPart = documents;
        }
        load.checkpoint = pulled.checkpoint;
        if (handed) {
          reachedEndOn.set(model, pulled.sentOn);
          // stored: RxDB finds these documents as they are and writes nothing (no received$ to wait for)
          return { documents: handed, checkpoint: pulled.checkpoint, stored: pulled.documents.length === 0 };
        }
      }
    };
    const handler = async (checkpoint: Checkpoint | undefined, limit: number) => {
      if (checkpoint === undefined && firstLoad !== null) {
        firstLoad ??= (await collection.count().exec()) === 0 ? { checkpoint: undefined } : null;
        if (firstLoad) {
          const { stored, ...loaded } = await loadFirst(firstLoad, limit);
          firstLoad = null;
          if (!stored) return handOut(loaded);
          writtenWhenHanded = -1;
          return loaded as never;
        }
      }
      const epoch = epochs.get(model) ?? 0;
      const after = keyOf(checkpoint);
      const pending = rest;
      if (pending && pending.epoch === epoch && pending.after === after) {
        await previousPartWritten();
        return handOut(
          part({ documents: pending.documents, checkpoint: pending.checkpoint }, checkpoint, epoch, limit),
        );
      }
      rest = null;
      const ahead = prefetched;
      prefetched = null;
      const page =
        ahead && ahead.epoch === epoch && ahead.after === after ? ahead.page : request(checkpoint, batchSize);
      // a failure here (also a prefetch's) is RxDB's to retry: it calls again, and that call asks the server afresh
      const pulled = await page;
      if (pulled.documents.length < batchSize) reachedEndOn.set(model, pulled.sentOn);
      if (pulled.documents.length >= batchSize && !stopped)
        prefetched = { epoch, after: keyOf(pulled.checkpoint), page: prefetch(pulled.checkpoint) };
      await previousPartWritten();
      return handOut(part(pulled, checkpoint, epoch, limit));
    };
    const state = replicateRxCollection<unknown, Checkpoint>({
      collection,
      replicationIdentifier: `ll-pull-${model}`,
      live,
      // every tab replicates into the shared storage; RxDB's multi-instance events keep them consistent
      waitForLeadership: false,
      // a hidden tab keeps pulling (it may be the one holding the only open replica)
      toggleOnDocumentVisible: false,
      retryTime: options.retryTime ?? 5_000,
      deletedField: "_deleted",
      pull: { batchSize: writeSize, handler },
    });
    states.set(model, state);
    subscriptions.push(
      state.received$.subscribe(() => {
        written++;
        onWritten?.();
        countReceived(model);
      }),
      state.error$.subscribe((error) => {
        failing.add(model);
        patch({ error: describe(error) });
      }),
      state.active$.subscribe((active) => {
        if (active) {
          busy.add(model);
          return;
        }
        busy.delete(model);
        // RxDB goes idle once the cycle's pages are written: a fetch of it that reached the end now counts
        const reached = reachedEndOn.get(model);
        if (reached && !failing.has(model)) {
          freshOn.set(model, reached);
          reachedEndOn.delete(model);
        }
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
      // pages fetched before this point may not answer the pull it starts
      epochs.set(name, (epochs.get(name) ?? 0) + 1);
      state.reSync();
    }
  };

  // First sync of this account on this device (nothing stored yet): ask the server how much is coming.
  // (fromEmpty: screens that read whole large collections wait for the end of such a first sync)
  void (async () => {
    const stored = await Promise.all(
      models.map((model) => (db.collections[model] as unknown as RxCollection).count().exec()),
    );
    if (stopped) return;
    const fromEmpty = stored.reduce((a, b) => a + b, 0) <= receivedTotal;
    patch({ fromEmpty });
    if (fromEmpty && (options.expectCounts ?? true)) {
      const counts = await fetchExpectedCounts(transport, models);
      if (stopped || !counts || progress.value.collectionsDone >= models.length) return;
      expected = counts;
      publishReceived();
    }
  })().catch(() => {
    // progress then counts collections only
  });

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
