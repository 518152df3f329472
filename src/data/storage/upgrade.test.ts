// Upgrades without loss (issue 34 item 3): a device profile as today's release leaves it (every collection in RxDB's
// Dexie storage: read models with documents and a replication checkpoint, the outbox with waiting commands and its
// sequence counter) opened by this release: the read models move to the ledger storage empty (their old databases
// and checkpoints gone, so the replication loads them again from the start), the outbox keeps every command and its
// local documents. On fake-indexeddb, through openLocalDatabase as the app opens it.
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDB } from "fake-indexeddb";
import { replicateRxCollection } from "rxdb/plugins/replication";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { describe, expect, it } from "vitest";
import { localStorageFor, openLocalDatabase } from "../database.ts";

const api = { indexedDB: fakeIndexedDB, IDBKeyRange: FakeKeyRange };
const user = "00000000-0000-4000-8000-00000000000a";
const account = "00000000-0000-4000-8000-00000000000b";
const now = "2026-01-01T00:00:00.000Z";

const holding = (id: string) => ({
  id,
  securityId: "s-1",
  roundId: "r-1",
  investorId: "i-1",
  amount: "10",
  createdOn: now,
  updatedOn: now,
});
const command = (id: string, seq: number) => ({
  id,
  mutation: "makeCustomer",
  variables: { email: `${id}@example.com` },
  userId: user,
  accountId: account,
  deviceId: "device-1",
  seq,
  createdOn: now,
  status: "queued",
  attempts: 0,
});

const names = async () => (await fakeIndexedDB.databases()).map((info) => info.name ?? "").sort();

describe("upgrade from RxDB's Dexie storage (today's release) to the ledger storage", () => {
  it("pulls the read models again and keeps the outbox, its commands and its counter", async () => {
    // today's release: everything on RxDB's Dexie storage
    const old = await openLocalDatabase({
      userId: user,
      accountId: account,
      storage: getRxStorageDexie(api) as never,
      models: ["holdings"],
    });
    await old.holdings.bulkInsert([
      holding("00000000-0000-4000-8000-000000000001"),
      holding("00000000-0000-4000-8000-000000000002"),
    ]);
    await old.outbox.bulkInsert([
      command("00000000-0000-4000-8000-0000000000c1", 1),
      command("00000000-0000-4000-8000-0000000000c2", 2),
    ]);
    await old.outbox.upsertLocal("seq", { next: 3 });
    // a replication checkpoint of the read model (its meta collection), as the pull leaves it
    const replication = replicateRxCollection({
      collection: old.holdings,
      replicationIdentifier: "holdings-pull",
      live: false,
      pull: {
        handler: async () => ({ documents: [], checkpoint: { id: "x", lwt: 1 } }),
      },
    });
    await replication.awaitInitialReplication();
    await replication.cancel();
    await old.close();
    const before = await names();
    expect(before.some((name) => name.startsWith("rxdb-dexie-ll-") && name.endsWith("--holdings"))).toBe(true);
    expect(before.some((name) => name.includes("rx-replication-meta"))).toBe(true);

    // this release
    const db = await openLocalDatabase({
      userId: user,
      accountId: account,
      storage: localStorageFor(api),
      models: ["holdings"],
    });
    expect(await db.holdings.count().exec()).toBe(0);
    expect((await db.outbox.find({ sort: [{ seq: "asc" }] }).exec()).map((doc) => doc.seq)).toEqual([1, 2]);
    expect((await db.outbox.getLocal("seq"))?.toJSON().data).toEqual({ next: 3 });
    const after = await names();
    // the read model's old database is gone, its new one is the ledger storage's; the outbox's is the same
    expect(after.some((name) => name.startsWith("rxdb-dexie-ll-") && name.endsWith("--holdings"))).toBe(false);
    expect(after.some((name) => name.startsWith("ll-store-ll-") && name.endsWith("--holdings"))).toBe(true);
    expect(after.filter((name) => name.endsWith("--outbox"))).toEqual(
      before.filter((name) => name.endsWith("--outbox")),
    );
    // the replication starts from no checkpoint (its meta was removed with the old copy)
    const seen: unknown[] = [];
    const again = replicateRxCollection({
      collection: db.holdings,
      replicationIdentifier: "holdings-pull",
      live: false,
      pull: {
        handler: async (checkpoint: unknown) => {
          seen.push(checkpoint);
          return {
            documents: [holding("00000000-0000-4000-8000-000000000003")],
            checkpoint: { id: "y", lwt: 2 },
          } as never;
        },
        batchSize: 10,
      },
    });
    await again.awaitInitialReplication();
    await again.cancel();
    expect(seen[0]).toBeUndefined();
    expect(await db.holdings.count().exec()).toBe(1);
    // written on the new storage, a second start changes nothing
    await db.close();
    const third = await openLocalDatabase({
      userId: user,
      accountId: account,
      storage: localStorageFor(api),
      models: ["holdings"],
    });
    expect(await third.holdings.count().exec()).toBe(1);
    expect(await third.outbox.count().exec()).toBe(2);
    await third.close();
  });
});
