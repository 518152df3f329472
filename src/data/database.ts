// One local RxDB database per signed-in user and selected account, named `ll-<userId>-<accountId>`: the replicas of
// the server's read models and the outbox. In the browser the read models are on the app's own storage
// (src/data/storage: IndexedDB names `ll-store-ll-<userId>-<accountId>--<version>--<collection>`, LOCAL_STORE_PREFIX)
// and the outbox, the internal store and the replications' meta on RxDB's Dexie storage (`rxdb-dexie-ll-...`,
// LOCAL_INDEXEDDB_PREFIX); tests pass the memory storage (RxDB's Dexie storage on fake-indexeddb is pathologically
// slow) or the app's over fake-indexeddb.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from "rxdb";
import { RxDBLeaderElectionPlugin } from "rxdb/plugins/leader-election";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import {
  type AccountDoc,
  type AllocationDoc,
  type AssetDoc,
  COLLECTION_MODELS,
  type CustomerDoc,
  type DistributionDoc,
  type DocumentDoc,
  type HoldingDoc,
  isCollectionModel,
  isRecordKind,
  OUTBOX_SCHEMA,
  type OutboxCommand,
  READ_MODEL_NAMES,
  type ReadModelName,
  type RecordDoc,
  type RoundDoc,
  type SecurityDoc,
  type TransactionDoc,
} from "./models/index.ts";
import { RECORD_SCHEMA } from "./models/records.ts";
import { addCollectionsReplacingChanged, dropRetiredCollections } from "./schema-upgrade.ts";
import { getRoutedStorage, isRoutedStorage } from "./storage/routed.ts";
import type { IndexedDbApi } from "./storage/tables.ts";
import { moveLegacyReadModels } from "./storage/upgrade.ts";

export const LOCAL_DATABASE_PREFIX = "ll-";
/** Every IndexedDB database RxDB's Dexie storage creates for the app's local databases starts with this. */
export const LOCAL_INDEXEDDB_PREFIX = `rxdb-dexie-${LOCAL_DATABASE_PREFIX}`;
/** Every IndexedDB database of the read models' storage (storage/format.ts) for the app's databases starts with this. */
export const LOCAL_STORE_PREFIX = `ll-store-${LOCAL_DATABASE_PREFIX}`;

/** The collections of read models (every model's own, and `records`): kept on the ledger storage (src/data/storage). */
export const READ_MODEL_COLLECTIONS: readonly string[] = [...READ_MODEL_NAMES.filter(isCollectionModel), "records"];

/**
 * The app's storage (issue 34, docs/REPLICATION.md "The device's storage"): the read models' collections on the
 * ledger storage (src/data/storage), the outbox, the internal store and the replications' meta on RxDB's Dexie
 * storage. `api`: another IndexedDB (tests: fake-indexeddb).
 */
export function localStorageFor(api: IndexedDbApi = {}): RxStorage<unknown, unknown> {
  return getRoutedStorage(READ_MODEL_COLLECTIONS, api);
}

export interface LocalCollections {
  assets: RxCollection<AssetDoc>;
  rounds: RxCollection<RoundDoc>;
  allocations: RxCollection<AllocationDoc>;
  distributions: RxCollection<DistributionDoc>;
  holdings: RxCollection<HoldingDoc>;
  customers: RxCollection<CustomerDoc>;
  securities: RxCollection<SecurityDoc>;
  accounts: RxCollection<AccountDoc>;
  transactions: RxCollection<TransactionDoc>;
  documents: RxCollection<DocumentDoc>;
  /** The small read models (kinds, models/records.ts), keyed by kind and id. */
  records: RxCollection<RecordDoc>;
  outbox: RxCollection<OutboxCommand>;
}

export type LocalDatabase = RxDatabase<LocalCollections>;

function localDatabaseName(userId: string, accountId: string): string {
  return `${LOCAL_DATABASE_PREFIX}${userId}-${accountId}`.toLowerCase();
}

