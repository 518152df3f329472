// The first load of an empty collection: every page to the end of the server's log written straight into the
// collection's storage (RxDB memory storage), the next page prefetched, RxDB handed the last document with the last
// checkpoint, a failed page retried where it got to, the server's version over a stored one.
import type { RxCollection } from "rxdb";
import { afterEach, describe, expect, it } from "vitest";
import { memoryCollection, removeMemoryDatabases, testSchema } from "../fixture.ts";
import { createFirstLoad, type FirstLoadAnswer } from "./first-load.ts";
import { type Doc, serverLog } from "./fixture.ts";

const ids = (answer: FirstLoadAnswer | null) => answer?.documents.map((d) => d.id);

describe("the first load", () => {
  afterEach(removeMemoryDatabases);

  const emptyCollection = () =>
    memoryCollection<unknown>("first-load", "items", testSchema({ name: { type: "string" } }, { required: ["name"] }));

  function loadOf(collection: RxCollection<unknown>, request: ReturnType<typeof serverLog>["request"]) {
    const reached: string[] = [];
    let counted = 0;
    const load = createFirstLoad({
      collection,
      model: "customers",
      batchSize: 4,
      writeSize: 2,
      request,
      prefetch: (checkpoint) => {
        const next = request(checkpoint, 4);
        next.catch(() => {});
        return next;
      },
      stopped: () => false,
      reachedEnd: (sentOn) => reached.push(sentOn),
      countWritten: () => counted++,
    });
    return { load, reached, counted: () => counted };
  }

  async function storedNames(collection: RxCollection<unknown>) {
    const docs = await collection.find().exec();
    return Object.fromEntries(docs.map((doc) => [doc.primary, (doc.toJSON() as Doc).name]));
  }

  it("writes every page straight into the storage and hands RxDB only the last document with the last checkpoint", async () => {
    const collection = await emptyCollection();
    const log = serverLog(10);
    const { load, reached, counted } = loadOf(collection, log.request);
    const answer = await load.pull(2);
    expect(ids(answer)).toEqual(["d009"]);
    expect(answer).toMatchObject({ checkpoint: { txid: "1", seq: 10 }, stored: false });
    expect(counted()).toBe(9);
    const names = await storedNames(collection);
    expect(Object.keys(names).sort()).toEqual(log.docs.slice(0, 9).map((d) => d.id));
    expect(names.d004).toBe("server 4");
    // RxDB's document shape: a revision, not deleted
    const stored = (await collection.findOne("d004").exec())?.toMutableJSON(true) as Record<string, unknown>;
    expect(stored._rev).toMatch(/^1-/);
    expect(stored._deleted).toBe(false);
    // the next page asked for while a page is written, each page once
    expect(log.asked).toEqual([0, 4, 8]);
    expect(reached).toEqual(["sent 3"]);
    // the load is over: later pulls take the usual path
    expect(await load.pull(2)).toBeNull();
    expect(log.asked).toEqual([0, 4, 8]);
  });

  it("hands one document below RxDB's limit, whatever the limit", async () => {
    const collection = await emptyCollection();
    const log = serverLog(9);
    const { load, counted } = loadOf(collection, log.request);
    const answer = await load.pull(4);
    // the short last page (1 document) goes to RxDB as it is
    expect(ids(answer)).toEqual(["d008"]);
    expect(counted()).toBe(8);
  });

  it("when the log ends on a full page, hands the last written document again (RxDB keeps only the checkpoint)", async () => {
    const collection = await emptyCollection();
    const log = serverLog(8);
    const { load, counted } = loadOf(collection, log.request);
    const answer = await load.pull(2);
    expect(ids(answer)).toEqual(["d007"]);
    expect(answer).toMatchObject({ checkpoint: { txid: "1", seq: 8 }, stored: true });
    expect(counted()).toBe(8);
    expect(log.asked).toEqual([0, 4, 8]);
  });

  it("goes on where it got to after a failed page, and the server's version wins over a stored one", async () => {
    const collection = await emptyCollection();
    let failed = false;
    const log = serverLog(10, async (after, call) => {
      // after the count found the store empty: another tab stores an older version of a document
      if (call === 1) await collection.insert({ id: "d006", name: "stale" });
      if (after === 4 && !failed) {
        failed = true;
        throw new Error("network down");
      }
    });
    const { load } = loadOf(collection, log.request);
    await expect(load.pull(2)).rejects.toThrow("network down");
    const answer = await load.pull(2);
    expect(answer?.checkpoint).toEqual({ txid: "1", seq: 10 });
    // only the failed page asked for again
    expect(log.asked).toEqual([0, 4, 4, 8]);
    const names = await storedNames(collection);
    expect(names.d006).toBe("server 6");
    expect(Object.keys(names)).toHaveLength(9);
  });

  it("is no first load when the collection holds documents", async () => {
    const collection = await emptyCollection();
    await collection.insert({ id: "mine", name: "stored" });
    const log = serverLog(10);
    const { load, counted } = loadOf(collection, log.request);
    expect(await load.pull(2)).toBeNull();
    expect(counted()).toBe(0);
    expect(log.asked).toEqual([]);
  });
});
