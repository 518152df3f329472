// Upgrades without loss (issue 34 item 3): a device profile as the release before the ledger storage leaves it (every
// collection in RxDB's Dexie storage: read models with documents, a tombstone and a replication checkpoint, the outbox
// with waiting commands and its sequence counter) opened by this release: the read models are copied into the ledger
// storage as they were (documents, revisions, write times; the checkpoint kept, so the replication goes on from it and
// nothing is downloaded again), their old databases deleted; the outbox keeps every command and its local documents.
// A read model at another schema version is removed with its checkpoint instead (loaded again). On fake-indexeddb,
// through openLocalDatabase as the app opens it (tests/e2e/storage-upgrade.e2e.test.ts: the same in Chromium).
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDB } from "fake-indexeddb";
import { createRxDatabase } from "rxdb";
import { replicateRxCollection } from "rxdb/plugins/replication";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { describe, expect, it } from "vitest";
import { localStorageFor, openLocalDatabase } from "../database.ts";
import { COLLECTION_MODELS } from "../models/index.ts";
import { isRoutedStorage } from "./routed.ts";
import { moveLegacyReadModels } from "./upgrade.ts";

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

const H1 = "00000000-0000-4000-8000-000000000001";
const H2 = "00000000-0000-4000-8000-000000000002";
const H3 = "00000000-0000-4000-8000-000000000003";
const H4 = "00000000-0000-4000-8000-000000000004";

describe("upgrade from RxDB's Dexie storage (the release before) to the ledger storage", () => {
  it("copies the read models with their checkpoint (nothing pulled again) and keeps the outbox, its commands and its counter", async () => {
    // the release before: everything on RxDB's Dexie storage
    const old = await openLocalDatabase({
      userId: user,
      accountId: account,
      storage: getRxStorageDexie(api) as never,
      models: ["holdings"],
    });
    await old.holdings.bulkInsert([holding(H1), holding(H2), holding(H3)]);
    // a tombstone, as a pulled deletion leaves it
    await (await old.holdings.findOne(H3).exec())?.remove();
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
        // RxDB keeps a checkpoint only with documents
        handler: async () => ({ documents: [holding(H4)] as never, checkpoint: { id: "x", lwt: 1 } }),
        batchSize: 10,
      },
    });
    await replication.awaitInitialReplication();
    await replication.cancel();
    const stored = (await old.holdings.storageInstance.findDocumentsById([H1, H2, H3], true)).map((doc) => ({
      id: doc.id,
      rev: doc._rev,
      lwt: doc._meta.lwt,
      deleted: doc._deleted,
    }));
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
    // the documents as they were: same revisions and write times, the tombstone too
    expect(
      (await db.holdings.storageInstance.findDocumentsById([H1, H2, H3], true)).map((doc) => ({
        id: doc.id,
        rev: doc._rev,
        lwt: doc._meta.lwt,
        deleted: doc._deleted,
      })),
    ).toEqual(stored);
    expect((await db.holdings.find().exec()).map((doc) => doc.toJSON())).toEqual([
      holding(H1),
      holding(H2),
      holding(H4),
    ]);
    expect((await db.outbox.find({ sort: [{ seq: "asc" }] }).exec()).map((doc) => doc.seq)).toEqual([1, 2]);
    expect((await db.outbox.getLocal("seq"))?.toJSON().data).toEqual({ next: 3 });
    const after = await names();
    // the read model's old database is gone, its new one is the ledger storage's; the outbox's is the same
    expect(after.some((name) => name.startsWith("rxdb-dexie-ll-") && name.endsWith("--holdings"))).toBe(false);
    expect(after.some((name) => name.startsWith("ll-store-ll-") && name.endsWith("--holdings"))).toBe(true);
    expect(after.filter((name) => name.endsWith("--outbox"))).toEqual(
      before.filter((name) => name.endsWith("--outbox")),
    );
    // the replication goes on from its checkpoint: nothing is asked from the start
    const seen: unknown[] = [];
    const again = replicateRxCollection({
      collection: db.holdings,
      replicationIdentifier: "holdings-pull",
      live: false,
      pull: {
        handler: async (checkpoint: unknown) => {
          seen.push(checkpoint);
          return {
            documents: [holding("00000000-0000-4000-8000-000000000005")],
            checkpoint: { id: "y", lwt: 2 },
          } as never;
        },
        batchSize: 10,
      },
    });
    await again.awaitInitialReplication();
    await again.cancel();
    expect(seen[0]).toEqual({ id: "x", lwt: 1 });
    expect(await db.holdings.count().exec()).toBe(4);
    // written on the new storage, a second start changes nothing
    await db.close();
    const third = await openLocalDatabase({
      userId: user,
      accountId: account,
      storage: localStorageFor(api),
      models: ["holdings"],
    });
    expect(await third.holdings.count().exec()).toBe(4);
    expect(await third.outbox.count().exec()).toBe(2);
    await third.remove();
  });

  it("removes a read model stored at another schema version, with its checkpoint, and leaves alone one not opened", async () => {
    const other = "00000000-0000-4000-8000-00000000000c";
    const old = await openLocalDatabase({
      userId: user,
      accountId: other,
      storage: getRxStorageDexie(api) as never,
      models: ["holdings", "customers"],
    });
    await old.holdings.insert(holding(H1));
    await old.customers.insert({
      id: H2,
      accountId: other,
      email: "c@example.com",
      createdOn: now,
      updatedOn: now,
    } as never);
    const name = old.name;
    await old.close();
    const storage = localStorageFor(api);
    if (!isRoutedStorage(storage)) throw new Error("not the routed storage");
    const db = await createRxDatabase({ name, storage, multiInstance: false });
    // this start opens holdings at a schema version the old database does not have, and not customers
    const holdings = { ...COLLECTION_MODELS.holdings, version: COLLECTION_MODELS.holdings.version + 1 };
    const moved = await moveLegacyReadModels(db, storage, { holdings: holdings as never });
    expect(moved).toEqual({ copied: [], removed: ["holdings"] });
    const after = await names();
    expect(after.some((n) => n.startsWith(`rxdb-dexie-${name}--`) && n.endsWith("--holdings"))).toBe(false);
    expect(after.some((n) => n.startsWith(`ll-store-${name}--`) && n.endsWith("--holdings"))).toBe(false);
    expect(after.some((n) => n.startsWith(`rxdb-dexie-${name}--`) && n.endsWith("--customers"))).toBe(true);
    await db.remove();
  });
});
