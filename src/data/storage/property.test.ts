// Property test of the ledger storage (issue 34 item 2): random sequences of writes (inserts, updates, deletions,
// conflicting and stale writes), queries (selectors on indexed and unindexed fields, sorts, skip, limit, with and
// without deleted documents), counts, reads by id and changes since a checkpoint, run against this storage
// (fake-indexeddb) and RxDB's memory storage; every result and every change event must be the same. Seeded (a small
// PRNG, mulberry32): a failure prints its seed and step; LL_STORAGE_SEEDS=n runs more sequences.
import { getChangedDocumentsSince, type MangoQuery, type RxStorage } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { describe, expect, it } from "vitest";
import { doc, type Instance, ledgerStorage, openInstance, prepared, uniqueName } from "./fixture.ts";

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
const KINDS = ["x", "y", "z"];
const PARENTS = ["p1", "p2", "p3"];
const LABELS = ["alpha", "beta", "gamma", undefined];

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

function randomFields(rng: Rng): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    kind: pick(rng, KINDS),
    parent: pick(rng, PARENTS),
    rank: Math.floor(rng() * 6),
  };
  const label = pick(rng, LABELS);
  if (label !== undefined) fields.label = label;
  if (rng() < 0.3) fields.flag = rng() < 0.5;
  if (rng() < 0.2) fields.nested = { n: Math.floor(rng() * 3) };
  return fields;
}

function randomSelector(rng: Rng): Record<string, unknown> {
  const selector: Record<string, unknown> = {};
  const forms = [
    () => ({ kind: pick(rng, KINDS) }),
    () => ({ kind: pick(rng, KINDS), parent: pick(rng, PARENTS) }),
    () => ({ kind: pick(rng, KINDS), rank: { $gte: Math.floor(rng() * 6) } }),
    () => ({ rank: { $lt: Math.floor(rng() * 6) } }),
    () => ({ rank: { $gt: 1, $lte: 4 } }),
    () => ({ label: pick(rng, ["alpha", "beta", "gamma"]) }),
    () => ({ label: { $in: ["alpha", "gamma"] } }),
    () => ({ flag: true }),
    () => ({ id: { $gt: pick(rng, IDS) } }),
    () => ({ parent: { $ne: pick(rng, PARENTS) } }),
    () => ({}),
  ];
  Object.assign(selector, pick(rng, forms)());
  return selector;
}

function randomQuery(rng: Rng): MangoQuery<Record<string, unknown>> {
  const selector = randomSelector(rng);
  // RxDB's collections always ask for documents not deleted; the storage must also answer without it
  if (rng() < 0.85) selector._deleted = false;
  const query: MangoQuery<Record<string, unknown>> = { selector };
  const sorts = [
    undefined,
    [{ id: "asc" }],
    [{ rank: "asc" }],
    [{ rank: "desc" }],
    [{ kind: "asc" }, { rank: "asc" }],
    [{ label: "asc" }, { id: "desc" }],
  ];
  const sort = pick(rng, sorts);
  if (sort) query.sort = sort as never;
  if (rng() < 0.3) query.limit = 1 + Math.floor(rng() * 4);
  if (rng() < 0.2) query.skip = Math.floor(rng() * 3);
  return query;
}

interface Recorded {
  context: string;
  checkpoint: unknown;
  events: unknown[];
}

