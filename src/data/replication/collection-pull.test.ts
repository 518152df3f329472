// The pull handler of one collection, driven as RxDB drives it, against a scripted server log: pages handed in
// parts (the checkpoint moving with a page's last part), the next page prefetched and used once, a reSync's new
// epoch always asking the server again, the wait for the previous part's write, failures left to RxDB's retry, and
// an empty collection's first pull going to its first load (first-load.test.ts; RxDB memory storage); the change
// stream's documents handed out by a cycle that is not a pull, with the checkpoint unchanged, after any pull asked for,
// and written by RxDB's downstream under a change queued on the device.
import { createRxDatabase, fillWithDefaultSettings, type RxCollection } from "rxdb";
import { replicateRxCollection } from "rxdb/plugins/replication";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { describe, expect, it } from "vitest";
import type { PullAnswer } from "../../domain/wire.ts";
import { testSchema } from "../fixture.ts";
import { outboxCommand } from "../outbox/fixture.ts";
import { overlayPending } from "../pending.ts";
import { type CollectionPull, createCollectionPull } from "./collection-pull.ts";
import { serverLog } from "./fixture.ts";
import type { Checkpoint, PageFetcher } from "./page.ts";

const ITEM_SCHEMA = testSchema({ name: { type: "string" } }, { required: ["name"] });

const CUSTOMER_SCHEMA = testSchema({ name: { type: "string" } });

/** A collection holding one document, as its storage counts (stored-reads.ts countStored). */
const notEmpty = {
  schema: {
    jsonSchema: fillWithDefaultSettings({
      version: 0,
      primaryKey: "id",
      type: "object",
      properties: { id: { type: "string", maxLength: 40 } },
    }),
  },
  storageInstance: { count: async () => ({ count: 1, mode: "fast" }) },
} as unknown as RxCollection<unknown>;

function pullOf(
  fetchPage: PageFetcher,
  options: {
    collection?: RxCollection<unknown>;
    batchSize?: number;
    writeSize?: number;
    partWriteWaitMs?: number;
  } = {},
) {
  let epoch = 0;
  const reached: string[] = [];
  let counted = 0;
  const pull = createCollectionPull({
    collection: options.collection ?? notEmpty,
    model: "customers",
    fetchPage,
    blank: {},
    batchSize: options.batchSize ?? 4,
    writeSize: options.writeSize ?? 2,
    epochOf: () => epoch,
    stopped: () => false,
    reachedEnd: (sentOn) => reached.push(sentOn),
    countWritten: () => counted++,
    partWriteWaitMs: options.partWriteWaitMs ?? 5_000,
  });
  return {
    pull,
    reached,
    counted: () => counted,
    newEpoch: () => {
      epoch++;
    },
  };
}

/** RxDB's loop: ask from the last checkpoint until a part shorter than the limit; every document "written". */
async function cycle(pull: CollectionPull, limit: number, from?: Checkpoint) {
  const got: PullAnswer[] = [];
  let checkpoint = from;
  for (;;) {
    const answer = await pull.handler(checkpoint, limit);
    for (const _ of answer.documents) pull.written();
    got.push(answer);
    checkpoint = answer.checkpoint;
    if (answer.documents.length < limit) return { got, checkpoint };
  }
}

const ids = (answers: PullAnswer[]) => answers.flatMap((a) => a.documents.map((d) => d.id));

