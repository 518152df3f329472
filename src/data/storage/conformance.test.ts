// The storage interface's conformance (issue 34 item 2), run on the ledger storage (fake-indexeddb): writes and
// conflicts, queries and counts, the change stream, changes since a checkpoint, cleanup, close and remove, several
// tabs, the stored format, the bulk operations of its own (putPulled, readAll), and a whole RxDB database on it.
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDB } from "fake-indexeddb";
import { createRxDatabase, type RxStorage } from "rxdb";
import { describe, expect, it } from "vitest";
import { testSchema } from "../fixture.ts";
import { doc, type Instance, ledgerStorage, openInstance, prepared, uniqueName } from "./fixture.ts";
import { storeName } from "./format.ts";
import type { LedgerStorageInstance } from "./instance.ts";

const storage = ledgerStorage() as unknown as RxStorage<unknown, unknown>;
const open = (name = uniqueName("conf"), options = {}) => openInstance(storage, name, options);

/** The raw stored objects of a collection's IndexedDB database (the format, read without the storage). */
function rawStored(name: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const request = fakeIndexedDB.open(name);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const read = db.transaction("docs", "readonly").objectStore("docs").getAll();
      read.onsuccess = () => {
        db.close();
        resolve(read.result as Record<string, unknown>[]);
      };
      read.onerror = () => reject(read.error);
    };
  });
}

function indexNames(name: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = fakeIndexedDB.open(name);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const names = [...db.transaction("docs", "readonly").objectStore("docs").indexNames];
      db.close();
      resolve(names.sort());
    };
  });
}

describe("ledger storage: writes and conflicts", () => {
  it("inserts, reads by id (with and without deleted), updates with the stored revision", async () => {
    const instance = await open();
    const inserted = await instance.bulkWrite(
      [{ document: doc("a", { rank: 1 }) }, { document: doc("b", {}, { lwt: 2, deleted: true }) }],
      "test",
    );
    expect(inserted.error).toEqual([]);
    expect((await instance.findDocumentsById(["a", "b", "z"], false)).map((d) => d.id)).toEqual(["a"]);
    const both = await instance.findDocumentsById(["a", "b"], true);
    expect(both).toEqual([doc("a", { rank: 1 }), doc("b", {}, { lwt: 2, deleted: true })]);
    const previous = both[0] as never;
    const updated = await instance.bulkWrite(
      [{ previous, document: doc("a", { rank: 5 }, { lwt: 3, rev: "2-bbbbbbbbbb" }) }],
      "test",
    );
    expect(updated.error).toEqual([]);
    expect((await instance.findDocumentsById(["a"], false))[0]).toMatchObject({ rank: 5, _rev: "2-bbbbbbbbbb" });
    await instance.close();
  });

  it("answers 409 with the stored document for an insert of a stored id and an update of a stale revision", async () => {
    const instance = await open();
    await instance.bulkWrite([{ document: doc("a", { rank: 1 }) }], "test");
    const again = await instance.bulkWrite([{ document: doc("a", { rank: 2 }) }], "test");
    expect(again.error).toHaveLength(1);
    expect(again.error[0]).toMatchObject({ status: 409, documentId: "a", documentInDb: doc("a", { rank: 1 }) });
    const stale = await instance.bulkWrite(
      [
        {
          previous: doc("a", { rank: 0 }, { lwt: 1, rev: "1-zzzzzzzzzz" }) as never,
          document: doc("a", { rank: 3 }, { lwt: 4, rev: "2-cccccccccc" }),
        },
        { document: doc("c", {}) },
      ],
      "test",
    );
    expect(stale.error.map((e) => [e.documentId, e.status])).toEqual([["a", 409]]);
    // the other row of the same bulk is written
    expect((await instance.findDocumentsById(["a", "c"], false)).map((d) => [d.id, d.rank])).toEqual([
      ["a", 1],
      ["c", 0],
    ]);
    await instance.close();
  });

  it("stores the fields RxDB needs only when they say something, and only the declared indexes and _meta.lwt", async () => {
    const name = uniqueName("format");
    const instance = await open(name);
    await instance.bulkWrite(
      [{ document: doc("a", { nested: { x: 1 } }) }, { document: doc("b", {}, { lwt: 2, deleted: true }) }],
      "test",
    );
    await instance.close();
    const raw = await rawStored(storeName(name, 0, "records"));
    expect(raw).toEqual([
      { id: "a", kind: "a", parent: "p", rank: 0, nested: { x: 1 }, _meta: { lwt: 1 }, _rev: "1-aaaaaaaaaa" },
      { id: "b", kind: "a", parent: "p", rank: 0, _deleted: true, _meta: { lwt: 2 }, _rev: "1-aaaaaaaaaa" },
    ]);
    expect(await indexNames(storeName(name, 0, "records"))).toEqual(
      ["[kind+parent+id]", "[kind+rank+id]", "[rank+id]", "_meta.lwt"].sort(),
    );
  });
});

