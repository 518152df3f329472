// The bootstrap's worker writes a model's pages without change events (worker.ts: its storage instance is not
// multi-instance, putPulled without a context); the page is told once the model has ended (index.ts,
// live-query.ts announceStored). On fake-indexeddb with the read models' own storage: a screen's live query (its
// first read and its re-read through the storage's readAll) and a windowed one (limit) see nothing of the silent
// writes until the one notice, then all of them, while a count read from the storage (stored-reads.ts, not RxDB's
// query cache) sees them at once; the bootstrapper gives that notice once per model, after its last page.
import { createRxDatabase, type RxCollection, type RxDatabase, type RxStorageInstance } from "rxdb";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocalDatabase } from "../database.ts";
import { testSchema } from "../fixture.ts";
import { announceStored, liveDocs$, storedNotices$ } from "../live-query.ts";
import { ledgerStorage } from "../storage/fixture.ts";
import { LedgerStorageInstance } from "../storage/instance.ts";
import { countStored, findStored } from "../stored-reads.ts";
import { type BootstrapRunner, createBootstrapper, type MarkerStore } from "./index.ts";

const storage = ledgerStorage;
let counter = 0;
const dbs: RxDatabase[] = [];
const instances: Array<RxStorageInstance<unknown, unknown, unknown>> = [];

afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.close().catch(() => {});
  for (const db of dbs.splice(0)) await db.remove();
});

type Holding = Record<string, unknown> & { id: string; roundId: string; amount: string };

async function holdings(): Promise<RxCollection<Holding>> {
  const db = await createRxDatabase({
    name: `announce-${process.pid}-${++counter}`,
    storage: storage(),
    multiInstance: false,
  });
  dbs.push(db);
  await db.addCollections({
    holdings: {
      schema: testSchema(
        { roundId: { type: "string", maxLength: 40 }, amount: { type: "string" } },
        { required: ["roundId"], indexes: ["roundId"] },
      ),
    },
  });
  return db.collections.holdings as unknown as RxCollection<Holding>;
}

/** The worker's write: its own storage instance of the collection (not multi-instance), pages without events. */
async function silentWriter(collection: RxCollection<Holding>) {
  const instance = (await storage().createStorageInstance({
    databaseInstanceToken: `worker-${counter}`,
    databaseName: collection.database.name,
    collectionName: collection.name,
    schema: collection.schema.jsonSchema as never,
    options: {},
    multiInstance: false,
    devMode: false,
  })) as unknown as LedgerStorageInstance;
  instances.push(instance as never);
  return (documents: Holding[]) => instance.putPulled(documents, null);
}

const page = (from: number, count: number, roundId = "r1"): Holding[] =>
  Array.from({ length: count }, (_, i) => ({ id: `h${String(from + i).padStart(5, "0")}`, roundId, amount: "1" }));

