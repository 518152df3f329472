// Read models are replicas: when a new version of the app changes a read model's schema, the device's stored copy of
// that collection is dropped and pulled again from the server, instead of RxDB refusing to open the database
// (error DB6: "collection already exists but has different schema"). The outbox is never dropped: its commands
// are the only copy of changes not yet on the server, so its schema changes need a real migration.
//
// A read model that moved from a collection of its own into the shared `records` collection (models/records.ts) is
// RETIRED: its old collection (documents, replication meta and checkpoint) is removed when the database opens, and its
// documents are pulled again into `records` from the start (the kind's replication there is new, with no checkpoint).
import { getAllCollectionDocuments, type RxCollectionCreator, type RxDatabase, removeCollectionStorages } from "rxdb";

const PROTECTED = new Set(["outbox"]);

/** Collections of earlier versions of the app whose models are now kinds of `records`. */
const RETIRED_COLLECTIONS: readonly string[] = ["broker_allocations"];

const removeStorages = (db: RxDatabase, name: string) =>
  removeCollectionStorages(
    db.storage,
    db.internalStore,
    db.token,
    db.name,
    name,
    db.multiInstance,
    db.password,
    db.hashFunction,
  );

/** Removes the stored collections named in `retired` (default RETIRED_COLLECTIONS); returns the names removed. */
export async function dropRetiredCollections(
  db: RxDatabase,
  retired: readonly string[] = RETIRED_COLLECTIONS,
): Promise<string[]> {
  if (retired.length === 0) return [];
  const stored = new Set((await getAllCollectionDocuments(db.internalStore)).map((doc) => doc.data.name));
  const present = retired.filter((name) => stored.has(name) && !PROTECTED.has(name));
  for (const name of present) await removeStorages(db, name);
  return present;
}

function changedCollection(error: unknown): string | null {
  const rx = error as { code?: string; parameters?: { collection?: string } } | null;
  return rx?.code === "DB6" ? (rx.parameters?.collection ?? null) : null;
}

/**
 * addCollections, except that a read model stored under an older schema is removed (data, meta and replication
 * checkpoint) and created anew, empty; its replication then pulls it from the start. Returns the names recreated.
 */
export async function addCollectionsReplacingChanged(
  db: RxDatabase,
  creators: Record<string, RxCollectionCreator>,
): Promise<string[]> {
  const recreated: string[] = [];
  for (;;) {
    const missing = Object.fromEntries(Object.entries(creators).filter(([name]) => !db.collections[name]));
    try {
      await db.addCollections(missing);
      return recreated;
    } catch (error) {
      const name = changedCollection(error);
      if (!name || PROTECTED.has(name) || recreated.includes(name)) throw error;
      await removeStorages(db, name);
      recreated.push(name);
    }
  }
}