async function seeded(): Promise<Instance> {
  const instance = await open();
  const rows = [
    doc("a", { kind: "x", parent: "p1", rank: 3, label: "c" }),
    doc("b", { kind: "x", parent: "p2", rank: 1, label: "a" }, { lwt: 2 }),
    doc("c", { kind: "y", parent: "p1", rank: 2, label: "b" }, { lwt: 3 }),
    doc("d", { kind: "x", parent: "p1", rank: 2, label: "d" }, { lwt: 4, deleted: true }),
    doc("e", { kind: "x", parent: "p1", rank: 1, label: "e", flag: true }, { lwt: 5 }),
  ];
  await instance.bulkWrite(
    rows.map((document) => ({ document })),
    "test",
  );
  return instance;
}

const ids = (result: { documents: Array<Record<string, unknown>> }) => result.documents.map((d) => d.id);

describe("ledger storage: queries and counts", () => {
  it("answers by index, by primary key and by scan, in the query's order, with skip and limit", async () => {
    const instance = await seeded();
    // without a sort, RxDB sorts by the first index that holds the selector's fields (here [kind+parent]); a query
    // without `_deleted` gives deleted documents too (RxDB's collections always ask for `_deleted: false`)
    expect(ids(await instance.query(prepared({ selector: {} })))).toEqual(["a", "e", "b", "c", "d"]);
    expect(ids(await instance.query(prepared({ selector: { _deleted: false }, sort: [{ id: "asc" }] })))).toEqual([
      "a",
      "b",
      "c",
      "e",
    ]);
    // as RxDB's collections ask (not deleted), sorted by id unless said otherwise
    const q = (selector: Record<string, unknown>, rest: Record<string, unknown> = {}) =>
      instance.query(prepared({ selector: { ...selector, _deleted: false }, sort: [{ id: "asc" }], ...rest }));
    expect(ids(await q({ kind: "x" }))).toEqual(["a", "b", "e"]);
    expect(ids(await q({ kind: "x", parent: "p1" }))).toEqual(["a", "e"]);
    expect(ids(await q({ kind: "x" }, { sort: [{ rank: "asc" }] }))).toEqual(["b", "e", "a"]);
    expect(ids(await q({}, { sort: [{ rank: "desc" }, { id: "asc" }] }))).toEqual(["a", "c", "b", "e"]);
    expect(ids(await q({ rank: { $gte: 2 } }))).toEqual(["a", "c"]);
    expect(ids(await q({ label: { $in: ["a", "e"] } }))).toEqual(["b", "e"]);
    expect(ids(await q({ flag: true }))).toEqual(["e"]);
    expect(ids(await q({ id: { $gt: "b" } }))).toEqual(["c", "e"]);
    expect(ids(await q({}, { sort: [{ rank: "asc" }, { id: "asc" }], skip: 1, limit: 2 }))).toEqual(["e", "c"]);
    expect(ids(await q({ kind: "x" }, { limit: 1 }))).toEqual(["a"]);
    expect(ids(await q({ kind: "none" }))).toEqual([]);
    // an explicit index of RxDB's own (not in this table): answered by scan, same rows
    expect(ids(await q({}, { index: ["_meta.lwt", "id"] }))).toEqual(["a", "b", "c", "e"]);
    const count = (selector: Record<string, unknown>) =>
      instance.count(prepared({ selector: { ...selector, _deleted: false } }));
    expect((await count({ kind: "x" })).count).toBe(3);
    expect((await count({})).count).toBe(4);
    expect((await count({ label: "d" })).count).toBe(0);
    await instance.close();
  });

  it("gives documents changed since a checkpoint, deleted ones too, in (lwt, id) order, page by page", async () => {
    const instance = await seeded();
    const since = instance.getChangedDocumentsSince?.bind(instance);
    if (!since) throw new Error("getChangedDocumentsSince missing");
    const first = await since(2);
    expect(first.documents.map((d) => d.id)).toEqual(["a", "b"]);
    expect(first.checkpoint).toEqual({ id: "b", lwt: 2 });
    const rest = await since(10, first.checkpoint);
    expect(rest.documents.map((d) => [d.id, d._deleted])).toEqual([
      ["c", false],
      ["d", true],
      ["e", false],
    ]);
    const none = await since(10, rest.checkpoint);
    expect(none.documents).toEqual([]);
    expect(none.checkpoint).toEqual(rest.checkpoint);
    await instance.close();
  });
});

