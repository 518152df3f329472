// Pull-only replication of every read model into RxDB, driven by the server's change stream
// (docs/REPLICATION.md "Pull" and "Stream"). This module wires the parts, one job each, in replication/:
//
// * page.ts: one page after a checkpoint, through the pull endpoint (POST /api/v2/pull) or the GraphQL field.
// * collection-pull.ts: the pull handler of one collection: pages of PULL_BATCH_SIZE handed to RxDB in parts of
//   WRITE_BATCH_SIZE, the next page prefetched, a prefetched page or a page's rest used only for the checkpoint it
//   followed and in the reSync epoch it was fetched in.
// * first-load.ts: the first pull of an empty collection, written straight into storage (the storage's putPulled).
// * progress.ts: the first sync's progress (collections done, documents received against the server's counts).
// * freshness.ts: freshSince, from the send times of fetches that reached the end of the server's log.
// * stream-resync.ts: ONE change stream for all collections (change-stream.ts); an event that carries its documents
//   has them written by the collection's pull handler without a pull (collection-pull.ts `streamed`), any other event
//   reSyncs the named collection, every (re)connect and a missed event reSync them all; each reSync opens a new epoch
//   of its collection.
// * A kind of the shared `records` collection (models/records.ts) is pulled like a collection of its own (its own
//   replication state, checkpoint, first load and reSync, all named by the model), into `records`: its pages are
//   turned into records (toRecord) before RxDB or the first load sees them.
// * bootstrap/: the first load of an empty collection as one streamed response, written by a Web Worker.
// * No push: writes are commands (outbox.ts).
import { type RxCollection, type RxJsonSchema, now as rxdbNow, setCheckpoint } from "rxdb";
import { type RxReplicationState, replicateRxCollection } from "rxdb/plugins/replication";
import type { Observable } from "rxjs";
import type { PullAnswer } from "../domain/wire.ts";
import { type Bootstrapper, browserBootstrapper } from "./bootstrap/index.ts";
import type { Connectivity } from "./connectivity.ts";
import { type LocalDatabase, yieldToMain } from "./database.ts";
import { isRecordKind, READ_MODEL_NAMES, READ_MODELS, type ReadModelName } from "./models/index.ts";
import { kindReplicationIdentifier, kindVersion, type RecordKind, toRecord } from "./models/records.ts";
import { orderedNow } from "./ordered-clock.ts";
import { type CollectionPull, createCollectionPull } from "./replication/collection-pull.ts";
import { describeSyncFailure } from "./replication/failure.ts";
import { createFreshness } from "./replication/freshness.ts";
import { blankFields, type Checkpoint, createPageFetcher } from "./replication/page.ts";
import { createProgressTracker, fetchExpectedCounts, type SyncProgress } from "./replication/progress.ts";
import { createReSync, startStreamReSync } from "./replication/stream-resync.ts";
import { isStorageFull } from "./storage-full.ts";
import { countStored, removeStored } from "./stored-reads.ts";
import type { SyncTransport } from "./transport.ts";

export const PULL_BATCH_SIZE = 500;
/**
 * Pulled pages are written into RxDB in parts of this many documents: a write of 500 large documents (IndexedDB
 * clones each one on the main thread) made tasks of 200-600 ms on a busy machine. A part that is not the last of
 * its page keeps the page's starting checkpoint, so a sync stopped between two parts starts that page again.
 */
export const WRITE_BATCH_SIZE = 100;

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
  /** When given, the change stream is open only while it says online (no websocket attempts offline). */
  connectivity?: Connectivity | null;
  /**
   * The first load of an empty collection through the bootstrap (bootstrap/index.ts). Default: the browser's (a Web
   * Worker on the read models' own storage), none elsewhere; null: none.
   */
  bootstrap?: Bootstrapper | null;
}

