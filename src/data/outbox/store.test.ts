// The outbox's durable store on RxDB's memory storage: sequence numbers (distinct under concurrent writes, continued
// after a purge), the batch a sender takes (pending, this user's and account's, in order), the answers recorded,
// a rejected command replaced, the live counts.
import { addRxPlugin, createRxDatabase, type RxDatabase } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { firstValueFrom } from "rxjs";
import { filter } from "rxjs/operators";
import { afterEach, describe, expect, it } from "vitest";
import { OUTBOX_SCHEMA } from "../models/index.ts";
import { createOutboxStore, type OutboxCollection } from "./store.ts";

addRxPlugin(RxDBLocalDocumentsPlugin);

const USER = "11111111-1111-4111-8111-111111111111";
const ACCOUNT = "22222222-2222-4222-8222-222222222222";
const open: RxDatabase[] = [];
let counter = 0;

async function setup() {
  const db = await createRxDatabase({ name: `outbox-store-${++counter}`, storage: getRxStorageMemory() });
  open.push(db);
  await db.addCollections({ outbox: { schema: OUTBOX_SCHEMA, localDocuments: true } });
  const collection = db.collections.outbox as unknown as OutboxCollection;
  let clock = Date.parse("2026-01-01T00:00:00Z");
  const store = createOutboxStore({
    collection,
    userId: USER,
    accountId: ACCOUNT,
    deviceId: "device-1",
    now: () => {
      clock += 1_000;
      return new Date(clock);
    },
  });
  return { store, collection };
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.remove();
});

const input = (n: number) => ({ input: { email: `c${n}@x.test` } });
const answer = (key: string, status: "accepted" | "rejected" | "refused", errorCode: string | null = null) => ({
  key,
  status,
  errorCode,
  errorMessage: errorCode ? "No." : null,
});

describe("outbox store", () => {
  it("numbers commands in the order they are made, distinct under concurrent writes", async () => {
    const { store } = await setup();
    const made = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => store.add("makeCustomer", input(n), crypto.randomUUID())),
    );
    expect(made.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(made[0]).toMatchObject({
      mutation: "makeCustomer",
      userId: USER,
      accountId: ACCOUNT,
      deviceId: "device-1",
      status: "pending",
      attempts: 0,
      replaces: null,
    });
    expect((await store.commands()).map((c) => c.variables)).toEqual([1, 2, 3, 4, 5].map(input));
  });

  it("continues the sequence after accepted commands are purged, and purges by answer time", async () => {
    const { store } = await setup();
    const a = await store.add("makeCustomer", input(1), crypto.randomUUID());
    const b = await store.add("makeCustomer", input(2), crypto.randomUUID());
    await store.record([a], [answer(a.id, "accepted")], "2026-01-01T00:00:10.000Z");
    await store.record([b], [answer(b.id, "accepted")], "2026-01-01T00:00:20.000Z");
    expect(await store.purgeAccepted("2026-01-01T00:00:15.000Z")).toBe(1);
    expect((await store.commands()).map((c) => c.id)).toEqual([b.id]);
    expect(await store.purgeAccepted()).toBe(1);
    expect((await store.add("makeCustomer", input(3), crypto.randomUUID())).seq).toBe(3);
  });

  it("gives the sender pending commands of its user and account only, in order, at most the limit", async () => {
    const { store, collection } = await setup();
    const stranger = await store.add("makeCustomer", input(0), crypto.randomUUID());
    await collection
      .findOne(stranger.id)
      .exec()
      .then((doc) => doc?.incrementalPatch({ userId: "someone-else" }));
    const mine = [];
    for (let n = 1; n <= 4; n++) mine.push(await store.add("makeCustomer", input(n), crypto.randomUUID()));
    await store.record([mine[0]!], [answer(mine[0]!.id, "rejected", "LL422")], "2026-01-01T00:00:10.000Z");
    expect((await store.pendingBatch(2)).map((c) => c.id)).toEqual([mine[1]!.id, mine[2]!.id]);
    expect((await store.pendingBatch(10)).map((c) => c.id)).toEqual([mine[1]!.id, mine[2]!.id, mine[3]!.id]);
  });

  it("records accepted and rejected answers, reports a refusal and keeps unanswered commands pending", async () => {
    const { store } = await setup();
    const batch = [];
    for (let n = 1; n <= 4; n++) batch.push(await store.add("makeCustomer", input(n), crypto.randomUUID()));
    const [a, b, c, d] = batch as [(typeof batch)[0], (typeof batch)[0], (typeof batch)[0], (typeof batch)[0]];
    const when = "2026-01-01T00:01:00.000Z";
    const outcome = await store.record(
      batch,
      [answer(a.id, "accepted"), answer(b.id, "rejected", "LL422"), answer(c.id, "refused", "LL403")],
      when,
    );
    expect(outcome).toEqual({ accepted: [a.id], refused: true });
    const byId = new Map((await store.commands()).map((command) => [command.id, command]));
    expect(byId.get(a.id)).toMatchObject({ status: "accepted", attempts: 1, answeredOn: when, errorCode: null });
    expect(byId.get(b.id)).toMatchObject({ status: "rejected", attempts: 1, errorCode: "LL422", errorMessage: "No." });
    expect(byId.get(c.id)).toMatchObject({ status: "pending", attempts: 0, answeredOn: null });
    expect(byId.get(d.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await store.waitingCount()).toBe(2);
  });

  it("replaces a rejected command only, once, last in the queue; a refused correction changes nothing", async () => {
    const { store } = await setup();
    const bad = await store.add("makeCustomer", input(1), crypto.randomUUID());
    const behind = await store.add("makeCustomer", input(2), crypto.randomUUID());
    await expect(store.replace(bad.id, () => input(9))).rejects.toThrow(/was not rejected/);
    await expect(store.replace("nothing", () => input(9))).rejects.toThrow(/No command/);
    await store.record([bad], [answer(bad.id, "rejected", "LL422")], "2026-01-01T00:00:10.000Z");

    await expect(
      store.replace(bad.id, () => {
        throw new Error("still wrong");
      }),
    ).rejects.toThrow("still wrong");
    expect((await store.commands()).map((c) => c.id)).toEqual([bad.id, behind.id]);

    const seen: unknown[] = [];
    const [first, second] = await Promise.allSettled([
      store.replace(bad.id, (previous) => {
        seen.push(previous.variables);
        return input(3);
      }),
      store.replace(bad.id, () => input(4)),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("rejected");
    expect(seen).toEqual([input(1)]);
    const fixed = (first as PromiseFulfilledResult<Awaited<ReturnType<typeof store.replace>>>).value;
    expect(fixed).toMatchObject({ mutation: "makeCustomer", variables: input(3), replaces: bad.id, status: "pending" });
    expect(fixed.seq).toBeGreaterThan(behind.seq);
    expect((await store.commands()).map((c) => c.id)).toEqual([behind.id, fixed.id]);
  });

  it("counts waiting and rejected commands live", async () => {
    const { store } = await setup();
    const a = await store.add("makeCustomer", input(1), crypto.randomUUID());
    await store.add("makeCustomer", input(2), crypto.randomUUID());
    await store.record([a], [answer(a.id, "rejected", "LL422")], "2026-01-01T00:00:10.000Z");
    const counts = await firstValueFrom(store.counts$.pipe(filter((c) => c.rejected === 1)));
    expect(counts).toEqual({ waiting: 1, rejected: 1 });
    await store.discard(a.id);
    expect(await firstValueFrom(store.counts$.pipe(filter((c) => c.rejected === 0)))).toEqual({
      waiting: 1,
      rejected: 0,
    });
  });
});