describe("ledger storage: change stream", () => {
  it("emits each write's events with its context and checkpoint; a conflict emits nothing", async () => {
    const instance = await open();
    const bulks: Array<{ events: Array<Record<string, unknown>>; checkpoint: unknown; context: string }> = [];
    instance.changeStream().subscribe((bulk) => bulks.push(bulk as never));
    await instance.bulkWrite([{ document: doc("a", {}) }, { document: doc("b", {}, { lwt: 5 }) }], "ctx-1");
    await instance.bulkWrite([{ document: doc("a", {}) }], "ctx-2");
    await instance.bulkWrite(
      [{ previous: doc("a", {}) as never, document: doc("a", {}, { lwt: 7, rev: "2-x", deleted: true }) }],
      "ctx-3",
    );
    expect(bulks.map((b) => [b.context, b.events.map((e) => [e.documentId, e.operation]), b.checkpoint])).toEqual([
      [
        "ctx-1",
        [
          ["a", "INSERT"],
          ["b", "INSERT"],
        ],
        { id: "b", lwt: 5 },
      ],
      ["ctx-3", [["a", "DELETE"]], { id: "a", lwt: 7 }],
    ]);
    await instance.close();
  });
});

describe("ledger storage: bulk operations of its own", () => {
  it("putPulled stores the server's documents as inserts over anything stored, with or without events", async () => {
    const instance = (await open()) as unknown as LedgerStorageInstance & Instance;
    await instance.bulkWrite([{ document: doc("a", { rank: 9 }) }], "test");
    const bulks: Array<{ events: Array<Record<string, unknown>>; context: string }> = [];
    instance.changeStream().subscribe((bulk) => bulks.push(bulk as never));
    const pulled = [
      { id: "a", kind: "k", parent: "p", rank: 1 },
      { id: "b", kind: "k", parent: "p", rank: 2, _deleted: true },
    ];
    await instance.putPulled(pulled, null);
    expect(bulks).toEqual([]);
    expect(pulled[0]).toEqual({ id: "a", kind: "k", parent: "p", rank: 1 });
    const stored = await instance.findDocumentsById(["a", "b"], true);
    expect(stored.map((d) => [d.id, d.rank, d._deleted, d._attachments])).toEqual([
      ["a", 1, false, {}],
      ["b", 2, true, {}],
    ]);
    expect(stored[0]?._rev).toMatch(/^1-/);
    await instance.putPulled([{ id: "c", kind: "k", parent: "p", rank: 3 }], "pulled");
    expect(bulks.map((b) => [b.context, b.events.map((e) => [e.documentId, e.operation])])).toEqual([
      ["pulled", [["c", "INSERT"]]],
    ]);
    expect((await instance.readAll(1)).map((d) => d.id)).toEqual(["a", "c"]);
    expect((await instance.readAll()).map((d) => d.id)).toEqual(["a", "c"]);
    await instance.close();
  });
});

