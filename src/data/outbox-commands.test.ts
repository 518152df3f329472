// Commands are typed end to end: a misspelt name or a wrong variable type is a compile error (the
// `@ts-expect-error` lines below fail `npx tsc` once they type-check), and at run time the outbox refuses the same
// mistakes with InvalidCommandError (LL422 naming the field) before anything is stored.
import { addRxPlugin, createRxDatabase, type RxDatabase } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidCommandError } from "../domain/commands/catalogue.ts";
import type { useCommand } from "./hooks.tsx";
import { OUTBOX_SCHEMA } from "./models/index.ts";
import { createOutbox, type Outbox, type OutboxCollection } from "./outbox.ts";

addRxPlugin(RxDBLocalDocumentsPlugin);

const open: Array<{ db: RxDatabase; outbox: Outbox }> = [];
let counter = 0;

async function setup() {
  const db = await createRxDatabase({ name: `outbox-commands-${++counter}`, storage: getRxStorageMemory() });
  await db.addCollections({ outbox: { schema: OUTBOX_SCHEMA, localDocuments: true } });
  const collection = db.collections.outbox as unknown as OutboxCollection;
  const sent: unknown[] = [];
  const outbox = createOutbox({
    collection,
    userId: "11111111-1111-4111-8111-111111111111",
    accountId: "22222222-2222-4222-8222-222222222222",
    deviceId: "device-1",
    isOnline: () => false,
    send: async (commands) => {
      sent.push(...commands);
      return { kind: "transient", reason: "not in this test" };
    },
  });
  open.push({ db, outbox });
  return { outbox, collection, sent };
}

afterEach(async () => {
  for (const { db, outbox } of open.splice(0)) {
    outbox.stop();
    await db.remove();
  }
});

/** Compiled, never run: what a screen may and may not write with useCommand. */
function typedCalls(send: ReturnType<typeof useCommand>) {
  void send("makeDistribution", { input: { allocationId: "a", accountEmail: "i@x.test", amount: "5", name: null } });
  // @ts-expect-error a misspelt command name does not compile
  void send("makeDistrbution", { input: { allocationId: "a" } });
  // @ts-expect-error a wrong variable type does not compile (amount is a number or text, not a boolean)
  void send("makeDistribution", { input: { allocationId: "a", amount: true } });
  // @ts-expect-error a field the command does not take does not compile
  void send("updateAssetById", { input: { id: "a", patch: { colour: "red" } } });
  // @ts-expect-error a required field cannot be left out (updateXById needs its patch)
  void send("updateRoundById", { input: { id: "a" } });
  const either = Math.random() > 0.5 ? "deleteHoldingDocument" : "createAsset";
  // @ts-expect-error a union of names would let either command's variables through: one name per call
  void send(either, { input: { documentId: "a" } });
}

void typedCalls;

describe("the outbox checks commands against the catalogue", () => {
  it("refuses a wrong shape with LL422 naming the field, and stores nothing", async () => {
    const { outbox, collection } = await setup();
    const wrong = outbox.enqueue("makeDistribution", {
      // @ts-expect-error a wrong variable type (also refused at run time)
      input: { allocationId: "a", accountEmail: "x@x.test", amount: true },
    });
    await expect(wrong).rejects.toBeInstanceOf(InvalidCommandError);
    await expect(wrong).rejects.toMatchObject({
      code: "LL422",
      field: "input.amount",
      message: "Invalid makeDistribution: input.amount must be a number or text.",
    });
    // @ts-expect-error a misspelt name (also refused at run time)
    await expect(outbox.enqueue("makeCustomr", { input: {} })).rejects.toThrow(/Unknown command: makeCustomr/);
    expect(await collection.count().exec()).toBe(0);

    const stored = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    expect((await collection.findOne(stored.id).exec())?.mutation).toBe("makeCustomer");
  });

  it("checks corrected variables when a rejected command is resent", async () => {
    const { outbox, collection } = await setup();
    const command = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await (await collection.findOne(command.id).exec())?.incrementalPatch({ status: "rejected", errorCode: "LL422" });
    await expect(outbox.resend(command.id, { input: { email: 5 } })).rejects.toMatchObject({
      code: "LL422",
      field: "input.email",
    });
    expect((await collection.findOne(command.id).exec())?.status).toBe("rejected");
    const fixed = await outbox.resend(command.id, { input: { email: "d@x.test" } });
    expect(fixed).toMatchObject({ mutation: "makeCustomer", replaces: command.id, status: "pending" });
  });
});