describe("the pull of one collection", () => {
  it("hands pages in parts, the checkpoint moving only with a page's last part, each page asked for once", async () => {
    const log = serverLog(10);
    const { pull, reached } = pullOf(log.fetchPage);
    const { got, checkpoint } = await cycle(pull, 2);
    expect(ids(got)).toEqual(log.docs.map((d) => d.id));
    expect(got.map((a) => a.checkpoint.seq)).toEqual([0, 4, 4, 8, 10, 10]);
    // RxDB asks once more after a last part as long as its limit: the page that reached the end answers it (empty)
    expect(log.asked).toEqual([0, 4, 8]);
    expect(checkpoint).toEqual({ txid: "1", seq: 10 });
    // only the fetches that reached the end of the log count for freshness
    expect(reached).toEqual(["sent 3"]);
  });

  it("after a reSync asks the server again instead of using a prefetched page or a page's rest", async () => {
    const log = serverLog(10);
    const { pull, newEpoch } = pullOf(log.fetchPage);
    const first = await pull.handler(undefined, 2);
    pull.written();
    pull.written();
    expect(log.asked).toEqual([0, 4]);
    newEpoch();
    // the rest of page 1 is not used: page 1 again
    const again = await pull.handler(first.checkpoint, 2);
    expect(ids([again])).toEqual(["d000", "d001"]);
    expect(log.asked).toEqual([0, 4, 0, 4]);
    pull.written();
    pull.written();
    const rest = await pull.handler(again.checkpoint, 2);
    pull.written();
    pull.written();
    newEpoch();
    // the page prefetched before the reSync is not used: page 2 asked for again
    await pull.handler(rest.checkpoint, 2);
    expect(log.asked).toEqual([0, 4, 0, 4, 4, 8]);
  });

  it("hands the next part only once the previous part is written (or after the bounded wait)", async () => {
    const log = serverLog(8);
    const { pull } = pullOf(log.fetchPage, { partWriteWaitMs: 200 });
    const first = await pull.handler(undefined, 2);
    let handed = false;
    const next = pull.handler(first.checkpoint, 2).then((answer) => {
      handed = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handed).toBe(false);
    pull.written();
    expect(ids([await next])).toEqual(["d002", "d003"]);
    // nothing written (the part equalled the stored documents): the wait ends by itself
    const started = Date.now();
    await pull.handler((await next).checkpoint, 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("leaves a failed fetch (also a prefetch's) to RxDB's retry, which asks the server afresh", async () => {
    let failures = 0;
    const log = serverLog(10, (after) => {
      if (after === 4 && failures++ === 0) throw new Error("network down");
    });
    const { pull } = pullOf(log.fetchPage, { writeSize: 4 });
    const first = await pull.handler(undefined, 4);
    for (const _ of first.documents) pull.written();
    await expect(pull.handler(first.checkpoint, 4)).rejects.toThrow("network down");
    const { got } = await cycle(pull, 4, first.checkpoint);
    expect(ids([first, ...got])).toEqual(log.docs.map((d) => d.id));
    expect(log.asked).toEqual([0, 4, 4, 8]);
  });
});

describe("the first pull of an empty collection", () => {
  it("is its first load, straight into the storage; later pulls take the usual path from its checkpoint", async () => {
    const db = await createRxDatabase({ name: `first-pull-${crypto.randomUUID()}`, storage: getRxStorageMemory() });
    try {
      await db.addCollections({ items: { schema: ITEM_SCHEMA } });
      const collection = db.collections.items as unknown as RxCollection<unknown>;
      const log = serverLog(10);
      const { pull, counted } = pullOf(log.fetchPage, { collection });
      const answer = await pull.handler(undefined, 2);
      expect(ids([answer])).toEqual(["d009"]);
      expect(counted()).toBe(9);
      expect(await collection.count().exec()).toBe(9);
      pull.written();
      await pull.handler(answer.checkpoint, 2);
      expect(log.asked).toEqual([0, 4, 8, 10]);
    } finally {
      await db.remove();
    }
  });
});

describe("documents of the change stream", () => {
  it("are taken once a pull reached the end, handed out with the checkpoint as it was, and wait for a pull asked for", async () => {
    const log = serverLog(3);
    const { pull, newEpoch } = pullOf(log.fetchPage);
    expect(pull.streamed([{ id: "s1", name: "early" }]), "not before a pull reached the end of the log").toBe(false);
    const { checkpoint } = await cycle(pull, 2);
    expect(checkpoint).toEqual({ txid: "1", seq: 3 });
    const asked = log.asked.length;
    // two events, the second with a newer version of d001: three documents, the latest version of each, in parts
    expect(
      pull.streamed([
        { id: "d001", name: "streamed 1" },
        { id: "s1", name: "new" },
      ]),
    ).toBe(true);
    expect(
      pull.streamed([
        { id: "d001", name: "streamed 2" },
        { id: "s2", _deleted: true },
      ]),
    ).toBe(true);
    expect(pull.hasStreamed()).toBe(true);
    const streamed = await cycle(pull, 2, checkpoint);
    expect(streamed.got.map((answer) => answer.documents)).toEqual([
      [
        { id: "s1", name: "new" },
        { id: "d001", name: "streamed 2" },
      ],
      [{ id: "s2", _deleted: true }],
    ]);
    expect(streamed.got.map((answer) => answer.checkpoint)).toEqual([checkpoint, checkpoint]);
    expect(log.asked.length, "no request to the server").toBe(asked);
    expect(pull.hasStreamed()).toBe(false);
    // a reSync asks for a pull: documents that arrive meanwhile wait until it reached the end, then are written
    newEpoch();
    log.docs.push({ id: "d003", name: "server 3" }, { id: "d004", name: "server 4" }, { id: "d005", name: "server 5" });
    expect(pull.streamed([{ id: "d003", name: "streamed 3" }])).toBe(true);
    log.hooks.push(() => {
      // an event that arrives while the pull is on its way (its document may be newer than the pull's snapshot)
      expect(pull.streamed([{ id: "d004", name: "streamed 4" }])).toBe(true);
    });
    const pulled = await cycle(pull, 2, checkpoint);
    expect(ids(pulled.got)).toEqual(["d003", "d004", "d005"]);
    expect(log.asked.at(-1)).toBe(3);
    const after = await cycle(pull, 2, pulled.checkpoint);
    // d003 came before the pull was asked for: the page has it as new or newer, and it is not written again over the
    // page's version (a change the stream did not carry would be undone); d004 came after: written after the page
    expect(after.got.map((answer) => answer.documents)).toEqual([[{ id: "d004", name: "streamed 4" }]]);
    expect(after.checkpoint).toEqual({ txid: "1", seq: 6 });
  });

  it("are not written over a newer version a later pull brought (a change committed while the stream reconnected)", async () => {
    const log = serverLog(2);
    const { pull, newEpoch } = pullOf(log.fetchPage);
    const { checkpoint } = await cycle(pull, 2);
    // the stream carries version 1 of d001, and before any cycle hands it out the device reconnects (a new epoch);
    // version 2 is committed before the new subscription is made, so the stream never carries it: only the pull
    expect(pull.streamed([{ id: "d001", name: "version 1" }])).toBe(true);
    newEpoch();
    log.docs[1] = { id: "d001", name: "version 2" };
    log.docs.push({ id: "d001", name: "version 2" });
    const pulled = await cycle(pull, 2, checkpoint);
    expect(pulled.got.flatMap((answer) => answer.documents)).toEqual([{ id: "d001", name: "version 2" }]);
    const after = await cycle(pull, 2, pulled.checkpoint);
    expect(after.got.map((answer) => answer.documents)).toEqual([[]]);
    expect(pull.hasStreamed()).toBe(false);
  });

  it("are written by RxDB's downstream as a pulled page is, never over a change queued on the device", async () => {
    const db = await createRxDatabase({ name: `streamed-${crypto.randomUUID()}`, storage: getRxStorageMemory() });
    try {
      await db.addCollections({ items: { schema: CUSTOMER_SCHEMA } });
      const collection = db.collections.items as unknown as RxCollection<unknown>;
      const log = serverLog(3);
      const { pull, newEpoch } = pullOf(log.fetchPage, { collection });
      const state = replicateRxCollection<unknown, Checkpoint>({
        collection,
        replicationIdentifier: "streamed-test",
        live: true,
        waitForLeadership: false,
        deletedField: "_deleted",
        pull: { batchSize: 2, handler: pull.handler as never },
      });
      state.received$.subscribe(() => pull.written());
      await state.awaitInitialReplication();
      // the first load wrote the log; the next pull reaches its end
      state.reSync();
      await state.awaitInSync();
      const asked = log.asked.length;
      // the server's log grows (a pull would bring d003); a change to d001 is queued on the device (the outbox)
      log.docs.push({ id: "d003", name: "server 3" });
      const queued = outboxCommand({
        mutation: "updateCustomerById",
        variables: { input: { id: "d001", patch: { name: "queued name" } } },
      });
      expect(
        pull.streamed([
          { id: "d001", name: "streamed 1" },
          { id: "d002", _deleted: true },
        ]),
      ).toBe(true);
      state.reSync();
      await state.awaitInSync();
      const stored = (await collection.find().exec()).map((doc) => doc.toJSON() as { id: string; name: string });
      expect(stored.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: "d000", name: "server 0" },
        { id: "d001", name: "streamed 1" },
      ]);
      expect(log.asked.length, "written without a request").toBe(asked);
      // the queued change still shows over the written document, as over a pulled one
      const shown = overlayPending("customers", stored, [queued]);
      expect(shown.find((row) => row.id === "d001")).toMatchObject({
        name: "queued name",
        _pending: { status: "pending" },
      });
      // the checkpoint did not move: the next pull asks after the last pulled change and brings d003
      newEpoch();
      state.reSync();
      await state.awaitInSync();
      expect(log.asked.slice(asked)).toEqual([3]);
      expect((await collection.findOne("d003").exec())?.toJSON()).toMatchObject({ name: "server 3" });
      await state.cancel();
    } finally {
      await db.remove();
    }
  });
});