describe("ledger storage: cleanup, close and remove", () => {
  it("cleanup removes deleted documents older than the given time, nothing else", async () => {
    const instance = await open();
    const old = Date.now() - 60_000;
    await instance.bulkWrite(
      [
        { document: doc("a", {}, { lwt: old, deleted: true }) },
        { document: doc("b", {}, { lwt: old }) },
        { document: doc("c", {}, { lwt: Date.now(), deleted: true }) },
      ],
      "test",
    );
    expect(await instance.cleanup(30_000)).toBe(true);
    expect((await instance.findDocumentsById(["a", "b", "c"], true)).map((d) => d.id)).toEqual(["b", "c"]);
    await instance.close();
  });

  it("refuses work after close; close twice is one close; remove deletes the documents", async () => {
    const name = uniqueName("remove");
    const instance = await open(name);
    await instance.bulkWrite([{ document: doc("a", {}) }], "test");
    await instance.close();
    await instance.close();
    await expect(instance.findDocumentsById(["a"], false)).rejects.toThrow(/closed/);
    const again = await open(name);
    expect(await again.findDocumentsById(["a"], false)).toHaveLength(1);
    await again.remove();
    await expect(again.query(prepared({ selector: {} }))).rejects.toThrow(/closed/);
    const fresh = await open(name);
    expect(await fresh.findDocumentsById(["a"], true)).toEqual([]);
    await fresh.close();
  });
});

describe("ledger storage: several tabs", () => {
  it("two instances of one collection (two tabs) share the documents and each other's change events", async () => {
    const name = uniqueName("tabs");
    const one = await open(name, { token: "tab-one", multiInstance: true });
    const two = await open(name, { token: "tab-two", multiInstance: true });
    const seen: string[] = [];
    two.changeStream().subscribe((bulk) => {
      for (const event of bulk.events) seen.push(event.documentId);
    });
    await one.bulkWrite([{ document: doc("a", {}) }], "tab-one");
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual(["a"]);
    expect(await two.findDocumentsById(["a"], false)).toHaveLength(1);
    // one tab's stale write is refused by the other's
    const stale = await two.bulkWrite([{ document: doc("a", { rank: 1 }) }], "tab-two");
    expect(stale.error[0]?.status).toBe(409);
    await one.close();
    // the other tab keeps working after the first one closed (shared database, counted references)
    expect(await two.findDocumentsById(["a"], false)).toHaveLength(1);
    await two.close();
  });
});

describe("ledger storage under RxDB", () => {
  it("a database's collection writes, queries, counts, observes and removes through it", async () => {
    const db = await createRxDatabase({
      name: uniqueName("rxdb"),
      storage: ledgerStorage() as never,
      multiInstance: false,
    });
    const { records } = await db.addCollections({
      records: {
        schema: testSchema(
          {
            kind: { type: "string", maxLength: 20 },
            rank: { type: "integer", minimum: 0, maximum: 1000, multipleOf: 1 },
          },
          { title: "records", required: ["kind", "rank"], indexes: [["kind", "rank"]] },
        ),
      },
    });
    if (!records) throw new Error("no collection");
    await records.bulkInsert([
      { id: "a", kind: "x", rank: 2 },
      { id: "b", kind: "x", rank: 1 },
      { id: "c", kind: "y", rank: 0 },
    ]);
    const found = await records.find({ selector: { kind: "x" }, sort: [{ rank: "asc" }] }).exec();
    expect(found.map((d) => d.id)).toEqual(["b", "a"]);
    expect(await records.count({ selector: { kind: "x" } }).exec()).toBe(2);
    const a = await records.findOne("a").exec();
    await a?.incrementalPatch({ rank: 5 });
    await (await records.findOne("c").exec())?.remove();
    expect((await records.find({ selector: {}, sort: [{ id: "asc" }] }).exec()).map((d) => [d.id, d.rank])).toEqual([
      ["a", 5],
      ["b", 1],
    ]);
    await db.remove();
  });
});

// the memory storage as a sanity check of the fixture (the same expectations hold there)
describe("fixture", () => {
  it("fake-indexeddb is there", () => {
    expect(typeof fakeIndexedDB.open).toBe("function");
    expect(typeof FakeKeyRange.bound).toBe("function");
  });
});
