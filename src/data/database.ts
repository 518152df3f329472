// One local RxDB database per signed-in user and selected account, named `ll-<userId>-<accountId>`: the replicas of
// the server's read models and the outbox. Dexie (IndexedDB) storage in the browser; tests pass the memory
// storage (Dexie on fake-indexeddb is pathologically slow). With Dexie, IndexedDB names are
// `rxdb-dexie-ll-<userId>-<accountId>--<version>--<collection>`: LOCAL_INDEXEDDB_PREFIX matches all of them.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from "rxdb";
import { RxDBLeaderElectionPlugin } from "rxdb/plugins/leader-election";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import {
  type AccountDoc,
  type AllocationDoc,
  type AssetDoc,
  type BrokerAllocationDoc,
  type CustomerDoc,
  type DistributionDoc,
  type DocumentDoc,
  type HoldingDoc,
  OUTBOX_SCHEMA,
  type OutboxCommand,
  READ_MODEL_NAMES,
  READ_MODELS,
  type ReadModelName,
  type RoundDoc,
  type SecurityDoc,
  type TransactionDoc,
} from "./models/index.ts";
import { addCollectionsReplacingChanged } from "./schema-upgrade.ts";

export const LOCAL_DATABASE_PREFIX = "ll-";
/** Every IndexedDB database the Dexie storage creates for the app's local databases starts with this. */
export const LOCAL_INDEXEDDB_PREFIX = `rxdb-dexie-${LOCAL_DATABASE_PREFIX}`;

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
  broker_allocations: RxCollection<BrokerAllocationDoc>;
  documents: RxCollection<DocumentDoc>;
  outbox: RxCollection<OutboxCommand>;
}

export type LocalDatabase = RxDatabase<LocalCollections>;

export function localDatabaseName(userId: string, accountId: string): string {
  return `${LOCAL_DATABASE_PREFIX}${userId}-${accountId}`.toLowerCase();
}

export interface OpenLocalDatabaseOptions {
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

export async function openLocalDatabase(options: OpenLocalDatabaseOptions): Promise<LocalDatabase> {
  if (!pluginsAdded) {
    pluginsAdded = true;
    addRxPlugin(RxDBLeaderElectionPlugin);
    // the outbox keeps its sequence counter in a local document
    addRxPlugin(RxDBLocalDocumentsPlugin);
    // No dev-mode plugin, in any build: it injects a tracking iframe (it must never reach production) and refuses
    // to start without a validating storage wrapper, which would validate every replicated document on write.
    // Schemas are checked by the tests instead (every collection is created there).
  }
  const db = await createRxDatabase<LocalCollections>({
    name: localDatabaseName(options.userId, options.accountId),
    storage: (options.storage ?? getRxStorageDexie()) as RxStorage<unknown, unknown>,
    // A second open of the same database in this page (React strict mode, account switch back and forth) closes
    // the first instead of failing.
    closeDuplicates: true,
  });
  const models = options.models ?? READ_MODEL_NAMES;
  const collections = Object.fromEntries(models.map((name) => [name, { schema: READ_MODELS[name] }]));
  // A read model stored under an older schema is dropped and pulled again (never the outbox): schema-upgrade.ts.
  await addCollectionsReplacingChanged(
    db as unknown as RxDatabase,
    {
      ...collections,
      outbox: { schema: OUTBOX_SCHEMA, localDocuments: true },
    } as never,
  );
  return db;
}
