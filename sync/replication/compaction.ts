// Keeps the change log bounded by the number of documents: every few minutes, changes superseded by a later change
// of the same document (below the safe watermark, with an audience that covers the earlier one's) are deleted.
// Safe at any time and from several server processes: a device's checkpoint is still before the later change.
import type { Database } from "../db/database.ts";
import { type Runner, startRunner } from "../runners/runner.ts";

/** The compaction runner: one statement a pass, every `intervalMs` (default 5 minutes), in the process that leads it. */
export function changeCompaction(db: Database, intervalMs = 5 * 60_000): Runner {
  return {
    name: "compaction",
    channel: null,
    intervalMs,
    runAtStart: false,
    async step() {
      const { rows } = await db.query<{ removed: string }>("select app_private.compact_changes()::text as removed");
      return { done: Number(rows[0]?.removed ?? 0), more: false };
    },
  };
}

interface ChangeCompaction {
  /** Runs one compaction now; resolves to the number of changes removed. */
  runOnce(): Promise<number>;
  stop(): void;
}

/** The compaction runner on its own (tests); the server starts it with the other runners. */
export function startChangeCompaction(
  db: Database,
  options: { intervalMs?: number; leads?: () => boolean } = {},
): ChangeCompaction {
  const runner = startRunner(changeCompaction(db, options.intervalMs), { leads: options.leads });
  return { runOnce: runner.run, stop: () => void runner.close() };
}
