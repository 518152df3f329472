// Keeps the change log bounded by the number of documents: every few minutes, changes superseded by a later change
// of the same document (below the safe watermark, with an audience that covers the earlier one's) are deleted.
// Safe at any time and from several server processes: a device's checkpoint is still before the later change.
import type { Database } from "../db/database.ts";

interface ChangeCompaction {
  /** Runs one compaction now; resolves to the number of changes removed. */
  runOnce(): Promise<number>;
  stop(): void;
}

export function startChangeCompaction(
  db: Database,
  options: { intervalMs?: number; leads?: () => boolean } = {},
): ChangeCompaction {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const leads = options.leads ?? (() => true);
  let running: Promise<number> | null = null;
  const runOnce = () => {
    // one process compacts (it holds the compaction runner's lock, sync/db/runner-locks.ts)
    if (!leads()) return Promise.resolve(0);
    running ??= db
      .query<{ removed: string }>("select app_private.compact_changes()::text as removed")
      .then(({ rows }) => Number(rows[0]?.removed ?? 0))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => console.error("change log compaction failed:", error));
  }, intervalMs);
  timer.unref?.();
  return { runOnce, stop: () => clearInterval(timer) };
}
