// The storage's IndexedDB databases (format.ts): one Dexie instance per database name and IndexedDB factory in this
// JS realm, shared by every storage instance of the same collection (RxDB opens a collection's storage more than
// once: the collection, a removal before re-creation, the bootstrap's instance) and closed with the last of them.
import { Dexie, type Table } from "dexie";
import { DOCS_TABLE } from "./format.ts";

export interface IndexedDbApi {
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export interface OpenTable {
  db: Dexie;
  table: Table<Record<string, unknown>, string>;
}

interface Shared {
  open: Promise<OpenTable>;
  refs: number;
}

const shared = new Map<IDBFactory | undefined, Map<string, Shared>>();

function byFactory(api: IndexedDbApi): Map<string, Shared> {
  let map = shared.get(api.indexedDB);
  if (!map) {
    map = new Map();
    shared.set(api.indexedDB, map);
  }
  return map;
}

/** Opens (or shares) the database `name` with its `docs` table keyed by `primaryPath` and these indexes. */
export function acquireTable(
  api: IndexedDbApi,
  name: string,
  primaryPath: string,
  indexes: readonly string[],
): Promise<OpenTable> {
  const map = byFactory(api);
  let entry = map.get(name);
  if (!entry) {
    const db = new Dexie(name, {
      autoOpen: false,
      cache: "disabled",
      ...(api.indexedDB ? { indexedDB: api.indexedDB } : {}),
      ...(api.IDBKeyRange ? { IDBKeyRange: api.IDBKeyRange } : {}),
    });
    db.version(1).stores({ [DOCS_TABLE]: [primaryPath, ...indexes].join(", ") });
    const open = db.open().then(() => ({ db, table: db.table(DOCS_TABLE) as OpenTable["table"] }));
    entry = { open, refs: 0 };
    map.set(name, entry);
    const failed = entry;
    open.catch(() => {
      if (map.get(name) === failed) map.delete(name);
    });
  }
  entry.refs += 1;
  return entry.open;
}

/**
 * Lets go of one reference; the last one closes the database. With `deleteDatabase`, the last one also deletes it
 * (a collection's removal; while other instances hold it, its table is only cleared: the caller did that).
 */
export async function releaseTable(api: IndexedDbApi, name: string, deleteDatabase = false): Promise<void> {
  const map = byFactory(api);
  const entry = map.get(name);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  map.delete(name);
  const open = await entry.open.catch(() => null);
  open?.db.close();
  if (deleteDatabase && open) await open.db.delete({ disableAutoOpen: true }).catch(() => {});
}

/** Deletes a database of this storage that no instance of this realm holds (local data removal, upgrades). */
export async function deleteStore(api: IndexedDbApi, name: string): Promise<void> {
  const db = new Dexie(name, {
    autoOpen: false,
    ...(api.indexedDB ? { indexedDB: api.indexedDB } : {}),
    ...(api.IDBKeyRange ? { IDBKeyRange: api.IDBKeyRange } : {}),
  });
  await db.delete({ disableAutoOpen: true });
}
