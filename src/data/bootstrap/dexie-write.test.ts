// The bootstrap worker's direct write (dexie-write.ts) stores exactly what RxDB's Dexie storage stores for the same
// inserts, and emits the change event the storage's own bulkWrite emits (the page's collection and the screens see
// the documents through it). On fake-indexeddb, with the storage instance the worker opens.
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDB } from "fake-indexeddb";
import { createRxDatabase, fillWithDefaultSettings, type RxJsonSchema, type RxStorageInstance } from "rxdb";
import { replicateRxCollection } from "rxdb/plugins/replication";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { describe, expect, it } from "vitest";
import { writeStored } from "../replication/first-load.ts";
import { dexieStorageParts, writeDexieInserts } from "./dexie-write.ts";

const schema = fillWithDefaultSettings({
  title: "holdings",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: { type: "string", maxLength: 40 },
    roundId: { type: "string", maxLength: 40 },
    amount: { type: "string" },
    investor: { type: "object" },
    tokens: { type: "array" },
    createdOn: { type: "string", maxLength: 40 },
  },
  required: ["id", "roundId", "createdOn"],
  indexes: ["roundId", "createdOn"],
} as RxJsonSchema<Record<string, unknown>>);

const documents = [
  {
    id: "b-2",
    roundId: "r-1",
    amount: "10.50",
    investor: { id: "i-1", name: "Ada", address: { city: "Zug" } },
    tokens: [{ id: "t-1", units: "3" }],
    createdOn: "2026-01-02T00:00:00Z",
  },
  { id: "a-1", roundId: "r-2", amount: "1", investor: null, tokens: [], createdOn: "2026-01-01T00:00:00Z" },
  { id: "c-3", roundId: "r-1", amount: "2", _deleted: true, createdOn: "2026-01-03T00:00:00Z" },
];

async function open(databaseName: string) {
  const instance = (await getRxStorageDexie({
    indexedDB: fakeIndexedDB,
    IDBKeyRange: FakeKeyRange,
  }).createStorageInstance({
    databaseInstanceToken: `token-${databaseName}`,
    databaseName,
    collectionName: "holdings",
    schema,
    options: {},
    multiInstance: false,
    devMode: false,
  })) as RxStorageInstance<Record<string, unknown>, unknown, unknown>;
  const internals = await (instance as unknown as { internals: Promise<Record<string, unknown>> }).internals;
  const events: Array<{ events: Array<Record<string, unknown>>; checkpoint: unknown; context: string }> = [];
  instance.changeStream().subscribe((bulk) => events.push(bulk as never));
  const table = internals.dexieTable as { toArray(): Promise<Array<Record<string, unknown>>> };
  return { instance, internals, events, table };
}

/** A stored record or an event's document without what differs between two writes (revision token, write time). */
const comparable = (doc: Record<string, unknown>): Record<string, unknown> => {
  const { _rev, _meta, ...rest } = doc;
  return { ...rest, rev: String(_rev).split("-")[0], lwt: typeof (_meta as { lwt?: unknown })?.lwt };
};

