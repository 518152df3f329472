// What became of the last corporate action this device queued on a card: waiting to sync, or refused by the server
// with its reason (the server checks every rule again when the command arrives). An accepted one says nothing: the
// holdings the pull brings show it.
import type { PendingEntry } from "../../data/pending-lists.ts";
import { mutedText, SyncMark } from "../../ui/index.ts";

export function ActionStatus({ entries, waiting }: { entries: readonly PendingEntry[]; waiting: string }) {
  const last = entries.at(-1);
  if (!last || last.mark.status === "accepted") return null;
  return (
    <p className={mutedText} data-testid="action-status">
      {last.mark.status === "pending" && waiting}
      <SyncMark mark={last.mark} />
    </p>
  );
}