export function startReplication(options: ReplicationOptions): Replication {
  const { db, transport } = options;
  const live = options.live ?? true;
  const batchSize = options.batchSize ?? PULL_BATCH_SIZE;
  const wanted = Math.max(1, options.writeSize ?? WRITE_BATCH_SIZE);
  // RxDB ends a pull cycle at the first part shorter than its batch size: parts must divide the page
  const writeSize = wanted < batchSize && batchSize % wanted === 0 ? wanted : batchSize;
  const now = options.now ?? orderedNow;
  const states = new Map<ReadModelName, RxReplicationState<unknown, Checkpoint>>();
  const pulls = new Map<ReadModelName, CollectionPull>();
  // the read models this database holds (all of them in the app)
  const models = READ_MODEL_NAMES.filter((name) => name in db.collections || (isRecordKind(name) && db.records));
  const progress = createProgressTracker(models, now);
  const freshness = createFreshness(models);
  const fetchPage = createPageFetcher(transport, now);
  const { reSync, epochOf } = createReSync(states, (model) => freshness.cleared(model));
  const bootstrapper = options.bootstrap === undefined ? browserBootstrapper(db, transport) : options.bootstrap;
  const subscriptions: Array<{ unsubscribe(): void }> = [];
  const downstreamFlag = async (model: ReadModelName) =>
    (states.get(model) as { internalReplicationState?: { downstreamBulkWriteFlag: Promise<string> } } | undefined)
      ?.internalReplicationState?.downstreamBulkWriteFlag;
  // RxDB's upstream (it runs without a push) walks every document written since its checkpoint when it starts,
  // reading each one's replication meta; documents it saw as change events of this replication's own downstream only
  // move the checkpoint. The bootstrap's worker stores documents without events, so after it the checkpoint is moved
  // past them here: else the next page load walks every bootstrapped document once on the main thread (about 4 s
  // after the grid at 50,000 holdings, bench/README.md).
  const upstreamPast = async (model: ReadModelName) => {
    const internal = (states.get(model) as { internalReplicationState?: unknown } | undefined)
      ?.internalReplicationState;
    if (internal) await setCheckpoint(internal as never, "up", { id: "", lwt: rxdbNow() });
  };
  // collections whose pull cycle is under way
  const busy = new Set<ReadModelName>();
  // RxDB counts a collection's first pull as done although its writes failed; one whose last write failed for want
  // of room (the top bar says "Storage full") is not counted until a write of it succeeds
  const unwritten = new Set<ReadModelName>();
  const held = new Set<ReadModelName>();
  const firstPullDone = (model: ReadModelName) => {
    freshness.cleared(model);
    progress.collectionDone(model);
  };
  const wrote = (model: ReadModelName) => {
    progress.countReceived(model);
    if (unwritten.delete(model) && held.delete(model)) firstPullDone(model);
  };
  let stopped = false;

  for (const model of models) {
    const collection = collectionOf(db, model);
    const kind = isRecordKind(model) ? model : null;
    const pull = createCollectionPull({
      collection,
      model,
      fetchPage: kind
        ? async (...args) => {
            const page = await fetchPage(...args);
            return { ...page, documents: page.documents.map((doc) => toRecord(kind, doc) as typeof doc) };
          }
        : fetchPage,
      ...(kind ? { isEmpty: () => kindIsEmpty(db, kind) } : {}),
      // the bootstrap's change events carry the replication's own downstream flag: its upstream (no push here) then
      // skips them instead of reading the replication meta of every document (bench/README.md "Bootstrap")
      bootstrap: kind
        ? null
        : (bootstrapper?.forModel(
            model,
            collection,
            () => downstreamFlag(model),
            () => upstreamPast(model),
          ) ?? null),
      blank: blankFields(READ_MODELS[model] as unknown as RxJsonSchema<unknown>),
      batchSize,
      writeSize,
      epochOf: () => epochOf(model),
      stopped: () => stopped,
      reachedEnd: (sentOn) => freshness.reachedEnd(model, sentOn),
      countWritten: () => wrote(model),
    });
    const state = replicateRxCollection<unknown, Checkpoint>({
      collection,
      replicationIdentifier: kind ? kindReplicationIdentifier(kind) : `ll-pull-${model}`,
      live,
      // every tab replicates into the shared storage; RxDB's multi-instance events keep them consistent
      waitForLeadership: false,
      // a hidden tab keeps pulling (it may be the one holding the only open replica)
      toggleOnDocumentVisible: false,
      retryTime: options.retryTime ?? 5_000,
      deletedField: "_deleted",
      pull: { batchSize: writeSize, handler: pull.handler as never },
      // started below, one at a time
      autoStart: false,
    });
    states.set(model, state);
    pulls.set(model, pull);
    subscriptions.push(
      state.received$.subscribe(() => {
        pull.written();
        wrote(model);
      }),
      state.error$.subscribe((error) => {
        freshness.failed(model);
        const full = isStorageFull(error);
        if (full) unwritten.add(model);
        progress.patch({ error: describeSyncFailure(error), storageFull: full });
      }),
      state.active$.subscribe((active) => {
        if (active) {
          busy.add(model);
          return;
        }
        busy.delete(model);
        // RxDB goes idle once the cycle's pages are written: a fetch of it that reached the end now counts
        freshness.cycleEnded(model);
        // streamed documents that came during the cycle (RxDB dropped their reSync, or it was a pull): written now
        if (pull.hasStreamed() && !stopped) state.reSync();
        // A pull cycle ended; RxDB reports failures on error$ before it goes idle.
        if (busy.size === 0) progress.allIdle(freshness.clean());
      }),
    );
    void state.awaitInitialReplication().then(
      () => {
        if (unwritten.has(model)) held.add(model);
        else firstPullDone(model);
      },
      () => {},
    );
  }

  // The replications start one after the other, the page's main thread free between two: each start opens its
  // checkpoint store (an IndexedDB database of its own with the Dexie storage) and registers it with the collection;
  // twenty-seven of them at once made tasks of a few hundred milliseconds on a phone's first visit (issue 22 item
  // 13). The collections come first (READ_MODEL_NAMES: the screens' large models), then the kinds of `records`.
  void (async () => {
    for (const state of states.values()) {
      if (stopped) return;
      await state.start().catch(() => {});
      await yieldToMain();
    }
  })();

  // First sync of this account on this device (nothing stored yet): ask the server how much is coming.
  // (fromEmpty: screens that read whole large collections wait for the end of such a first sync)
  progress
    .measureFirstSync(
      async () => {
        const stored = await Promise.all(models.map((model) => storedCount(db, model)));
        return stored.reduce((a, b) => a + b, 0);
      },
      (options.expectCounts ?? true) ? () => fetchExpectedCounts(transport, models) : null,
    )
    .catch(() => {
      // progress then counts collections only
    });

  /** Documents of the change stream, written without a pull (false: not taken, the caller pulls instead). */
  const streamed = (model: ReadModelName, documents: PullAnswer["documents"]) => {
    const pull = pulls.get(model);
    const state = states.get(model);
    const kind = isRecordKind(model) ? model : null;
    const docs = kind ? documents.map((doc) => toRecord(kind, doc) as typeof doc) : documents;
    if (!pull || !state || stopped || !pull.streamed(docs)) return false;
    // a cycle of RxDB's own (not a reSync of ours: no new epoch, so the handler hands out the documents)
    state.reSync();
    return true;
  };

  const stream = live
    ? startStreamReSync({
        transport,
        reSync,
        streamed,
        onConnection: (connected) => progress.patch({ streamConnected: connected }),
        connectivity: options.connectivity ?? null,
      })
    : null;

  return {
    states,
    progress$: progress.progress$,
    reSync,
    async awaitInSync() {
      await Promise.all([...states.values()].map((state) => state.awaitInSync()));
    },
    freshSince: () => freshness.freshSince(),
    async awaitInitialReplication() {
      await Promise.all([...states.values()].map((state) => state.awaitInitialReplication()));
    },
    async stop() {
      stopped = true;
      bootstrapper?.stop();
      progress.stop();
      for (const subscription of subscriptions) subscription.unsubscribe();
      await stream?.close();
      await Promise.all([...states.values()].map((state) => state.cancel()));
    },
  };
}

/** The collection a read model is stored in: its own, or `records` for a kind. */
function collectionOf(db: LocalDatabase, model: ReadModelName): RxCollection<unknown> {
  return (isRecordKind(model) ? db.records : db.collections[model]) as unknown as RxCollection<unknown>;
}

/** How many documents of a read model the device holds (a kind counts its own records). */
function storedCount(db: LocalDatabase, model: ReadModelName): Promise<number> {
  // from the storage, not RxDB's query cache: the bootstrap stores documents without change events (stored-reads.ts)
  const collection = collectionOf(db, model) as unknown as RxCollection;
  return countStored(collection, isRecordKind(model) ? { selector: { recordKind: model } } : {});
}

/**
 * At a kind's pull from no checkpoint (its first, or the first under a new schema version of the kind: a new
 * replication identifier): its records of other versions are removed (the server sends them all again), then whether
 * none is left (the first load's condition).
 */
async function kindIsEmpty(db: LocalDatabase, kind: RecordKind): Promise<boolean> {
  await removeStored(db.records, { selector: { recordKind: kind, recordVersion: { $ne: kindVersion(kind) } } });
  return (await storedCount(db, kind)) === 0;
}
