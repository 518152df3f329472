import { createRxDatabase, type RxJsonSchema } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { addCollectionsReplacingChanged } from "./schema-upgrade.ts";

type Doc = { id: string; name: string; amount?: string };

function schema(extra: boolean): RxJsonSchema<Doc> {
  const properties = {
    id: { type: "string", maxLength: 40 },
    name: { type: "string" },
    ...(extra ? { amount: { type: "string" } } : {}),
  };
  return {
    version: 0,
    primaryKey: "id",
    type: "object",
    properties,
    required: ["id", "name"],
  } as RxJsonSchema<Doc>;
}

const storage = getRxStorageMemory();
const opened: { close(): Promise<unknown> }[] = [];

async function open(name: string, extra: boolean) {
  const db = await createRxDatabase({ name, storage, closeDuplicates: true });
  opened.push(db);
  const recreated = await addCollectionsReplacingChanged(db, {
    holdings: { schema: schema(extra) },
    outbox: { schema: schema(false) },
  });
  return { db, recreated };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

describe("a read model whose schema changed", () => {
  it("is dropped and recreated empty while the outbox keeps its commands", async () => {
    const name = `upgrade-${Date.now()}`;
    const first = await open(name, false);
    expect(first.recreated).toEqual([]);
    await first.db.collections.holdings!.insert({ id: "h1", name: "old replica" });
    await first.db.collections.outbox!.insert({ id: "c1", name: "unsent command" });
    await first.db.close();

    const second = await open(name, true);
    expect(second.recreated).toEqual(["holdings"]);
    expect(await second.db.collections.holdings!.count().exec()).toBe(0);
    const commands = await second.db.collections.outbox!.find().exec();
    expect(commands.map((doc) => doc.get("name"))).toEqual(["unsent command"]);
    await second.db.collections.holdings!.insert({ id: "h2", name: "new replica", amount: "10" });
    await second.db.close();

    const third = await open(name, true);
    expect(third.recreated).toEqual([]);
    expect(await third.db.collections.holdings!.count().exec()).toBe(1);
  });

  it("never drops the outbox: a changed outbox schema still fails loudly", async () => {
    const name = `outbox-${Date.now()}`;
    const db = await createRxDatabase({ name, storage, closeDuplicates: true });
    opened.push(db);
    await addCollectionsReplacingChanged(db, { outbox: { schema: schema(false) } });
    await db.close();
    const again = await createRxDatabase({ name, storage, closeDuplicates: true });
    opened.push(again);
    await expect(addCollectionsReplacingChanged(again, { outbox: { schema: schema(true) } })).rejects.toMatchObject({
      code: "DB6",
    });
  });
});
