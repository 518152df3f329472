// Read models are replicas: when a new version of the app changes a read model's schema, the device's stored copy of
// that collection is dropped and pulled again from the server, instead of RxDB refusing to open the database
// (error DB6: "collection already exists but has different schema"). The outbox is never dropped: its commands
// are the only copy of changes not yet on the server, so its schema changes need a real migration.
import { type RxCollectionCreator, type RxDatabase, removeCollectionStorages } from "rxdb";

const PROTECTED = new Set(["outbox"]);

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
      await removeCollectionStorages(
        db.storage,
        db.internalStore,
        db.token,
        db.name,
        name,
        db.multiInstance,
        db.password,
        db.hashFunction,
      );
      recreated.push(name);
    }
  }
}
