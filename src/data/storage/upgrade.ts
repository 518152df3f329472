// A device holding the read models in RxDB's Dexie storage (the releases before issue 34) moves them to the ledger
// storage on its first start (issue 34 item 3), before the collections are created, without loss and without
// downloading them again:
//   * a read model opened at the schema version of its old IndexedDB database (`rxdb-dexie-<db>--<version>--<name>`)
//     is copied: its documents read through RxDB's own Dexie storage instance (the public storage interface, changes
//     since a checkpoint, in parts), stored as they are in the ledger storage (putStored: `_rev`, `_meta.lwt` and
//     tombstones kept), then the old database is deleted. The collection's record in the internal store, its
//     replication's meta (the checkpoints, on RxDB's Dexie storage) and the bootstrap's markers stay: the pull goes
//     on from where it was. A copy cut short (the tab closed) is made again at the next start: the old database is
//     deleted only after the whole copy is stored, and putStored writes over what an earlier try stored;
//   * a read model at another schema version (RxDB drops it at creation, schema-upgrade.ts) is removed with its
//     collection's record, its replication's meta and its bootstrap markers, so it is loaded again from the start;
//   * a read model this start does not open is left as it is until a start opens it.
// The outbox, its local documents and the internal store stay in RxDB's Dexie storage, untouched: every waiting
// command is kept. Another tab of an older release still open on the old databases blocks their deletion until it
// closes; what it stores meanwhile (after the copy) is not copied: its checkpoint may then be ahead of the copy.
import {
  fillWithDefaultSettings,
  getChangedDocumentsSince,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorageDefaultCheckpoint,
  type RxStorageInstance,
  removeCollectionStorages,
} from "rxdb";
import type { LedgerStorageInstance } from "./instance.ts";
import type { RoutedStorage } from "./routed.ts";

const LEGACY_PREFIX = "rxdb-dexie-";
/** Documents per read of the old database (one IndexedDB read and one put each). */
const COPY_PART = 2_000;

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

/** Every document of the old database (deleted ones too) stored as it is in the ledger storage. */
async function copyCollection(
  db: RxDatabase,
  storage: RoutedStorage,
  collection: string,
  schema: RxJsonSchema<Record<string, unknown>>,
): Promise<number> {
  const params = {
    databaseInstanceToken: db.token,
    databaseName: db.name,
    collectionName: collection,
    // as RxDB created the old database (its indexes, its stored fields)
    schema: fillWithDefaultSettings(structuredClone(schema)) as never,
    options: {},
    multiInstance: false,
    devMode: false,
  };
  const from = (await storage.legacy.createStorageInstance(params)) as RxStorageInstance<
    Record<string, unknown>,
    unknown,
    unknown
  >;
  let to: LedgerStorageInstance | null = null;
  let copied = 0;
  try {
    to = (await storage.ledger.createStorageInstance(params)) as unknown as LedgerStorageInstance;
    let since: RxStorageDefaultCheckpoint | undefined;
    for (;;) {
      const part = await getChangedDocumentsSince(from as never, COPY_PART, since as never);
      await to.putStored(part.documents as never);
      copied += part.documents.length;
      if (part.documents.length < COPY_PART) return copied;
      since = part.checkpoint as RxStorageDefaultCheckpoint;
    }
  } finally {
    await from.close();
    await to?.close();
  }
}

export interface LegacyMove {
  /** read models copied into the ledger storage (documents and checkpoints kept) */
  copied: string[];
  /** read models removed (another schema version): loaded again from the start */
  removed: string[];
}

/**
 * Moves the read models an older release stored (see above). `schemas`: the collections this start creates, by
 * name, with the schemas it creates them with.
 */
export async function moveLegacyReadModels(
  db: RxDatabase,
  storage: RoutedStorage,
  schemas: Readonly<Record<string, RxJsonSchema<Record<string, unknown>>>>,
): Promise<LegacyMove> {
  const moved: LegacyMove = { copied: [], removed: [] };
  const factory =
    storage.ledger.api.indexedDB ?? (typeof indexedDB === "undefined" ? undefined : (indexedDB as IDBFactory));
  const names = await databaseNames(factory);
  if (!factory || !names) return moved;
  const prefix = `${LEGACY_PREFIX}${db.name}--`;
  const legacy = new Map<string, { name: string; version: number }[]>();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const [version, collection] = name.slice(prefix.length).split("--");
    if (!collection || !storage.readModels.has(collection) || !schemas[collection]) continue;
    legacy.set(collection, [...(legacy.get(collection) ?? []), { name, version: Number(version) }]);
  }
  if (legacy.size === 0) return moved;
  const storageToken = await db.storageToken;
  for (const [collection, stores] of legacy) {
    const schema = schemas[collection] as RxJsonSchema<Record<string, unknown>>;
    const same = stores.length === 1 && stores[0]?.version === schema.version;
    if (same) {
      await copyCollection(db, storage, collection, schema);
      moved.copied.push(collection);
    } else {
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
      dropBootstrapMarkers(storageToken, collection);
      moved.removed.push(collection);
    }
    for (const { name } of stores) await deleteDatabase(factory, name);
  }
  return moved;
}
