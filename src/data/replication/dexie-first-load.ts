// The first load's shortcut on RxDB's Dexie storage (docs/REPLICATION.md "First load"): while a first load writes a
// part, the storage's read of those very documents before it writes them (its conflict check: one IndexedDB get a
// document, about a fifth of the first sync's main-thread time at 50,000 holdings) is answered "not stored" without
// reading. It patches `bulkGet` on the Dexie table inside RxDB's storage, so it relies on how RxDB's Dexie storage
// writes: it runs only on the RxDB and Dexie versions it was verified on (VERIFIED_ON; package.json pins both), and
// on any other the write takes the ordinary path (the storage reads as usual).
import { Dexie } from "dexie";
import { RXDB_VERSION, type RxCollection } from "rxdb";
import { type DexieInternals, dexieInternals } from "../live-query.ts";

interface Versions {
  rxdb: string;
  dexie: string;
}

/** The versions the shortcut was verified on (tests/sync/replication.test.ts, the first-sync browser test). */
export const VERIFIED_ON: Versions = { rxdb: "17.6.0", dexie: "4.4.2" };

/** The versions installed (as bundled). */
const INSTALLED: Versions = { rxdb: RXDB_VERSION, dexie: Dexie.semVer };

type DexieTable = NonNullable<DexieInternals["dexieTable"]>;

/**
 * Only a read of exactly the part's ids is answered "not stored": that is the write's own read (a first load writes
 * a collection that held nothing; this tab has no other writer of a read model meanwhile). A document another tab
 * stored in the meantime is then overwritten by the server's version, the first load's policy, and announced as an
 * insert. Returns the function that ends it; on versions other than VERIFIED_ON nothing is patched.
 */
export function answerAbsent(table: DexieTable, ids: readonly unknown[], installed: Versions = INSTALLED): () => void {
  if (installed.rxdb !== VERIFIED_ON.rxdb || installed.dexie !== VERIFIED_ON.dexie) return () => {};
  const absent = new Set(ids);
  const own = Object.hasOwn(table, "bulkGet");
  const original = table.bulkGet;
  table.bulkGet = function (this: unknown, keys: unknown[]) {
    if (keys.length > 0 && keys.every((key) => absent.has(key))) return Promise.resolve(keys.map(() => undefined));
    return original.call(this, keys);
  };
  return () => {
    if (own) table.bulkGet = original;
    else delete (table as Partial<DexieTable>).bulkGet;
  };
}

/** answerAbsent on the collection's Dexie table; nothing on any other storage (memory in tests). */
export async function answerAbsentIn(collection: RxCollection, ids: readonly unknown[]): Promise<() => void> {
  const table = (await dexieInternals(collection))?.dexieTable;
  return table ? answerAbsent(table, ids) : () => {};
}
