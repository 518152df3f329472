// The first sync's progress: documents received (published at most every 250 ms) against what the server counted,
// collections done, the last clean sync, and whether the device started empty.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";
import { createProgressTracker, EXPECTED_COUNTS_QUERIES, fetchExpectedCounts, type SyncProgress } from "./progress.ts";

const models: ReadModelName[] = ["customers", "holdings"];
const NOW = new Date("2026-03-04T05:06:07.000Z");

function tracker() {
  const progress = createProgressTracker(models, () => NOW);
  let last: SyncProgress | null = null;
  progress.progress$.subscribe((value) => {
    last = value;
  });
  return { progress, last: () => last as unknown as SyncProgress };
}

describe("first-sync progress", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts with nothing known", () => {
    const { last } = tracker();
    expect(last()).toEqual({
      collectionsDone: 0,
      collectionsTotal: 2,
      documentsReceived: 0,
      documentsExpected: null,
      lastSyncedOn: null,
      streamConnected: false,
      error: null,
      storageFull: false,
      fromEmpty: null,
    });
  });

  it("publishes documents received at most every 250 ms, and at once when a collection is done", () => {
    const { progress, last } = tracker();
    progress.countReceived("customers");
    progress.countReceived("customers");
    expect(last().documentsReceived).toBe(0);
    vi.advanceTimersByTime(250);
    expect(last().documentsReceived).toBe(2);
    progress.countReceived("holdings");
    progress.collectionDone("holdings");
    expect(last()).toMatchObject({ documentsReceived: 3, collectionsDone: 1, lastSyncedOn: null });
    progress.collectionDone("customers");
    expect(last()).toMatchObject({ collectionsDone: 2, lastSyncedOn: NOW.toISOString() });
  });

  it("counts against the server's counts on a first sync: done collections by what they received", async () => {
    const { progress, last } = tracker();
    await progress.measureFirstSync(
      async () => 0,
      async () =>
        new Map<ReadModelName, number>([
          ["customers", 3],
          ["holdings", 10],
        ]),
    );
    expect(last()).toMatchObject({ fromEmpty: true, documentsExpected: 13, documentsReceived: 0 });
    for (let i = 0; i < 4; i++) progress.countReceived("customers");
    progress.collectionDone("customers");
    // customers done with 4 (more than counted), holdings still expected at 10
    expect(last()).toMatchObject({ documentsExpected: 14, documentsReceived: 4 });
  });

  it("is no first sync when the device holds more than it received, and then asks for no counts", async () => {
    const { progress, last } = tracker();
    progress.countReceived("customers");
    let asked = false;
    await progress.measureFirstSync(
      async () => 5,
      async () => {
        asked = true;
        return new Map();
      },
    );
    expect(last()).toMatchObject({ fromEmpty: false, documentsExpected: null });
    expect(asked).toBe(false);
  });

  it("stamps the last sync when every collection is done and idle without failure, clearing the error", () => {
    const { progress, last } = tracker();
    progress.patch({ error: "down" });
    progress.allIdle(true);
    expect(last()).toMatchObject({ lastSyncedOn: null, error: "down" });
    progress.collectionDone("customers");
    progress.collectionDone("holdings");
    progress.patch({ lastSyncedOn: null });
    progress.allIdle(false);
    expect(last()).toMatchObject({ lastSyncedOn: null, error: "down" });
    progress.allIdle(true);
    expect(last()).toMatchObject({ lastSyncedOn: NOW.toISOString(), error: null });
  });

  it("publishes nothing more after stop", () => {
    const { progress, last } = tracker();
    progress.countReceived("customers");
    progress.stop();
    vi.advanceTimersByTime(1_000);
    expect(last().documentsReceived).toBe(0);
  });
});

describe("the server's counts", () => {
  function transport(status: number, body: unknown) {
    const sent: unknown[] = [];
    const t = {
      graphqlUrl: "/api/v2/graphql",
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(body), { status });
      }) as typeof fetch,
    } as SyncTransport;
    return { t, sent };
  }

  it("reads each model's totalCount", async () => {
    const { t, sent } = transport(200, {
      data: { customers: { totalCount: 7 }, holdings: { totalCount: 0 }, assets: { totalCount: 9 } },
    });
    expect(await fetchExpectedCounts(t, models)).toEqual(
      new Map([
        ["customers", 7],
        ["holdings", 0],
      ]),
    );
    expect(sent).toEqual([
      { query: EXPECTED_COUNTS_QUERIES[0], operationName: "firstSyncCounts" },
      { query: EXPECTED_COUNTS_QUERIES[1], operationName: "firstSyncCountsOfRecords" },
    ]);
  });

  it("gives null when the server did not answer", async () => {
    expect(await fetchExpectedCounts(transport(500, {}).t, models)).toBeNull();
    expect(await fetchExpectedCounts(transport(200, { errors: [{ message: "x" }] }).t, models)).toBeNull();
  });
});
