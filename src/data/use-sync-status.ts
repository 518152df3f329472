// React binding of the sync status store for the top bar.
import { useSyncExternalStore } from "react";
import { type SyncStatus, syncStatus } from "./sync-status.ts";

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.getSnapshot, syncStatus.getSnapshot);
}
