// The sync status the top bar shows, fed by a real device against the real server: first-sync progress, the last
// successful sync, commands waiting while offline, rejected commands, and the pause of an expired session.
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_MODEL_NAMES } from "../../src/data/models/index.ts";
import { createSyncStatusStore } from "../../src/data/sync-status.ts";
import { syncSummary } from "../../src/domain/sync-status.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});
afterAll(async () => {
  await t?.close();
});

describe("sync status", () => {
  it("reports first-sync progress, the last sync, waiting and rejected commands", async () => {
    const status = createSyncStatusStore();
    const seen: number[] = [];
    status.subscribe(() => seen.push(status.getSnapshot().firstSync.collectionsDone));
    let online = false;
    const data = await openDevice(issuer, t.url, { status, isOnline: () => online });
    try {
      await eventually(() => status.getSnapshot().firstSync.done, 20_000, "first sync done");
      const snapshot = status.getSnapshot();
      expect(snapshot.firstSync.collectionsDone).toBe(snapshot.firstSync.collectionsTotal);
      // every read model the device replicates: its collections and the kinds of the shared records collection
      expect(snapshot.firstSync.collectionsTotal).toBe(READ_MODEL_NAMES.length);
      expect(READ_MODEL_NAMES.length).toBeGreaterThanOrEqual(11);
      expect(snapshot.firstSync.documentsReceived).toBeGreaterThan(0);
      // progress was reported on the way, not only at the end
      expect(new Set(seen).size).toBeGreaterThan(2);
      await eventually(() => status.getSnapshot().lastSyncedOn !== null, 5_000, "last sync time");
      expect(Date.parse(status.getSnapshot().lastSyncedOn ?? "")).toBeLessThanOrEqual(Date.now());

      // offline: commands wait, and the top bar says so
      await data.outbox.enqueue("makeCustomer", {
        input: { id: crypto.randomUUID(), email: `status-${Date.now()}@x.test`, name: "Status" },
      });
      await data.outbox.enqueue("makeCustomer", {
        input: { id: crypto.randomUUID(), email: "not-an-email", name: "Bad Email" },
      });
      await eventually(() => status.getSnapshot().waiting === 2, 5_000, "two waiting");
      expect(status.getSnapshot().outboxPaused).toBe("offline");

      // online: sent; the bad one is counted as rejected
      online = true;
      await data.outbox.flush();
      await eventually(
        () => status.getSnapshot().waiting === 0 && status.getSnapshot().rejected === 1,
        10_000,
        "answered",
      );
      expect(status.getSnapshot().outboxPaused).toBeNull();
    } finally {
      await data.remove();
    }
  });

  it("pauses the outbox when the session has ended, and sends the command after the same user signs in again", async () => {
    const status = createSyncStatusStore();
    const client = t.client();
    const who = await signInAs(client, "issuer@demo.test");
    const data = await openDevice(who, t.url, { status, models: ["customers"] });
    try {
      const signedOut = await client.fetch("/authenticate/logout");
      await signedOut.arrayBuffer();
      const address = `late-${Date.now()}@x.test`;
      await data.outbox.enqueue("makeCustomer", { input: { id: crypto.randomUUID(), email: address, name: "Late" } });
      await eventually(() => status.getSnapshot().outboxPaused === "unauthorized", 5_000, "paused: unauthorized");
      expect(await data.outbox.waitingCount()).toBe(1);

      // the same user signs in again on this device (same cookie jar): the kept command goes out
      const again = await signInAs(client, "issuer@demo.test");
      expect(again.userId).toBe(who.userId);
      data.outbox.resume();
      await eventually(async () => (await data.outbox.waitingCount()) === 0, 10_000, "sent after sign-in");
      const { rows } = await t.server.db.query("select 1 from app_public.customers where email = $1", [address]);
      expect(rows).toHaveLength(1);
    } finally {
      await data.remove();
    }
  });

  it("says the device's storage is full while its writes fail for want of room, and syncs on once there is room", async () => {
    // a storage whose writes abort as IndexedDB's do when the site's quota is used up (Dexie's AbortError), until
    // room is freed
    let full = true;
    const memory = getRxStorageMemory();
    const storage = {
      ...memory,
      async createStorageInstance(params: Parameters<typeof memory.createStorageInstance>[0]) {
        const instance = await memory.createStorageInstance(params);
        const bulkWrite = instance.bulkWrite.bind(instance);
        instance.bulkWrite = (rows, context) =>
          full && params.collectionName === "customers"
            ? Promise.reject(Object.assign(new Error("QuotaExceededError"), { name: "AbortError" }))
            : bulkWrite(rows, context);
        return instance;
      },
    };
    const status = createSyncStatusStore();
    const data = await openDevice(issuer, t.url, { status, storage, models: ["customers", "holdings"] });
    try {
      await eventually(() => status.getSnapshot().storageFull, 10_000, "storage full reported");
      const summary = syncSummary(status.getSnapshot(), new Date());
      expect(summary).toMatchObject({ tone: "attention", label: "Storage full" });
      expect(await data.db.customers.count().exec()).toBe(0);
      // RxDB counts the customers' first pull as done although nothing of it was written; the first sync is not
      await Promise.race([
        data.replication.states.get("customers")?.awaitInitialReplication(),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
      await eventually(() => status.getSnapshot().firstSync.collectionsDone >= 1, 10_000, "holdings done");
      expect(status.getSnapshot().firstSync).toMatchObject({ done: false, collectionsDone: 1 });

      full = false;
      await eventually(
        async () => (await data.db.customers.count().exec()) > 0 && !status.getSnapshot().storageFull,
        20_000,
        "customers stored once there is room",
      );
      await eventually(() => status.getSnapshot().firstSync.done, 20_000, "first sync done");
      expect(syncSummary(status.getSnapshot(), new Date()).label).not.toBe("Storage full");
    } finally {
      await data.remove();
    }
  });
});
