import { addRxPlugin, createRxDatabase, getAllCollectionDocuments, type RxJsonSchema } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { openLocalDatabase } from "./database.ts";
import { earlierReleaseDatabase } from "./fixture.ts";
import { brokerAllocationSchema } from "./models/broker-allocations.ts";
import { addCollectionsReplacingChanged, dropRetiredCollections } from "./schema-upgrade.ts";

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

describe("a read model that moved into the shared records collection", () => {
  it("leaves its old collection dropped on open, the outbox and its local documents kept", async () => {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    const userId = crypto.randomUUID();
    const accountId = crypto.randomUUID();
    // as the previous release stored it: broker_allocations in a collection of its own, and a queued command
    const old = await earlierReleaseDatabase(
      storage,
      { userId, accountId },
      "broker_allocations",
      brokerAllocationSchema,
    );
    opened.push(old);
    await old.collections.broker_allocations!.insert({
      id: crypto.randomUUID(),
      roundId: crypto.randomUUID(),
      brokerId: crypto.randomUUID(),
      status: "sent",
      createdOn: "2024-01-01T00:00:00.000Z",
      updatedOn: "2024-01-01T00:00:00.000Z",
    });
    const commandId = crypto.randomUUID();
    await old.collections.outbox!.insert({
      id: commandId,
      mutation: "updateBrokerAllocationById",
      variables: { input: { id: commandId, patch: { name: "queued" } } },
      userId,
      accountId,
      deviceId: "device",
      seq: 7,
      createdOn: "2024-01-01T00:00:00.000Z",
      status: "pending",
      attempts: 0,
    });
    // the outbox's sequence counter lives in a local document
    await old.collections.outbox!.insertLocal("seq", { value: 7 });
    await old.close();

    const db = await openLocalDatabase({ userId, accountId, storage });
    opened.push(db);
    expect(Object.keys(db.collections)).not.toContain("broker_allocations");
    expect(Object.keys(db.collections)).toContain("records");
    const stored = (await getAllCollectionDocuments(db.internalStore)).map((doc) => doc.data.name);
    expect(stored).not.toContain("broker_allocations");
    // nothing of the kind in records yet: its replication there starts from no checkpoint and pulls it all
    expect(await db.records.count({ selector: { recordKind: "broker_allocations" } }).exec()).toBe(0);
    const commands = await db.outbox.find().exec();
    expect(commands.map((doc) => [doc.id, doc.status, doc.seq])).toEqual([[commandId, "pending", 7]]);
    expect((await db.outbox.getLocal<{ value: number }>("seq"))?.get("value")).toBe(7);
    // once dropped, there is nothing left to drop
    expect(await dropRetiredCollections(db as never)).toEqual([]);
  });

  it("drops only the retired collections it is given, never the outbox", async () => {
    const name = `retired-${Date.now()}`;
    const first = await open(name, false);
    await first.db.close();
    const again = await createRxDatabase({ name, storage, closeDuplicates: true });
    opened.push(again);
    expect(await dropRetiredCollections(again, ["outbox", "holdings", "absent"])).toEqual(["holdings"]);
    const stored = (await getAllCollectionDocuments(again.internalStore)).map((doc) => doc.data.name);
    expect(stored).toEqual(["outbox"]);
  });
});
