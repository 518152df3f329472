// On an RxDB version other than the one the Dexie shortcut was verified on, a first load's write takes the ordinary
// path: nothing is patched, the storage reads each document before writing it, and the documents are stored all the
// same. (dexie-first-load.test.ts: the same write with the installed versions reads none.)
import { describe, expect, it, vi } from "vitest";
import { firstLoadReads } from "./dexie-first-load.fixture.ts";

vi.mock("rxdb", async (importOriginal) => ({
  ...(await importOriginal<typeof import("rxdb")>()),
  RXDB_VERSION: "17.7.0",
}));

describe("the Dexie first-load shortcut on another RxDB version", () => {
  it("is not used: the storage reads the documents it writes, and stores them", async () => {
    const { reads, stored } = await firstLoadReads();
    expect(stored).toEqual(["a", "b", "c"]);
    expect(reads).toBeGreaterThanOrEqual(3);
  });
});