/** The latest emission of a live query, and a wait for one that passes `check`. */
function follow<T>(source: ReturnType<typeof liveDocs$<T>>) {
  let latest: T[] | null = null;
  let emissions = 0;
  const subscription = source.subscribe((rows) => {
    latest = rows;
    emissions++;
  });
  const until = async (check: (rows: T[]) => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!(latest && check(latest))) {
      if (Date.now() > deadline) throw new Error(`no such emission (latest: ${JSON.stringify(latest)?.slice(0, 200)})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return latest as T[];
  };
  return { subscription, until, emissions: () => emissions, latest: () => latest as T[] | null };
}

describe("documents stored without events, announced once", () => {
  it("a live query sees them only after the notice, then all of them; the storage's count at once", async () => {
    const collection = await holdings();
    await collection.insert({ id: "a-local", roundId: "r2", amount: "5" });
    // the live queries read the collection through the storage's own bulk read (its first read, its re-read)
    const bulkReads = vi.spyOn(LedgerStorageInstance.prototype, "readAll");
    const all = follow(liveDocs$(collection));
    const round1 = follow(liveDocs$(collection, { selector: { roundId: "r1" }, sort: [{ id: "desc" }] }));
    const firstTwo = follow(liveDocs$(collection, { sort: [{ id: "asc" }], limit: 2 }));
    await all.until((rows) => rows.length === 1);
    await round1.until((rows) => rows.length === 0);
    await firstTwo.until((rows) => rows.length === 1);
    expect(await countStored(collection)).toBe(1);

    const write = await silentWriter(collection);
    await write(page(0, 300));
    await write(page(300, 200, "r2"));
    // nothing reached the page: the live queries and RxDB's cached count still show what was there
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(all.latest()?.length).toBe(1);
    expect(round1.latest()?.length).toBe(0);
    expect(firstTwo.latest()?.map((doc) => doc.id)).toEqual(["a-local"]);
    // what reads the storage (the replication's emptiness checks) sees them at once
    expect(await countStored(collection)).toBe(501);
    expect(await countStored(collection, { selector: { roundId: "r2" } })).toBe(201);
    expect((await findStored(collection, { sort: [{ id: "asc" }], limit: 1 })).map((doc) => doc.id)).toEqual([
      "a-local",
    ]);

    expect(bulkReads).toHaveBeenCalledTimes(2);
    announceStored(collection as unknown as RxCollection);
    const rows = await all.until((docs) => docs.length === 501);
    expect(rows.find((doc) => doc.id === "a-local")).toEqual({ id: "a-local", roundId: "r2", amount: "5" });
    expect(new Set(rows.map((doc) => doc.id)).size).toBe(501);
    const inRound = await round1.until((docs) => docs.length === 300);
    expect(inRound[0]?.id).toBe("h00299");
    expect(inRound.every((doc) => doc.roundId === "r1")).toBe(true);
    expect((await firstTwo.until((docs) => docs.length === 2)).map((doc) => doc.id)).toEqual(["a-local", "h00000"]);
    expect(bulkReads).toHaveBeenCalledTimes(4);
    bulkReads.mockRestore();

    // afterwards events still apply, and an unchanged document keeps its object
    const before = rows.find((doc) => doc.id === "h00000");
    await collection.insert({ id: "z-after", roundId: "r1", amount: "2" });
    const after = await all.until((docs) => docs.length === 502);
    expect(after.find((doc) => doc.id === "h00000")).toBe(before);
    all.subscription.unsubscribe();
    round1.subscription.unsubscribe();
    firstTwo.subscription.unsubscribe();
  });

  it("the bootstrapper tells the page once per model, after its last page (not once per page)", async () => {
    const collection = await holdings();
    const write = await silentWriter(collection);
    const all = follow(liveDocs$(collection));
    await all.until((rows) => rows.length === 0);
    let notices = 0;
    const counting = storedNotices$(collection as unknown as RxCollection).subscribe(() => notices++);
    const noticesAtPage: number[] = [];
    const runner: BootstrapRunner = {
      async run(_job, written) {
        for (let i = 0; i < 3; i++) {
          await write(page(i * 100, 100));
          written(100, `token-${i}`);
          noticesAtPage.push(notices);
        }
        return { status: "done", checkpoint: { txid: "9", seq: 3 }, last: page(200, 100).slice(-1), resume: "end" };
      },
      stop() {},
    };
    const values = new Map<string, unknown>();
    const store: MarkerStore = {
      get: (key) => (values.get(key) as never) ?? null,
      set: (key, m) => values.set(key, m),
    };
    const db = { name: collection.database.name, storageToken: Promise.resolve("token") } as unknown as LocalDatabase;
    const bootstrapper = createBootstrapper({ db, runner, store });
    const outcome = await bootstrapper.forModel("holdings", collection as never).run(() => {});
    expect(outcome?.complete).toBe(true);
    expect(noticesAtPage).toEqual([0, 0, 0]);
    expect(notices).toBe(1);
    expect((await all.until((rows) => rows.length === 300)).length).toBe(300);
    counting.unsubscribe();
    all.subscription.unsubscribe();
  });
});
