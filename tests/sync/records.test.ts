// Models without a collection of their own (src/data/models/records.ts): broker invitations (`broker_allocations`)
// are a kind of the shared `records` collection. Against the real server: the pull fills `records` with them, read
// through the same hooks (modelRows$) by round, kept live by the stream; a queued command on the kind shows through
// the pending overlay; and a device of the previous release (an own `broker_allocations` collection with documents,
// and a queued command in its outbox) upgrades: the old collection is dropped, the invitations are pulled again into
// `records`, the queued command is still there.
import { addRxPlugin, createRxDatabase, getAllCollectionDocuments } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { filter, firstValueFrom } from "rxjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openLocalDatabase } from "../../src/data/database.ts";
import { modelRows$ } from "../../src/data/hooks.tsx";
import type { LocalData } from "../../src/data/local-data.ts";
import { brokerAllocationSchema } from "../../src/data/models/broker-allocations.ts";
import { OUTBOX_SCHEMA } from "../../src/data/models/index.ts";
import { toRecord } from "../../src/data/models/records.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
const devices: LocalData[] = [];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});

afterEach(async () => {
  for (const opened of devices.splice(0)) await opened.remove();
});

afterAll(async () => {
  await t?.close();
});

type Invitation = { id: string; roundId: string; status: string; _pending?: { status: string; deleted?: boolean } };

async function serverInvitations(): Promise<Array<{ id: string; roundId: string; status: string }>> {
  const answer = await issuer.client.graphql<{
    allBrokerAllocations: { nodes: Array<{ id: string; roundId: string; status: string }> };
  }>("{ allBrokerAllocations { nodes { id roundId status } } }");
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data?.allBrokerAllocations.nodes ?? [];
}

const rows = (data: LocalData, query = {}) =>
  firstValueFrom(modelRows$(data.db, "broker_allocations", query)) as Promise<Invitation[]>;

const sortedIds = (list: Array<{ id: string }>) => list.map((row) => row.id).sort();

describe("a kind of the shared records collection", () => {
  it("is pulled into records, read by parent through the hooks, and kept live", async () => {
    const data = await openDevice(issuer, t.url, { models: ["rounds", "broker_allocations"] });
    devices.push(data);
    expect(Object.keys(data.db.collections).sort()).toEqual(["outbox", "records", "rounds"]);
    await data.replication.awaitInitialReplication();
    const server = await serverInvitations();
    expect(server.length).toBeGreaterThan(1);
    // stored as records keyed by kind and id
    const stored = await data.db.records.find({ selector: { recordKind: "broker_allocations" } }).exec();
    expect(stored.map((doc) => doc.primary).sort()).toEqual(server.map((row) => `broker_allocations:${row.id}`).sort());
    // read as the model's documents, without the record's own fields
    const all = await rows(data);
    expect(sortedIds(all)).toEqual(sortedIds(server));
    expect(Object.keys(all[0] ?? {})).not.toContain("recordKey");
    // by parent: one round's invitations only
    const roundId = server[0]?.roundId as string;
    const byRound = await rows(data, { selector: { roundId } });
    expect(sortedIds(byRound)).toEqual(sortedIds(server.filter((row) => row.roundId === roundId)));

    // live: a change on the server reaches the open query through the stream
    const target = server.find((row) => row.status === "sent") ?? (server[0] as { id: string; status: string });
    const next = target.status === "rejected" ? "sent" : "rejected";
    const changed = firstValueFrom(
      modelRows$(data.db, "broker_allocations", { selector: { roundId: (target as Invitation).roundId } }).pipe(
        filter((list) => list.some((row) => row.id === target.id && row.status === next)),
      ),
    );
    await t.server.db.query("update app_public.broker_allocations set status = $2 where id = $1", [target.id, next]);
    await changed;
    await t.server.db.query("update app_public.broker_allocations set status = $2 where id = $1", [
      target.id,
      target.status,
    ]);
    await eventually(async () =>
      (await rows(data)).some((row) => row.id === target.id && row.status === target.status),
    );
  });

  it("shows a queued command on the kind through the pending overlay", async () => {
    let online = true;
    const data = await openDevice(issuer, t.url, { models: ["broker_allocations"], isOnline: () => online });
    devices.push(data);
    await data.replication.awaitInitialReplication();
    const server = await serverInvitations();
    const target = server[0] as { id: string; roundId: string };
    online = false;
    await data.outbox.enqueue("updateBrokerAllocationById", {
      input: { id: target.id, patch: { name: "Renamed while offline" } },
    });
    const shown = await firstValueFrom(
      modelRows$(data.db, "broker_allocations", { selector: { roundId: target.roundId } }).pipe(
        filter((list) => list.some((row) => row._pending !== undefined)),
      ),
    );
    const row = shown.find((item) => item.id === target.id) as Invitation & { name: string };
    expect(row.name).toBe("Renamed while offline");
    expect(row._pending?.status).toBe("pending");
    // the stored record is unchanged (only the server changes replicas)
    const stored = await data.db.records.findOne(`broker_allocations:${target.id}`).exec();
    expect(stored?.get("name")).not.toBe("Renamed while offline");
  });
});

