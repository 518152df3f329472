// Reads and removals straight from a collection's storage (stored-reads.ts) on RxDB's memory storage: the same
// documents and counts as RxDB's own query, and a removal that is RxDB's own deletion (change events: a live query
// follows it). Documents written without events: src/data/bootstrap/announce.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryCollection, removeMemoryDatabases, testSchema } from "./fixture.ts";
import { liveDocs$ } from "./live-query.ts";
import { countStored, findStored, removeStored } from "./stored-reads.ts";

interface Item {
  id: string;
  group: string;
  rank: number;
}

const SCHEMA = testSchema<Item>(
  {
    group: { type: "string", maxLength: 10 },
    rank: { type: "integer", minimum: 0, maximum: 1_000, multipleOf: 1 },
  },
  { required: ["group", "rank"], indexes: ["group"] },
);

afterEach(removeMemoryDatabases);

const items = () => memoryCollection("stored-reads", "items", SCHEMA);

describe("stored reads", () => {
  it("find, count and remove through the storage, as RxDB's own query would", async () => {
    const collection = await items();
    await collection.bulkInsert([
      { id: "a", group: "x", rank: 3 },
      { id: "b", group: "y", rank: 1 },
      { id: "c", group: "x", rank: 2 },
    ]);
    await collection.findOne("b").remove();
    const query = { selector: { group: "x" }, sort: [{ rank: "asc" as const }] };
    const expected = (await collection.find(query).exec()).map((doc) => doc.toJSON());
    expect(await findStored(collection, query)).toEqual(expected);
    expect(await findStored(collection, query)).toEqual([
      { id: "c", group: "x", rank: 2 },
      { id: "a", group: "x", rank: 3 },
    ]);
    expect(await countStored(collection)).toBe(2);
    expect(await countStored(collection, { selector: { group: "y" } })).toBe(0);

    const rows: Item[][] = [];
    const subscription = liveDocs$(collection).subscribe((docs) => rows.push(docs));
    await vi.waitFor(() => expect(rows.at(-1)).toHaveLength(2));
    expect(await removeStored(collection, { selector: { rank: { $gt: 2 } } })).toBe(1);
    // RxDB's deletion: the document is gone for RxDB too, and the live query follows its change event
    expect(await collection.findOne("a").exec()).toBeNull();
    await vi.waitFor(() => expect(rows.at(-1)?.map((doc) => doc.id)).toEqual(["c"]));
    expect(await countStored(collection)).toBe(1);
    expect(await removeStored(collection, { selector: { group: "nobody" } })).toBe(0);
    subscription.unsubscribe();
  });
});
