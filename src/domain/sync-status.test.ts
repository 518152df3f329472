import { describe, expect, it } from "vitest";
import { firstSyncRecords, type SyncSummaryInput, sinceText, syncSummary } from "./sync-status.ts";

const now = new Date("2026-11-22T12:00:00Z");
const base: SyncSummaryInput = {
  online: true,
  waiting: 0,
  rejected: 0,
  outboxPaused: null,
  lastSyncedOn: "2026-11-22T11:55:00Z",
  firstSync: { done: true, collectionsDone: 11, collectionsTotal: 11, documentsReceived: 420 },
  error: null,
};

describe("sync summary", () => {
  it("says synced with the last sync time when nothing waits", () => {
    expect(syncSummary(base, now)).toEqual({
      tone: "ok",
      label: "Synced",
      detail: "Everything is up to date. Last synced 5 min ago.",
    });
  });
  it("offline shows how many changes wait", () => {
    const summary = syncSummary({ ...base, online: false, waiting: 3 }, now);
    expect(summary.tone).toBe("offline");
    expect(summary.label).toBe("Offline · 3 waiting");
    expect(summary.detail).toContain("3 changes waiting to be sent.");
  });
  it("rejected changes take precedence and ask for review", () => {
    const summary = syncSummary({ ...base, online: false, rejected: 1, waiting: 2 }, now);
    expect(summary).toMatchObject({ tone: "attention", label: "1 change rejected" });
    expect(summary.detail).toContain("review, fix and resend, or discard");
  });
  it("first sync shows progress", () => {
    const firstSync = { done: false, collectionsDone: 3, collectionsTotal: 12, documentsReceived: 1 };
    expect(syncSummary({ ...base, firstSync }, now)).toMatchObject({ tone: "busy", label: "Syncing 25%" });
  });
  it("first sync counts documents against the expected total when the server gave one", () => {
    const firstSync = {
      done: false,
      collectionsDone: 1,
      collectionsTotal: 11,
      documentsReceived: 4_200,
      documentsExpected: 12_000,
    };
    const summary = syncSummary({ ...base, firstSync }, now);
    expect(summary).toMatchObject({ tone: "busy", label: "Syncing 35%" });
    expect(summary.detail).toContain("4,200 of 12,000 records received");
    // an estimate: never 100% before the sync has ended
    expect(syncSummary({ ...base, firstSync: { ...firstSync, documentsReceived: 12_500 } }, now).label).toBe(
      "Syncing 99%",
    );
  });
  it("counts the first sync's records against the server's total, or alone without one", () => {
    const firstSync = { done: false, collectionsDone: 0, collectionsTotal: 11, documentsReceived: 1_500 };
    expect(firstSyncRecords({ ...firstSync, documentsExpected: 170_018 })).toBe("1,500 of 170,018 records");
    expect(firstSyncRecords({ ...firstSync, documentsExpected: 1_000 })).toBe("1,500 of 1,500 records");
    expect(firstSyncRecords({ ...firstSync, documentsExpected: null })).toBe("1,500 records");
    expect(firstSyncRecords({ ...firstSync, documentsReceived: 1, documentsExpected: null })).toBe("1 record");
  });
  it("an ended session asks to sign in; online with waiting commands says sending", () => {
    expect(syncSummary({ ...base, outboxPaused: "unauthorized", waiting: 1 }, now).label).toBe("Sign in to sync");
    expect(syncSummary({ ...base, waiting: 2 }, now).label).toBe("Sending 2");
  });
  it("a full storage says so, over the first sync's progress, with what is stored so far", () => {
    const firstSync = {
      done: false,
      collectionsDone: 6,
      collectionsTotal: 11,
      documentsReceived: 520_000,
      documentsExpected: 680_044,
    };
    const summary = syncSummary({ ...base, firstSync, storageFull: true, error: "QuotaExceededError" }, now);
    expect(summary).toMatchObject({ tone: "attention", label: "Storage full" });
    expect(summary.detail).toContain("This device has no room left for this account's data (520,000 of 680,044");
    expect(summary.detail).toContain("the sync goes on by itself from where it stopped");
    expect(syncSummary({ ...base, storageFull: true }, now).detail).toContain("account's data. Free up space");
  });
  it("writes relative times", () => {
    expect(sinceText(null, now)).toBe("never");
    expect(sinceText("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(sinceText("2026-11-22T09:00:00Z", now)).toBe("3 h ago");
    expect(sinceText("2026-11-20T09:00:00Z", now)).toBe("2026-11-20");
  });
});