async function runSequence(seed: number, steps: number): Promise<void> {
  const rng = mulberry32(seed);
  const name = uniqueName(`prop-${seed}`);
  const ledger = await openInstance(ledgerStorage() as unknown as RxStorage<unknown, unknown>, name);
  const memory = await openInstance(getRxStorageMemory() as unknown as RxStorage<unknown, unknown>, name);
  const events: Record<"ledger" | "memory", Recorded[]> = { ledger: [], memory: [] };
  const record = (into: Recorded[]) => (bulk: { context: string; checkpoint: unknown; events: unknown[] }) =>
    into.push({ context: bulk.context, checkpoint: bulk.checkpoint, events: bulk.events });
  ledger.changeStream().subscribe(record(events.ledger));
  memory.changeStream().subscribe(record(events.memory));
  let lwt = 1_000;
  let revs = 0;
  let checkpoint: { id: string; lwt: number } | undefined;
  const both = async <T>(run: (instance: Instance) => Promise<T>, step: number, what: string) => {
    const [a, b] = [await run(ledger), await run(memory)];
    expect(a, `seed ${seed} step ${step}: ${what}`).toEqual(b);
    return b;
  };
  try {
    for (let step = 0; step < steps; step++) {
      const roll = rng();
      if (roll < 0.45) {
        // a bulk write: each row an insert, an update or deletion with the stored revision, or a stale one
        const stored = new Map(
          (await memory.findDocumentsById(IDS, true)).map((d) => [d.id as string, d as Record<string, unknown>]),
        );
        const ids = new Set<string>();
        const size = 1 + Math.floor(rng() * 4);
        while (ids.size < size) ids.add(pick(rng, IDS));
        const rows = [...ids].map((id) => {
          const current = stored.get(id);
          lwt += 1 + Math.floor(rng() * 2);
          const rev = `${(current ? Number.parseInt(String(current._rev), 10) : 0) + 1}-r${revs++}`;
          const document = doc(id, randomFields(rng), { lwt, rev, deleted: !!current && rng() < 0.25 });
          const mode = rng();
          if (!current || mode < 0.1) return { document };
          if (mode < 0.2) return { previous: { ...current, _rev: "9-stale" } as never, document };
          return { previous: current as never, document };
        });
        const context = `write-${step}`;
        await both(
          async (instance) =>
            (await instance.bulkWrite(structuredClone(rows), context)).error.map((error) => ({
              status: error.status,
              documentId: error.documentId,
              documentInDb: (error as { documentInDb?: unknown }).documentInDb,
            })),
          step,
          "bulkWrite errors",
        );
      } else if (roll < 0.7) {
        const query = randomQuery(rng);
        await both(
          async (instance) => (await instance.query(prepared(query))).documents,
          step,
          `query ${JSON.stringify(query)}`,
        );
      } else if (roll < 0.8) {
        const query = randomQuery(rng);
        delete query.limit;
        delete query.skip;
        await both(
          async (instance) => (await instance.count(prepared(query))).count,
          step,
          `count ${JSON.stringify(query)}`,
        );
      } else if (roll < 0.9) {
        const ids = IDS.filter(() => rng() < 0.4);
        const withDeleted = rng() < 0.5;
        await both(
          async (instance) =>
            (await instance.findDocumentsById(ids, withDeleted)).sort((x, y) =>
              String(x.id).localeCompare(String(y.id)),
            ),
          step,
          `findDocumentsById ${ids} ${withDeleted}`,
        );
      } else {
        const limit = 1 + Math.floor(rng() * 5);
        const since = rng() < 0.3 ? undefined : checkpoint;
        const answer = await both(
          async (instance) => {
            // the storage's own (the ledger storage's, over its lwt index), else RxDB's query (memory)
            const result = await getChangedDocumentsSince(instance, limit, since);
            return { documents: result.documents, checkpoint: result.checkpoint };
          },
          step,
          `changes since ${JSON.stringify(since)} limit ${limit}`,
        );
        checkpoint = answer.documents.length > 0 ? (answer.checkpoint as typeof checkpoint) : undefined;
      }
    }
    expect(events.ledger, `seed ${seed}: change events`).toEqual(events.memory);
  } finally {
    await ledger.close();
    await memory.close();
  }
}

describe("ledger storage against RxDB's memory storage", () => {
  const seeds = Number(process.env.LL_STORAGE_SEEDS ?? 40);
  it(`gives the same answers over ${seeds} random sequences of 120 operations`, async () => {
    for (let seed = 1; seed <= seeds; seed++) await runSequence(seed, 120);
  });
});
