// Lean live queries (live-query.ts) on RxDB's memory storage: the same rows as RxDB's own query, following inserts,
// updates and deletes, unchanged documents keeping their identity, bursts coalesced and spaced by the interval.
import type { MangoQuery } from "rxdb";
import { firstValueFrom } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { memoryCollection, removeMemoryDatabases, testSchema } from "./fixture.ts";
import { liveDocs$ } from "./live-query.ts";

interface Item {
  id: string;
  group: string;
  rank: number;
  nested?: { label: string };
}

const SCHEMA = testSchema<Item>(
  {
    group: { type: "string", maxLength: 10 },
    rank: { type: "integer", minimum: 0, maximum: 1_000_000, multipleOf: 1 },
    nested: { type: "object" },
  },
  { required: ["group", "rank"], indexes: ["group", "rank"] },
);

const items = () => memoryCollection("live-query", "items", SCHEMA);

afterEach(removeMemoryDatabases);

/** Collects every emission; `next()` waits for the following one. */
function record<T>(source: ReturnType<typeof liveDocs$<T>>) {
  const emissions: T[][] = [];
  const waiting: Array<() => void> = [];
  const subscription = source.subscribe((rows) => {
    emissions.push(rows);
    for (const resolve of waiting.splice(0)) resolve();
  });
  return {
    emissions,
    subscription,
    next: (count = emissions.length + 1) =>
      new Promise<T[]>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`no emission #${count}`)), 3_000);
        const check = () => {
          if (emissions.length >= count) {
            clearTimeout(deadline);
            resolve(emissions[count - 1]!);
          } else waiting.push(check);
        };
        check();
      }),
  };
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe("liveDocs$", () => {
  it("gives plain documents like RxDB's query, without meta fields", async () => {
    const collection = await items();
    await collection.bulkInsert([
      { id: "b", group: "x", rank: 2, nested: { label: "two" } },
      { id: "a", group: "y", rank: 1 },
      { id: "c", group: "x", rank: 3 },
    ]);
    const rows = await firstValueFrom(liveDocs$(collection));
    const expected = (await collection.find().exec()).map((doc) => doc.toJSON());
    // same rows, same order (RxDB's default order follows the index it picks)
    expect(rows).toEqual(expected);
    expect(rows.find((row) => row.id === "b")).toEqual({ id: "b", group: "x", rank: 2, nested: { label: "two" } });
  });

  it("follows inserts, updates and deletes, with the query's selector and sort", async () => {
    const collection = await items();
    await collection.bulkInsert([
      { id: "a", group: "x", rank: 5 },
      { id: "b", group: "y", rank: 1 },
      { id: "c", group: "x", rank: 3 },
    ]);
    const live = record(liveDocs$(collection, { selector: { group: "x" }, sort: [{ rank: "desc" }] }));
    expect(ids(await live.next(1))).toEqual(["a", "c"]);

    await collection.insert({ id: "d", group: "x", rank: 4 });
    expect(ids(await live.next(2))).toEqual(["a", "d", "c"]);

    // an update moves the row (sorted by rank), one leaving the selector drops out
    await collection
      .findOne("c")
      .exec()
      .then((doc) => doc!.patch({ rank: 9 }));
    expect(ids(await live.next(3))).toEqual(["c", "a", "d"]);
    await collection
      .findOne("a")
      .exec()
      .then((doc) => doc!.patch({ group: "y" }));
    expect(ids(await live.next(4))).toEqual(["c", "d"]);

    await collection
      .findOne("d")
      .exec()
      .then((doc) => doc!.remove());
    expect(ids(await live.next(5))).toEqual(["c"]);
    // a change outside the query's rows emits nothing
    await collection
      .findOne("b")
      .exec()
      .then((doc) => doc!.patch({ rank: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.emissions).toHaveLength(5);
    expect(live.emissions.at(-1)).toEqual(
      (await collection.find({ selector: { group: "x" } }).exec()).map((d) => d.toJSON()),
    );
    live.subscription.unsubscribe();
  });

  it("keeps the identity of unchanged documents and coalesces a burst into one emission", async () => {
    const collection = await items();
    await collection.bulkInsert(
      Array.from({ length: 50 }, (_, i) => ({ id: `d${String(i).padStart(3, "0")}`, group: "x", rank: i })),
    );
    const live = record(liveDocs$(collection));
    const first = await live.next(1);
    await collection.bulkUpsert([
      { id: "d001", group: "x", rank: 100 },
      { id: "d002", group: "x", rank: 200 },
    ]);
    await collection.insert({ id: "d999", group: "x", rank: 7 });
    const second = await live.next(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.emissions.length).toBeLessThanOrEqual(3);
    const last = live.emissions.at(-1)!;
    expect(last).toHaveLength(51);
    expect(last.find((row) => row.id === "d001")?.rank).toBe(100);
    expect(last.find((row) => row.id === "d000")).toBe(first[0]);
    expect(second).not.toBe(first);
    live.subscription.unsubscribe();
  });

  it("spaces emissions by the interval and still ends on the latest state", async () => {
    const collection = await items();
    const live = record(liveDocs$(collection, {}, { interval: () => 200 }));
    await live.next(1);
    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      await collection.insert({ id: `n${i}`, group: "x", rank: i });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const rows = await live.next(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(ids(live.emissions.at(-1)!)).toEqual(["n0", "n1", "n2", "n3", "n4"]);
    expect(rows.length).toBeGreaterThan(0);
    live.subscription.unsubscribe();
  });

  it("misses nothing written while the first read runs", async () => {
    const collection = await items();
    await collection.insert({ id: "a", group: "x", rank: 1 });
    const live = record(liveDocs$(collection));
    // written before the first result arrives
    const writes = collection.bulkInsert([
      { id: "b", group: "x", rank: 2 },
      { id: "c", group: "x", rank: 3 },
    ]);
    await writes;
    await collection
      .findOne("a")
      .exec()
      .then((doc) => doc!.remove());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids(live.emissions.at(-1)!)).toEqual(["b", "c"]);
    live.subscription.unsubscribe();
  });

  it("a screen sorting its rows in place does not disturb later emissions", async () => {
    const collection = await items();
    await collection.bulkInsert([
      { id: "a", group: "x", rank: 1 },
      { id: "b", group: "x", rank: 2 },
      { id: "c", group: "x", rank: 3 },
    ]);
    const live = record(liveDocs$(collection));
    const first = await live.next(1);
    first.sort((x, y) => y.rank - x.rank);
    await collection
      .findOne("a")
      .exec()
      .then((doc) => doc!.patch({ rank: 10 }));
    const rows = await live.next(2);
    expect(rows.map((row) => [row.id, row.rank])).toEqual([
      ["a", 10],
      ["b", 2],
      ["c", 3],
    ]);
    live.subscription.unsubscribe();
  });

  it("after bursts of inserts, updates, deletes and re-inserts, equals RxDB's query (merged, not re-sorted)", async () => {
    const collection = await items();
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    await collection.bulkInsert(
      Array.from({ length: 60 }, (_, i) => ({ id: `id-${random(1000)}-${i}`, group: "x", rank: random(50) })),
    );
    const queries: MangoQuery<Item>[] = [{}, { selector: { group: "x" }, sort: [{ rank: "asc" }, { id: "desc" }] }];
    for (const query of queries) {
      const live = record(liveDocs$(collection, query));
      await live.next(1);
      for (let burst = 0; burst < 6; burst++) {
        const stored = await collection.find().exec();
        const writes: Promise<unknown>[] = [];
        const removedIds: string[] = [];
        for (const doc of stored) {
          const roll = random(10);
          if (roll === 0) {
            removedIds.push(doc.id);
            writes.push(doc.remove());
          } else if (roll === 1) writes.push(doc.patch({ rank: random(50) }));
          else if (roll === 2) writes.push(doc.patch({ group: doc.group === "x" ? "y" : "x" }));
        }
        await Promise.all(writes);
        const fresh = Array.from({ length: 8 }, (_, i) => ({
          id: `new-${burst}-${i}-${random(1000)}`,
          group: "x",
          rank: random(50),
        }));
        // a removed id written again comes back
        await collection.bulkUpsert([
          ...fresh,
          ...removedIds.slice(0, 2).map((id) => ({ id, group: "x", rank: random(50) })),
        ]);
        const expected = (await collection.find(query).exec()).map((doc) => doc.toJSON());
        const rows = await new Promise<Item[]>((resolve, reject) => {
          const deadline = setTimeout(() => reject(new Error(`burst ${burst}: never equal`)), 3_000);
          const look = () => {
            const last = live.emissions.at(-1) ?? [];
            if (JSON.stringify(last) === JSON.stringify(expected)) {
              clearTimeout(deadline);
              resolve(last);
            } else setTimeout(look, 10);
          };
          look();
        });
        expect(rows).toEqual(expected);
      }
      live.subscription.unsubscribe();
    }
  });

  it("queries with a limit read the storage and follow writes of what they match or show", async () => {
    const collection = await items();
    await collection.bulkInsert([
      { id: "a", group: "x", rank: 1 },
      { id: "b", group: "x", rank: 2 },
    ]);
    const live = record(liveDocs$(collection, { selector: { group: "x" }, sort: [{ rank: "desc" }], limit: 1 }));
    expect(await live.next(1)).toEqual([{ id: "b", group: "x", rank: 2 }]);
    // a document the query does not match changes nothing (no read, no emission)
    await collection.insert({ id: "y", group: "y", rank: 9 });
    await collection.insert({ id: "c", group: "x", rank: 3 });
    expect(await live.next(2)).toEqual([{ id: "c", group: "x", rank: 3 }]);
    // the shown document leaves the group: the next one takes its place
    await collection.findOne("c").patch({ group: "y" });
    expect(await live.next(3)).toEqual([{ id: "b", group: "x", rank: 2 }]);
    expect(live.emissions).toHaveLength(3);
    live.subscription.unsubscribe();
  });
});
