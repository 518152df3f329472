// The distributions collection gained byTransfer (docs/REPLICATION.md, the distributions model): a device that stored
// the collection under the schema before it opens its database, drops that collection and pulls it again from the
// start, the outbox kept. The schema's version stays 0 on purpose: a higher version asks for RxDB's migration plugin,
// which the app does not load, and the database would not open.
import { addRxPlugin } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { openLocalDatabase } from "./database.ts";
import { earlierReleaseDatabase } from "./fixture.ts";
import { distributionSchema } from "./models/distributions.ts";

const storage = getRxStorageMemory();
const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

/** The distributions schema as the release before byTransfer stored it. */
function schemaBeforeByTransfer() {
  const { byTransfer: _added, ...properties } = distributionSchema.properties;
  return { ...distributionSchema, properties };
}

describe("the distributions collection after byTransfer was added", () => {
  it("is dropped and pulled again on a device that stored the schema before, its version still 0", async () => {
    addRxPlugin(RxDBLocalDocumentsPlugin);
    expect(distributionSchema.version).toBe(0);
    expect(distributionSchema.properties.byTransfer).toEqual({ type: "boolean" });
    const userId = crypto.randomUUID();
    const accountId = crypto.randomUUID();
    const old = await earlierReleaseDatabase(storage, { userId, accountId }, "distributions", schemaBeforeByTransfer());
    opened.push(old);
    await old.collections.distributions!.insert({
      id: crypto.randomUUID(),
      allocationId: crypto.randomUUID(),
      investorId: crypto.randomUUID(),
      amount: "250",
      status: "open",
      createdOn: "2026-01-01T00:00:00.000Z",
      updatedOn: "2026-01-01T00:00:00.000Z",
    });
    await old.close();

    const db = await openLocalDatabase({ userId, accountId, storage, models: ["distributions"] });
    opened.push(db);
    // empty: its replication starts from no checkpoint and every document arrives again, with byTransfer
    expect(await db.collections.distributions!.count().exec()).toBe(0);
  });
});
