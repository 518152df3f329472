// The page side of the bootstrap alone (fake runner, memory storage): where it runs (a browser, the app's storage), the fallback to the
// ordinary first load on a refusal (from where it got to), the device's marker (resume and done), and the lock that
// makes a second tab wait and take the first one's checkpoint.
import { createRxDatabase, type RxCollection, type RxDatabase } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import type { LocalDatabase } from "../database.ts";
import { testSchema } from "../fixture.ts";
import { type BootstrapRunner, browserBootstrapper, createBootstrapper, type MarkerStore } from "./index.ts";
import type { LoadModelResult } from "./load.ts";

let db: RxDatabase | null = null;
let counter = 0;

afterEach(async () => {
  await db?.remove();
  db = null;
});

async function collection(): Promise<RxCollection<unknown>> {
  db = await createRxDatabase({ name: `bootstrap-unit-${++counter}`, storage: getRxStorageMemory() });
  await db.addCollections({
    holdings: {
      schema: testSchema({ amount: { type: "string" } }),
    },
  });
  return db.collections.holdings as unknown as RxCollection<unknown>;
}

function memoryStore(): MarkerStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => (values.get(key) as never) ?? null,
    set: (key, marker) => void values.set(key, marker),
  };
}

/** A runner that answers `result` after reporting `pages` written pages, and records what it was asked. */
function fakeRunner(result: LoadModelResult, pages: string[] = []) {
  const asked: Array<string | null> = [];
  const runner: BootstrapRunner = {
    async run({ resume, collection }, written) {
      asked.push(resume);
      for (const [i, token] of pages.entries()) {
        await collection.insert({ id: `h${i}`, amount: "1" });
        written(1, token);
      }
      return result;
    },
    stop() {},
  };
  return { runner, asked };
}

describe("the bootstrap on the page", () => {
  it("runs only in a browser, on the app's storage (no version guard: the worker writes through the storage)", () => {
    // Node: no Web Worker, no bootstrap (the ordinary first load)
    expect(browserBootstrapper({} as LocalDatabase, { pullUrl: "/api/v2/pull" } as never)).toBeNull();
  });

  it("counts the written pages, keeps the resume token, and marks the model done with its checkpoint", async () => {
    const holdings = await collection();
    const store = memoryStore();
    const { runner } = fakeRunner(
      {
        status: "done",
        checkpoint: { txid: "9", seq: 3 },
        last: [{ id: "h1", amount: "1" }],
        resume: "v1.holdings.9.3",
      },
      ["v1.holdings.5.1", "v1.holdings.7.2"],
    );
    const model = createBootstrapper({ db: db as unknown as LocalDatabase, runner, store }).forModel(
      "holdings",
      holdings,
    );
    let counted = 0;
    const outcome = await model.run((n) => {
      counted += n;
    });
    expect(counted).toBe(2);
    expect(outcome).toEqual({ complete: true, checkpoint: { txid: "9", seq: 3 }, last: [{ id: "h1", amount: "1" }] });
    expect([...store.values.values()]).toEqual([{ done: { txid: "9", seq: 3 } }]);
    expect(await model.pending()).toBe(false);
  });

  it("falls back to the ordinary first load on a refusal, from where it got to", async () => {
    const holdings = await collection();
    const refusedAtOnce = fakeRunner({ status: "refused", httpStatus: 404, resume: null });
    const first = createBootstrapper({
      db: db as unknown as LocalDatabase,
      runner: refusedAtOnce.runner,
      store: memoryStore(),
    });
    expect(await first.forModel("holdings", holdings).run(() => {})).toBeNull();

    const store = memoryStore();
    const halfway = fakeRunner({ status: "refused", httpStatus: 403, resume: "v1.holdings.7.2" }, ["v1.holdings.7.2"]);
    const model = createBootstrapper({ db: db as unknown as LocalDatabase, runner: halfway.runner, store }).forModel(
      "holdings",
      holdings,
    );
    expect(await model.run(() => {})).toEqual({ complete: false, checkpoint: { txid: "7", seq: "2" }, last: [] });
    // the marker says where it got to: a restart resumes from it
    expect(await model.pending()).toBe(true);
    const again = fakeRunner({
      status: "done",
      checkpoint: { txid: "8", seq: 1 },
      last: [],
      resume: "v1.holdings.8.1",
    });
    await createBootstrapper({ db: db as unknown as LocalDatabase, runner: again.runner, store })
      .forModel("holdings", holdings)
      .run(() => {});
    expect(again.asked).toEqual(["v1.holdings.7.2"]);
  });

  it("makes a second tab wait for the first one's bootstrap and take its checkpoint without a request", async () => {
    const holdings = await collection();
    const store = memoryStore();
    const first = fakeRunner(
      {
        status: "done",
        checkpoint: { txid: "9", seq: 3 },
        last: [{ id: "h0", amount: "1" }],
        resume: "v1.holdings.9.3",
      },
      ["v1.holdings.5.1"],
    );
    const second = fakeRunner({ status: "done", checkpoint: { txid: "0", seq: 0 }, last: [], resume: "" });
    const local = db as unknown as LocalDatabase;
    const [a, b] = await Promise.all([
      createBootstrapper({ db: local, runner: first.runner, store })
        .forModel("holdings", holdings)
        .run(() => {}),
      createBootstrapper({ db: local, runner: second.runner, store })
        .forModel("holdings", holdings)
        .run(() => {}),
    ]);
    expect(first.asked).toEqual([null]);
    expect(second.asked).toEqual([]);
    expect(b?.checkpoint).toEqual(a?.checkpoint);
    expect(b?.last).toEqual([{ id: "h0", amount: "1" }]);
  });
});
