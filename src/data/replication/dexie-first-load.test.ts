// The Dexie first-load shortcut runs only on the RxDB and Dexie versions it was verified on; on any other the
// storage's read goes to Dexie as usual (no patch). The shortcut itself on RxDB's Dexie storage is covered by
// tests/sync/replication.test.ts ("on the Dexie storage, a first load reads none of the documents it inserts").
import { readFileSync } from "node:fs";
import { createRxDatabase } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { describe, expect, it } from "vitest";
import { firstLoadReads } from "./dexie-first-load.fixture.ts";
import { answerAbsent, answerAbsentIn, VERIFIED_ON } from "./dexie-first-load.ts";

/** A stand-in for the Dexie table: bulkGet on its prototype (as Dexie's Table), recording what it was asked. */
function table() {
  const asked: unknown[][] = [];
  const proto = {
    bulkGet(keys: unknown[]) {
      asked.push(keys);
      return Promise.resolve(keys.map((key) => ({ id: key, stored: true })));
    },
  };
  const t = Object.create(proto) as {
    bulkGet(keys: unknown[]): Promise<unknown[]>;
    limit(): never;
    where(): never;
  };
  return { t, proto, asked };
}

describe("the Dexie first-load shortcut", () => {
  it("answers the write's own read 'not stored' on the verified versions, other reads as usual, and ends cleanly", async () => {
    const { t, proto, asked } = table();
    const release = answerAbsent(t, ["a", "b"], { ...VERIFIED_ON });
    expect(Object.hasOwn(t, "bulkGet")).toBe(true);
    expect(await t.bulkGet(["a", "b"])).toEqual([undefined, undefined]);
    expect(asked).toEqual([]);
    expect(await t.bulkGet(["a", "c"])).toEqual([
      { id: "a", stored: true },
      { id: "c", stored: true },
    ]);
    expect(asked).toEqual([["a", "c"]]);
    release();
    expect(Object.hasOwn(t, "bulkGet")).toBe(false);
    expect(t.bulkGet).toBe(proto.bulkGet);
  });

  for (const [which, versions] of [
    ["RxDB", { ...VERIFIED_ON, rxdb: "17.7.0" }],
    ["Dexie", { ...VERIFIED_ON, dexie: "4.4.3" }],
  ] as const) {
    it(`patches nothing when the installed ${which} is not the verified one: the storage reads as usual`, async () => {
      const { t, proto, asked } = table();
      const release = answerAbsent(t, ["a", "b"], versions);
      expect(Object.hasOwn(t, "bulkGet")).toBe(false);
      expect(t.bulkGet).toBe(proto.bulkGet);
      // the ordinary path: the write's own read goes to the table and finds what is stored
      expect(await t.bulkGet(["a", "b"])).toEqual([
        { id: "a", stored: true },
        { id: "b", stored: true },
      ]);
      expect(asked).toEqual([["a", "b"]]);
      release();
      expect(t.bulkGet).toBe(proto.bulkGet);
    });
  }

  it("restores a bulkGet the table held itself", async () => {
    const { t, asked } = table();
    const own = (keys: unknown[]) => {
      asked.push(keys);
      return Promise.resolve(keys.map(() => "own"));
    };
    t.bulkGet = own;
    const release = answerAbsent(t, ["a"], { ...VERIFIED_ON });
    expect(await t.bulkGet(["a"])).toEqual([undefined]);
    release();
    expect(t.bulkGet).toBe(own);
  });

  it("runs on the installed versions, which package.json pins exactly", () => {
    const { t } = table();
    const release = answerAbsent(t, ["a"]);
    expect(Object.hasOwn(t, "bulkGet"), "installed RxDB and Dexie are the verified ones").toBe(true);
    release();
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect({ rxdb: pkg.dependencies.rxdb, dexie: pkg.dependencies.dexie }).toEqual(VERIFIED_ON);
  });

  it("does nothing on a storage other than Dexie", async () => {
    const db = await createRxDatabase({ name: `dexie-guard-${crypto.randomUUID()}`, storage: getRxStorageMemory() });
    try {
      await db.addCollections({
        items: {
          schema: {
            version: 0,
            primaryKey: "id",
            type: "object",
            properties: { id: { type: "string", maxLength: 40 } },
            required: ["id"],
          },
        },
      });
      const release = await answerAbsentIn(db.collections.items as never, ["a"]);
      expect(typeof release).toBe("function");
      release();
    } finally {
      await db.remove();
    }
  });

  it("on RxDB's Dexie storage, a first load's write reads none of its documents (the installed, verified versions)", async () => {
    const { reads, stored } = await firstLoadReads();
    expect(stored).toEqual(["a", "b", "c"]);
    expect(reads).toBe(0);
  });
});