describe("the bootstrap's direct Dexie write", () => {
  it("stores the records and emits the events of the storage's own bulkWrite of the same inserts", async () => {
    const direct = await open(`direct-${crypto.randomUUID()}`);
    const own = await open(`own-${crypto.randomUUID()}`);
    try {
      const parts = dexieStorageParts(direct.instance, direct.internals);
      expect(parts).not.toBeNull();
      if (!parts) return;
      await writeDexieInserts(parts, "token-direct", "id", documents, "ll-first-load");
      await writeStored(own.instance as never, "token-own", "holdings", documents);

      // the records in IndexedDB, as the storage keeps them (boolean index "_deleted" as "0" / "1")
      const stored = (await direct.table.toArray()).map(comparable);
      expect(stored).toEqual((await own.table.toArray()).map(comparable));
      expect(stored.map((doc) => [doc.id, doc._deleted])).toEqual([
        ["a-1", "0"],
        ["b-2", "0"],
        ["c-3", "1"],
      ]);
      // read back through the storage: the documents as written
      const found = await direct.instance.findDocumentsById(["a-1", "b-2", "c-3"], true);
      expect(found.map((doc) => comparable(doc as never))).toEqual(
        (await own.instance.findDocumentsById(["a-1", "b-2", "c-3"], true)).map((doc) => comparable(doc as never)),
      );

      // one event bulk, as the storage's: every document an insert, the checkpoint of the newest write
      expect(direct.events).toHaveLength(1);
      expect(own.events).toHaveLength(1);
      const [mine, theirs] = [direct.events[0], own.events[0]];
      const shape = (bulk: typeof mine) =>
        bulk?.events.map((event) => ({
          ...event,
          documentData: comparable(event.documentData as never),
        }));
      expect(shape(mine)).toEqual(shape(theirs));
      expect(mine?.context).toBe("ll-first-load");
      expect(mine?.checkpoint).toEqual({
        id: "c-3",
        lwt: (found.find((doc) => doc.id === "c-3") as { _meta: { lwt: number } })._meta.lwt,
      });
    } finally {
      await direct.instance.remove();
      await own.instance.remove();
    }
  });

  it("is not used where the storage's parts are missing or a boolean index is nested", () => {
    expect(dexieStorageParts({ schema: {}, changes$: { next() {} } }, null)).toBeNull();
    const internals = { dexieDb: {}, dexieTable: {}, booleanIndexes: ["_deleted"] };
    expect(dexieStorageParts({ schema: {} }, internals)).toBeNull();
    expect(dexieStorageParts({ schema: {}, changes$: { next() {} } }, internals)).not.toBeNull();
    expect(
      dexieStorageParts({ schema: {}, changes$: { next() {} } }, { ...internals, booleanIndexes: ["a.flag"] }),
    ).toBeNull();
  });

  it("with the replication's downstream flag as context, the pull-only replication's upstream skips the events", async () => {
    const db = await createRxDatabase({
      name: `flag-${crypto.randomUUID()}`,
      storage: getRxStorageDexie({ indexedDB: fakeIndexedDB, IDBKeyRange: FakeKeyRange }),
    });
    try {
      await db.addCollections({ holdings: { schema: schema as never } });
      const collection = db.collections.holdings as NonNullable<typeof db.collections.holdings>;
      const state = replicateRxCollection({
        collection,
        replicationIdentifier: "ll-pull-holdings",
        live: true,
        waitForLeadership: false,
        pull: { batchSize: 10, handler: async () => ({ documents: [], checkpoint: null }) },
      });
      await state.awaitInitialReplication();
      const internal = state.internalReplicationState as NonNullable<typeof state.internalReplicationState>;
      const flag = await internal.downstreamBulkWriteFlag;
      const instance = (collection.storageInstance as unknown as { originalStorageInstance: unknown })
        .originalStorageInstance;
      const parts = dexieStorageParts(instance, await (instance as { internals: Promise<unknown> }).internals);
      if (!parts) throw new Error("no Dexie storage parts");
      // what the upstream reads of the replication meta (its assumed master state), by document
      const meta = internal.input.metaInstance as unknown as {
        findDocumentsById(ids: string[], deleted: boolean): Promise<unknown[]>;
      };
      const read: string[] = [];
      const find = meta.findDocumentsById.bind(meta);
      meta.findDocumentsById = (ids, deleted) => {
        read.push(...ids.filter((id) => ["a-1", "b-2", "d-4"].some((doc) => id.includes(doc))));
        return find(ids, deleted);
      };
      await writeDexieInserts(parts, db.token, "id", documents.slice(0, 2), flag);
      await state.awaitInSync();
      const seen = internal.stats.up.forkChangeStreamEmit;
      expect(seen).toBeGreaterThan(0);
      expect(read).toEqual([]);
      // another context (the storage's own, a tab's insert): the upstream reads the document's replication meta
      await writeDexieInserts(parts, db.token, "id", [{ ...documents[1], id: "d-4" }], "ll-first-load");
      await state.awaitInSync();
      expect(internal.stats.up.forkChangeStreamEmit).toBe(seen + 1);
      expect(read.length).toBeGreaterThan(0);
      expect(read.every((id) => id.includes("d-4"))).toBe(true);
      expect(await collection.count().exec()).toBe(3);
      await state.cancel();
    } finally {
      await db.remove();
    }
  });
});