interface OpenLocalDatabaseOptions {
  userId: string;
  accountId: string;
  /** Default: Dexie (IndexedDB). */
  storage?: RxStorage<unknown, unknown>;
  /**
   * Only these read models (default: all). RxDB's free tier opens at most 13 collections per JS realm, so tests
   * that run two devices in one process give each a few collections.
   */
  models?: readonly ReadModelName[];
}

let pluginsAdded = false;

/**
 * A database opened ahead of need (prewarmLocalDatabase): opening RxDB's twelve collections takes a few hundred
 * milliseconds, which can run while the page still waits for the session. It only opens the database (no sync, no
 * outbox: those start once the session is confirmed, in local-data.ts), and is handed once to the next
 * openLocalDatabase of the same name; another name, or nobody within PREWARM_TTL_MS, closes it.
 */
let warm: { name: string; db: Promise<LocalDatabase>; timer: ReturnType<typeof setTimeout> } | null = null;
const PREWARM_TTL_MS = 15_000;

function dropWarm(): Promise<void> {
  const dropped = warm;
  warm = null;
  if (!dropped) return Promise.resolve();
  clearTimeout(dropped.timer);
  return dropped.db.then(
    (db) => db.close().then(() => undefined),
    () => undefined,
  );
}

/** Databases of this page, open or opening (default storage): a prewarm must never open one twice (RxDB's
 * closeDuplicates would close the one in use). */
const inUse = new Map<string, number>();

/** Starts opening the (default, IndexedDB) database of this user and account before the screens ask for it. */
export function prewarmLocalDatabase(userId: string, accountId: string): void {
  const name = localDatabaseName(userId, accountId);
  if (warm?.name === name || (inUse.get(name) ?? 0) > 0) return;
  void dropWarm();
  const db = openDatabase({ userId, accountId });
  db.catch(() => {
    if (warm?.db === db) {
      clearTimeout(warm.timer);
      warm = null;
    }
  });
  warm = { name, db, timer: setTimeout(() => void dropWarm(), PREWARM_TTL_MS) };
}

/**
 * The database prewarmLocalDatabase is opening for this user and account, without taking it (null if none): the
 * early reads of the first screen (hooks.tsx, prewarmLocalData) start on it while the session request runs.
 */
export function prewarmedDatabase(userId: string, accountId: string): Promise<LocalDatabase> | null {
  return warm?.name === localDatabaseName(userId, accountId) ? warm.db : null;
}

/** Closes a prewarmed database nobody took (logout deletes the databases: no connection may stay open). */
export function discardPrewarmedDatabase(): Promise<void> {
  return dropWarm();
}

export async function openLocalDatabase(options: OpenLocalDatabaseOptions): Promise<LocalDatabase> {
  if (warm && !options.storage && !options.models) {
    if (warm.name === localDatabaseName(options.userId, options.accountId)) {
      const taken = warm;
      warm = null;
      clearTimeout(taken.timer);
      try {
        return await taken.db;
      } catch {
        // open it again below
      }
    } else {
      // another account: close the guess first (RxDB's free tier opens at most 13 collections per page)
      await dropWarm();
    }
  }
  return openDatabase(options);
}

async function openDatabase(options: OpenLocalDatabaseOptions): Promise<LocalDatabase> {
  if (options.storage || options.models) return createDatabase(options);
  const name = localDatabaseName(options.userId, options.accountId);
  const release = () => inUse.set(name, Math.max(0, (inUse.get(name) ?? 0) - 1));
  inUse.set(name, (inUse.get(name) ?? 0) + 1);
  try {
    const db = await createDatabase(options);
    db.onClose.push(release);
    return db;
  } catch (error) {
    release();
    throw error;
  }
}

/** The first line of the advertisement RxDB's free Dexie storage prints (console.warn) on its first write. */
export const RXDB_DEXIE_ADVERT = "-------------- RxDB Open Core RxStorage";

