// What the top bar says about synchronisation, from the sync status store (src/data/sync-status.ts). Pure: the
// indicator renders it, the tests pin the wording.

export interface SyncSummaryInput {
  online: boolean;
  waiting: number;
  rejected: number;
  outboxPaused: null | "offline" | "retrying" | "unauthorized";
  lastSyncedOn: string | null;
  firstSync: {
    done: boolean;
    collectionsDone: number;
    collectionsTotal: number;
    documentsReceived: number;
    /** documents expected in all (server counts on a first sync), when known */
    documentsExpected?: number | null;
  };
  error: string | null;
  /** the device's storage is full: the last write failed for want of room (src/data/storage-full.ts) */
  storageFull?: boolean;
}

/** First-sync percentage: documents received of those expected when known (capped at 99 until done), else data sets. */
export function firstSyncPercent(firstSync: SyncSummaryInput["firstSync"]): number {
  const { collectionsDone, collectionsTotal, documentsReceived, documentsExpected } = firstSync;
  if (documentsExpected && documentsExpected > 0) {
    return Math.min(99, Math.floor((documentsReceived / documentsExpected) * 100));
  }
  return collectionsTotal > 0 ? Math.round((collectionsDone / collectionsTotal) * 100) : 0;
}

export type SyncTone = "ok" | "busy" | "offline" | "attention";

interface SyncSummary {
  tone: SyncTone;
  /** the short text on the indicator */
  label: string;
  /** one sentence for the tooltip / the review dialog */
  detail: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "just now", "5 min ago", "3 h ago", or a date for anything older than a day. */
export function sinceText(iso: string | null, now: Date): string {
  if (!iso) return "never";
  const then = new Date(iso);
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return then.toISOString().slice(0, 10);
}

/** How many records the first sync has received ("4,200 of 12,000 records"; "4,200 records" without the total). */
export function firstSyncRecords(firstSync: SyncSummaryInput["firstSync"]): string {
  const { documentsReceived, documentsExpected } = firstSync;
  const count = (n: number) => n.toLocaleString("en-US");
  return documentsExpected
    ? `${count(documentsReceived)} of ${count(Math.max(documentsExpected, documentsReceived))} records`
    : `${count(documentsReceived)} ${documentsReceived === 1 ? "record" : "records"}`;
}

export function syncSummary(status: SyncSummaryInput, now: Date): SyncSummary {
  const last = `Last synced ${sinceText(status.lastSyncedOn, now)}.`;
  const waiting = status.waiting > 0 ? ` ${plural(status.waiting, "change")} waiting to be sent.` : "";
  if (status.rejected > 0) {
    return {
      tone: "attention",
      label: `${plural(status.rejected, "change")} rejected`,
      detail: `The server refused ${plural(status.rejected, "change")}: review, fix and resend, or discard.${waiting}`,
    };
  }
  if (!status.online) {
    return {
      tone: "offline",
      label: status.waiting > 0 ? `Offline · ${status.waiting} waiting` : "Offline",
      detail: `Working offline: changes are kept on this device and sent when the network returns.${waiting} ${last}`,
    };
  }
  if (status.outboxPaused === "unauthorized") {
    return {
      tone: "attention",
      label: "Sign in to sync",
      detail: `Your session has ended. Sign in again as the same user to send what is waiting.${waiting}`,
    };
  }
  if (status.storageFull) {
    const stored = status.firstSync.done ? "" : ` (${firstSyncRecords(status.firstSync)} stored so far)`;
    return {
      tone: "attention",
      label: "Storage full",
      detail: `This device has no room left for this account's data${stored}. Free up space on the device (a private window allows less): the sync goes on by itself from where it stopped.${waiting}`,
    };
  }
  if (!status.firstSync.done && status.firstSync.collectionsTotal > 0) {
    const { collectionsDone, collectionsTotal } = status.firstSync;
    const records = firstSyncRecords(status.firstSync);
    return {
      tone: "busy",
      label: `Syncing ${firstSyncPercent(status.firstSync)}%`,
      detail: `First sync of this account on this device: ${collectionsDone} of ${collectionsTotal} data sets, ${records} received.`,
    };
  }
  if (status.waiting > 0) {
    return {
      tone: "busy",
      label: `Sending ${status.waiting}`,
      detail: `${plural(status.waiting, "change")} waiting to be sent${status.outboxPaused === "retrying" ? " (retrying)" : ""}. ${last}`,
    };
  }
  if (status.error) {
    return {
      tone: "attention",
      label: "Sync delayed",
      detail: `The latest data could not be fetched: ${status.error}. ${last}`,
    };
  }
  return { tone: "ok", label: "Synced", detail: `Everything is up to date. ${last}` };
}
