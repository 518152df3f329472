// A device holding the read models in RxDB's Dexie storage (the releases before issue 34) moves them to the ledger
// storage on its first start (issue 34 item 3): each read model's old IndexedDB database
// (`rxdb-dexie-<db>--<version>--<collection>`) is removed with its collection's record in the database's internal
// store and its replication's meta (checkpoints), so the collection is created anew, empty, on the ledger storage and
// its replication loads it again from the start (the bootstrap); the bootstrap's markers of it on this device are
// dropped (a resume token of the old copy must not resume into the new, empty one). The outbox, its local documents
// and the internal store stay in RxDB's Dexie storage, untouched: every waiting command is kept.
import { type RxDatabase, removeCollectionStorages } from "rxdb";
import type { RoutedStorage } from "./routed.ts";

const LEGACY_PREFIX = "rxdb-dexie-";

/** The IndexedDB names on this device (null when the browser cannot list them). */
async function databaseNames(factory: IDBFactory | undefined): Promise<string[] | null> {
  if (!factory || typeof factory.databases !== "function") return null;
  return (await factory.databases()).flatMap((info) => (info.name ? [info.name] : []));
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // another tab of an older release holds it open: deleted once it closes it
    request.onblocked = () => resolve();
  });
}

function dropBootstrapMarkers(storageToken: string, collection: string): void {
  try {
    if (typeof localStorage === "undefined") return;
    const prefix = `ll.bootstrap.${storageToken}.${collection}.`;
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // no storage: no markers
  }
}

/** Moves the read models stored by an older release (see above); returns the collections moved. */
export async function retireLegacyReadModels(db: RxDatabase, storage: RoutedStorage): Promise<string[]> {
  const factory =
    storage.ledger.api.indexedDB ?? (typeof indexedDB === "undefined" ? undefined : (indexedDB as IDBFactory));
  const names = await databaseNames(factory);
  if (!factory || !names) return [];
  const prefix = `${LEGACY_PREFIX}${db.name}--`;
  const legacy = new Map<string, string[]>();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const collection = name.slice(prefix.length).split("--")[1];
    if (collection && storage.readModels.has(collection))
      legacy.set(collection, [...(legacy.get(collection) ?? []), name]);
  }
  if (legacy.size === 0) return [];
  const storageToken = await db.storageToken;
  for (const [collection, stores] of legacy) {
    // the collection's record, its replication's meta (on RxDB's Dexie storage, where they are) and its documents
    await removeCollectionStorages(
      storage.legacy,
      db.internalStore,
      db.token,
      db.name,
      collection,
      db.multiInstance,
      db.password,
      db.hashFunction,
    );
    for (const name of stores) await deleteDatabase(factory, name);
    dropBootstrapMarkers(storageToken, collection);
  }
  return [...legacy.keys()];
}
