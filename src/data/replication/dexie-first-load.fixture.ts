// A first load's write of three documents into an empty collection on RxDB's Dexie storage over fake-indexeddb,
// counting the storage's reads of the collection's documents (IDBObjectStore.get on its `docs` store). Shared by the
// Dexie shortcut's tests with the installed versions and with another (mocked) RxDB version.
import { IDBKeyRange, IDBObjectStore, indexedDB } from "fake-indexeddb";
import { createRxDatabase, type RxCollection } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { writeDirect } from "./first-load.ts";

export async function firstLoadReads(): Promise<{ reads: number; stored: string[] }> {
  const db = await createRxDatabase({
    name: `dexie-first-load-${crypto.randomUUID()}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
  });
  const get = IDBObjectStore.prototype.get;
  let reads = 0;
  try {
    await db.addCollections({
      items: {
        schema: {
          version: 0,
          primaryKey: "id",
          type: "object",
          properties: { id: { type: "string", maxLength: 40 }, name: { type: "string" } },
          required: ["id", "name"],
        },
      },
    });
    const collection = db.collections.items as unknown as RxCollection<unknown>;
    IDBObjectStore.prototype.get = function (this: InstanceType<typeof IDBObjectStore>, key: unknown) {
      if (this.name === "docs") reads++;
      return get.call(this, key as IDBValidKey);
    };
    await writeDirect(
      collection,
      "items",
      ["a", "b", "c"].map((id) => ({ id, name: `server ${id}` })),
    );
    IDBObjectStore.prototype.get = get;
    const docs = await collection.find().exec();
    return { reads, stored: docs.map((doc) => doc.primary as string).sort() };
  } finally {
    IDBObjectStore.prototype.get = get;
    await db.remove();
  }
}
