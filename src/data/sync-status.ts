// The sync status the top bar shows: online or offline, commands waiting, rejected commands, the last successful
// sync and the first sync's progress. One store for the page, fed by the open local data (local-data.ts);
// read it with subscribe/getSnapshot (React: useSyncExternalStore, see use-sync-status.ts).

export interface SyncStatus {
  /** the browser believes it has a network */
  online: boolean;
  /** the live change stream is connected */
  streamConnected: boolean;
  /** commands stored and not yet answered */
  waiting: number;
  /** commands the server refused, kept for review */
  rejected: number;
  /** why commands are not being sent now: offline, retrying after a failure, or the session expired */
  outboxPaused: null | "offline" | "retrying" | "unauthorized";
  /** the last time every replica was up to date with the server (ISO) */
  lastSyncedOn: string | null;
  /** first sync of this account on this device: done when every collection has pulled once */
  firstSync: {
    done: boolean;
    collectionsDone: number;
    collectionsTotal: number;
    documentsReceived: number;
    /** documents the first sync brings in all (the server's counts), when this device started empty */
    documentsExpected: number | null;
    /**
     * this device held nothing of the account when the sync started (a true first sync: screens over large
     * collections wait for it to end), false when it held data (a catch-up), null until known
     */
    fromEmpty?: boolean | null;
  };
  /** the last pull error, if the replicas could not be refreshed */
  error: string | null;
  /** the last write failed because the device's storage is full (cleared by the next write that succeeds) */
  storageFull: boolean;
}

const INITIAL_SYNC_STATUS: SyncStatus = {
  online: typeof navigator === "undefined" ? true : navigator.onLine !== false,
  streamConnected: false,
  waiting: 0,
  rejected: 0,
  outboxPaused: null,
  lastSyncedOn: null,
  firstSync: {
    done: false,
    collectionsDone: 0,
    collectionsTotal: 0,
    documentsReceived: 0,
    documentsExpected: null,
    fromEmpty: null,
  },
  error: null,
  storageFull: false,
};

export interface SyncStatusStore {
  getSnapshot(): SyncStatus;
  subscribe(listener: () => void): () => void;
  update(patch: Partial<SyncStatus>): void;
  reset(): void;
}

export function createSyncStatusStore(initial: SyncStatus = INITIAL_SYNC_STATUS): SyncStatusStore {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      const next = { ...snapshot, ...patch };
      if (
        Object.keys(patch).every((key) => Object.is(next[key as keyof SyncStatus], snapshot[key as keyof SyncStatus]))
      )
        return;
      snapshot = next;
      for (const listener of listeners) listener();
    },
    reset() {
      snapshot = { ...initial, online: typeof navigator === "undefined" ? true : navigator.onLine !== false };
      for (const listener of listeners) listener();
    },
  };
}

/** The page's sync status (the top bar reads this one). */
export const syncStatus = createSyncStatusStore();
