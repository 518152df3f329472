// The shared collection of small read models (models/records.ts) on RxDB's memory storage, read through the hooks'
// modelRows$ (what useModel shows): kinds with the same id do not collide, a query by the kind's parent field reads
// that parent's records (through the recordKind + recordParent index), writes reach an open query, and a queued command
// on a kind shows through the pending overlay.
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { filter, firstValueFrom } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { type LocalDatabase, openLocalDatabase } from "./database.ts";
import { modelRows$ } from "./hooks.tsx";
import { fromRecord, kindQuery, recordKey, toRecord } from "./models/records.ts";

const opened: LocalDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.remove()));
});

async function open(): Promise<LocalDatabase> {
  const db = await openLocalDatabase({
    userId: crypto.randomUUID(),
    accountId: crypto.randomUUID(),
    storage: getRxStorageMemory() as never,
    models: ["broker_allocations"],
  });
  opened.push(db);
  return db;
}

const roundA = crypto.randomUUID();
const roundB = crypto.randomUUID();

function invitation(id: string, roundId: string, status = "sent") {
  return {
    id,
    roundId,
    brokerId: crypto.randomUUID(),
    name: `Invitation ${id.slice(0, 4)}`,
    managedUnits: "10",
    status,
    broker: null,
    createdOn: "2024-01-01T00:00:00.000Z",
    updatedOn: "2024-01-01T00:00:00.000Z",
  };
}

type Row = { id: string; roundId: string; status: string; name?: string; _pending?: { status: string } };
const rows$ = (db: LocalDatabase, query = {}) => modelRows$(db, "broker_allocations", query as never);

describe("records: kinds keyed by kind and id", () => {
  it("opens one records collection for the kinds, none of their own", async () => {
    const db = await open();
    expect(Object.keys(db.collections).sort()).toEqual(["outbox", "records"]);
  });

  it("keeps two kinds' documents with the same id apart", async () => {
    const db = await open();
    const id = crypto.randomUUID();
    await db.records.insert(toRecord("broker_allocations", invitation(id, roundA)) as never);
    // another kind (as a later model would be) with the same id
    await db.records.insert({ recordKey: `tokens:${id}`, recordKind: "tokens", recordParent: "", id, createdOn: "" });
    expect(await db.records.count().exec()).toBe(2);
    expect(recordKey("broker_allocations", id)).not.toBe(`tokens:${id}`);
    const shown = (await firstValueFrom(rows$(db))) as Row[];
    expect(shown.map((row) => [row.id, row.roundId])).toEqual([[id, roundA]]);
    // the record's own fields stay out of the rows
    expect(Object.keys(shown[0] ?? {})).not.toContain("recordKind");
    expect(Object.keys(shown[0] ?? {})).not.toContain("recordKey");
  });

  it("answers a query by the kind's parent field with that parent's records only, through the parent index", async () => {
    const db = await open();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.records.bulkInsert([
      toRecord("broker_allocations", invitation(ids[0] as string, roundA)),
      toRecord("broker_allocations", invitation(ids[1] as string, roundB)),
      toRecord("broker_allocations", invitation(ids[2] as string, roundA)),
    ] as never);
    const query = { selector: { roundId: roundA } };
    expect(kindQuery("broker_allocations", query).selector).toEqual({
      recordKind: "broker_allocations",
      recordParent: roundA,
      roundId: roundA,
    });
    expect(kindQuery("broker_allocations", { selector: { roundId: { $eq: roundB } } }).selector).toMatchObject({
      recordParent: roundB,
    });
    const shown = (await firstValueFrom(rows$(db, query))) as Row[];
    expect(shown.map((row) => row.id).sort()).toEqual([ids[0], ids[2]].sort());
    const other = (await firstValueFrom(rows$(db, { selector: { roundId: roundB } }))) as Row[];
    expect(other.map((row) => row.id)).toEqual([ids[1]]);
  });

  it("updates an open query when a record is written, keeping unchanged rows' identity", async () => {
    const db = await open();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.records.bulkInsert([
      toRecord("broker_allocations", invitation(first, roundA)),
      toRecord("broker_allocations", invitation(second, roundA)),
    ] as never);
    const emissions: Row[][] = [];
    const subscription = rows$(db, { selector: { roundId: roundA } }).subscribe((rows) =>
      emissions.push(rows as Row[]),
    );
    try {
      await firstValueFrom(rows$(db, { selector: { roundId: roundA } }));
      await db.records.upsert(toRecord("broker_allocations", invitation(first, roundA, "accepted")) as never);
      const after = (await firstValueFrom(
        rows$(db, { selector: { roundId: roundA } }).pipe(
          filter((rows) => rows.some((row) => (row as Row).id === first && (row as Row).status === "accepted")),
        ),
      )) as Row[];
      const before = emissions[0] ?? [];
      expect(after.find((row) => row.id === second)).toBe(before.find((row) => row.id === second));
      // a new record of another parent does not enter this query
      await db.records.insert(toRecord("broker_allocations", invitation(crypto.randomUUID(), roundB)) as never);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((emissions[emissions.length - 1] ?? []).map((row) => row.id).sort()).toEqual([first, second].sort());
    } finally {
      subscription.unsubscribe();
    }
  });

  it("shows a queued command on the kind through the pending overlay", async () => {
    const db = await open();
    const id = crypto.randomUUID();
    await db.records.insert(toRecord("broker_allocations", invitation(id, roundA)) as never);
    const created = crypto.randomUUID();
    const command = (seq: number, mutation: string, variables: Record<string, unknown>) => ({
      id: crypto.randomUUID(),
      mutation,
      variables,
      userId: crypto.randomUUID(),
      accountId: crypto.randomUUID(),
      deviceId: "device",
      seq,
      createdOn: new Date().toISOString(),
      status: "pending",
      attempts: 0,
    });
    await db.outbox.bulkInsert([
      command(1, "updateBrokerAllocationById", { input: { id, patch: { name: "Renamed" } } }),
      command(2, "createBrokerAllocation", {
        input: { brokerAllocation: { id: created, roundId: roundB, brokerId: crypto.randomUUID(), name: "New" } },
      }),
    ]);
    const inA = (await firstValueFrom(rows$(db, { selector: { roundId: roundA } }))) as Row[];
    expect(inA.map((row) => [row.id, row.name, row._pending?.status])).toEqual([[id, "Renamed", "pending"]]);
    // the queued creation shows under its own parent only
    const inB = (await firstValueFrom(rows$(db, { selector: { roundId: roundB } }))) as Row[];
    expect(inB.map((row) => [row.id, row._pending?.status])).toEqual([[created, "pending"]]);
    // the stored record is unchanged
    expect((await db.records.findOne(recordKey("broker_allocations", id)).exec())?.get("name")).not.toBe("Renamed");
  });

  it("shows a record as the kind's document, the same object for the same stored record", () => {
    const doc = invitation(crypto.randomUUID(), roundA);
    const record = toRecord("broker_allocations", doc);
    expect(record).toMatchObject({ recordKey: `broker_allocations:${doc.id}`, recordKind: "broker_allocations" });
    expect(record.recordParent).toBe(roundA);
    expect(fromRecord(record)).toBe(fromRecord(record));
    expect(fromRecord(record)).toEqual(doc);
  });
});