describe("a kind's records of another schema version", () => {
  it("are removed when the kind's pull starts anew, and the kind is pulled again", async () => {
    // records stored under another version of the kind's schema (no checkpoint under the current identifier)
    const db = await openLocalDatabase({
      userId: issuer.userId,
      accountId: issuer.accountId,
      storage: getRxStorageMemory() as never,
      models: ["broker_allocations"],
    });
    const server = await serverInvitations();
    const kept = server[0] as { id: string; roundId: string; status: string };
    const staleId = crypto.randomUUID();
    await db.records.bulkInsert([
      { ...toRecord("broker_allocations", { ...kept, name: "old shape", createdOn: "" }), recordVersion: 99 },
      {
        ...toRecord("broker_allocations", { id: staleId, roundId: kept.roundId, status: "sent", createdOn: "" }),
        recordVersion: 99,
      },
    ] as never);
    await db.close();

    const data = await openDevice(issuer, t.url, { models: ["broker_allocations"] });
    devices.push(data);
    await data.replication.awaitInitialReplication();
    const shown = await rows(data);
    expect(sortedIds(shown)).toEqual(sortedIds(server));
    expect(shown.find((row) => row.id === kept.id)).not.toMatchObject({ name: "old shape" });
    const versions = await data.db.records.find({ selector: { recordKind: "broker_allocations" } }).exec();
    expect(new Set(versions.map((doc) => doc.get("recordVersion")))).toEqual(new Set([0]));
  });
});

describe("a device of the previous release", () => {
  it("drops the old broker_allocations collection, pulls the invitations into records and keeps its outbox", async () => {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    const storage = getRxStorageMemory();
    const name = `ll-${issuer.userId}-${issuer.accountId}`.toLowerCase();
    // as the previous release stored it: an own collection for the invitations, and the outbox
    const old = await createRxDatabase({ name, storage, closeDuplicates: true });
    await old.addCollections({
      broker_allocations: { schema: brokerAllocationSchema as never },
      outbox: { schema: OUTBOX_SCHEMA as never, localDocuments: true },
    });
    const staleId = crypto.randomUUID();
    await old.collections.broker_allocations!.insert({
      id: staleId,
      roundId: crypto.randomUUID(),
      brokerId: crypto.randomUUID(),
      status: "sent",
      createdOn: "2020-01-01T00:00:00.000Z",
      updatedOn: "2020-01-01T00:00:00.000Z",
    });
    const commandId = crypto.randomUUID();
    await old.collections.outbox!.insert({
      id: commandId,
      mutation: "updateBrokerAllocationById",
      variables: { input: { id: staleId, patch: { name: "queued before the upgrade" } } },
      userId: issuer.userId,
      accountId: issuer.accountId,
      deviceId: "old-device",
      seq: 1,
      createdOn: new Date().toISOString(),
      status: "pending",
      attempts: 0,
    });
    await old.close();

    // the new release opens the same database (offline for commands: the queued one must stay)
    const data = await openDevice(issuer, t.url, {
      models: ["broker_allocations"],
      isOnline: () => false,
      deviceId: "old-device",
    });
    devices.push(data);
    expect(Object.keys(data.db.collections).sort()).toEqual(["outbox", "records"]);
    await data.replication.awaitInitialReplication();
    const server = await serverInvitations();
    expect(sortedIds(await rows(data))).toEqual(sortedIds(server));
    const commands = await data.db.outbox.find().exec();
    expect(commands.map((doc) => [doc.id, doc.mutation, doc.status])).toEqual([
      [commandId, "updateBrokerAllocationById", "pending"],
    ]);
    // the old collection (and its replication state) is gone from the database's store
    const collections = (await getAllCollectionDocuments(data.db.internalStore)).map((doc) => doc.data.name);
    expect(collections).not.toContain("broker_allocations");
    expect(collections).toContain("records");
  });
});
