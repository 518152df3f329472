// The pull handler of one collection, driven as RxDB drives it, against a scripted server log: pages handed in
// parts (the checkpoint moving with a page's last part), the next page prefetched and used once, a reSync's new
// epoch always asking the server again, the wait for the previous part's write, failures left to RxDB's retry, and
// an empty collection's first pull going to its first load (first-load.test.ts; RxDB memory storage).
import { createRxDatabase, type RxCollection } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { describe, expect, it } from "vitest";
import type { PullAnswer } from "../../domain/wire.ts";
import { type CollectionPull, createCollectionPull } from "./collection-pull.ts";
import type { Checkpoint, PageFetcher } from "./page.ts";

type Doc = { id: string; name: string };

/** A server log of `n` documents; seq = position. `hook` runs before each answer (it may throw or wait). */
function serverLog(n: number, hook?: (after: number, call: number) => Promise<void> | void) {
  const docs: Doc[] = Array.from({ length: n }, (_, i) => ({
    id: `d${String(i).padStart(3, "0")}`,
    name: `server ${i}`,
  }));
  const asked: number[] = [];
  const fetchPage: PageFetcher = async (_model, _blank, checkpoint, limit) => {
    const after = Number(checkpoint?.seq ?? 0);
    asked.push(after);
    const call = asked.length;
    await hook?.(after, call);
    const page = docs.slice(after, after + limit);
    return { documents: page, checkpoint: { txid: "1", seq: after + page.length }, sentOn: `sent ${call}` };
  };
  return { docs, asked, fetchPage };
}

const ITEM_SCHEMA = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: { id: { type: "string", maxLength: 40 }, name: { type: "string" } },
  required: ["id", "name"],
} as const;

const notEmpty = { count: () => ({ exec: async () => 1 }) } as unknown as RxCollection<unknown>;

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
    expect(log.asked).toEqual([0, 4, 8, 10]);
    expect(checkpoint).toEqual({ txid: "1", seq: 10 });
    // only the fetches that reached the end of the log count for freshness
    expect(reached).toEqual(["sent 3", "sent 4"]);
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