/**
 * RxDB 17's Dexie storage prints a premium-plugins advertisement on the first write of every page load unless
 * `setPremiumFlag()` from the paid rxdb-premium package has run (there is no other switch, and the dev-mode plugin
 * is not involved: it is not loaded, see below). We do not fake the premium flag: it also lifts the free tier's
 * collection limit. Instead this one message is dropped: console.warn is wrapped until RxDB has printed it once
 * (it prints it at most once per page), every other warning passes through unchanged, then the wrapper removes
 * itself. tests/e2e/console.e2e.test.ts checks that a page load prints no RxDB advertisement.
 */
function dropRxdbAdvertOnce(): void {
  const original = console.warn;
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith(RXDB_DEXIE_ADVERT)) {
      if (console.warn === filtered) console.warn = original;
      return;
    }
    original.apply(console, args);
  };
  console.warn = filtered;
}

async function createDatabase(options: OpenLocalDatabaseOptions): Promise<LocalDatabase> {
  if (!pluginsAdded) {
    pluginsAdded = true;
    if (!options.storage) dropRxdbAdvertOnce();
    addRxPlugin(RxDBLeaderElectionPlugin);
    // the outbox keeps its sequence counter in a local document
    addRxPlugin(RxDBLocalDocumentsPlugin);
    // No dev-mode plugin, in any build: it injects a tracking iframe (it must never reach production) and refuses
    // to start without a validating storage wrapper, which would validate every replicated document on write.
    // Schemas are checked by the tests instead (every collection is created there).
  }
  const db = await createRxDatabase<LocalCollections>({
    name: localDatabaseName(options.userId, options.accountId),
    storage: (options.storage ?? localStorageFor()) as RxStorage<unknown, unknown>,
    // A second open of the same database in this page (React strict mode, account switch back and forth) closes
    // the first instead of failing.
    closeDuplicates: true,
  });
  const models = options.models ?? READ_MODEL_NAMES;
  const collections = Object.fromEntries(
    models.filter(isCollectionModel).map((name) => [name, { schema: COLLECTION_MODELS[name] }]),
  );
  // the kinds share one collection (opened when any kind is wanted)
  if (models.some(isRecordKind)) collections.records = { schema: RECORD_SCHEMA as never };
  // Read models an older release stored in RxDB's Dexie storage: copied into the ledger storage with their
  // replication checkpoints kept (another schema version: removed and loaded again); the outbox stays
  // (storage/upgrade.ts).
  if (isRoutedStorage(db.storage)) {
    const schemas = Object.fromEntries(Object.entries(collections).map(([name, { schema }]) => [name, schema]));
    await moveLegacyReadModels(db as unknown as RxDatabase, db.storage, schemas as never);
  }
  // A model that moved into `records` leaves its old collection behind: dropped, its documents pulled again as
  // records (never the outbox): schema-upgrade.ts.
  await dropRetiredCollections(db as unknown as RxDatabase);
  // A read model stored under an older schema is dropped and pulled again (never the outbox): schema-upgrade.ts.
  // One collection per task, the page's main thread free between them: RxDB's addCollections of all thirteen at
  // once (schemas normalised and hashed, storage instances, the RxCollections) was one task of 70-280 ms on a phone's
  // first visit (issue 22 item 13). The outbox first: a command can be queued as soon as it is there.
  const creators = { outbox: { schema: OUTBOX_SCHEMA, localDocuments: true }, ...collections } as Record<
    string,
    unknown
  >;
  for (const [name, creator] of Object.entries(creators)) {
    await addCollectionsReplacingChanged(db as unknown as RxDatabase, { [name]: creator } as never);
    await yieldToMain();
  }
  return db;
}

/**
 * Lets the page's main thread run other tasks (input, paint) before going on: a macrotask, not a microtask
 * (scheduler.yield where the browser has it, else a zero timeout; at once in Node, where nothing waits on it).
 */
export function yieldToMain(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
