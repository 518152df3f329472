// The local database's storage (issue 34): the read models' collections on the ledger storage (dexie-storage.ts),
// everything else where it always was, on RxDB's Dexie storage: the outbox (its commands and its local documents),
// the database's internal store and the replications' meta (checkpoints). One RxStorage that sends each collection to
// its storage by name, so the outbox and every waiting command stay in the databases a device already holds.
import type { RxStorage, RxStorageInstanceCreationParams } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { getLedgerStorage, LEDGER_STORAGE_NAME, type LedgerStorage } from "./dexie-storage.ts";
import type { IndexedDbApi } from "./tables.ts";

export interface RoutedStorage extends RxStorage<unknown, unknown> {
  /** the read models' storage */
  readonly ledger: LedgerStorage;
  /** RxDB's Dexie storage: the outbox, the internal store, the replications' meta, and the legacy read models */
  readonly legacy: RxStorage<unknown, unknown>;
  /** the collections kept on the ledger storage */
  readonly readModels: ReadonlySet<string>;
}

/** Whether a database's storage is the routed one (the app's in the browser; tests pass others). */
export const isRoutedStorage = (storage: unknown): storage is RoutedStorage =>
  !!storage && (storage as { name?: unknown }).name === LEDGER_STORAGE_NAME && "legacy" in (storage as object);

export function getRoutedStorage(readModels: Iterable<string>, api: IndexedDbApi = {}): RoutedStorage {
  const ledger = getLedgerStorage(api);
  const legacy = getRxStorageDexie(api.indexedDB ? { indexedDB: api.indexedDB, IDBKeyRange: api.IDBKeyRange } : {});
  const names = new Set(readModels);
  return {
    name: LEDGER_STORAGE_NAME,
    rxdbVersion: ledger.rxdbVersion,
    ledger,
    legacy: legacy as unknown as RxStorage<unknown, unknown>,
    readModels: names,
    createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, unknown>) {
      return names.has(params.collectionName)
        ? (ledger.createStorageInstance(params as never) as never)
        : (legacy.createStorageInstance(params as never) as never);
    },
  };
}
