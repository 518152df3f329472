// Planner statistics for the embedded database. PostgreSQL's autovacuum daemon keeps them fresh on a real cluster;
// PGlite runs no background workers, so its statistics stay those of the empty tables the migrations created and the
// planner keeps choosing plans for empty tables as the data grows (make_customer cost 2-3x more after 1,500
// contacts, bench/README.md). Here the server analyzes the database itself: once at start, and then whenever the
// change log (every write of a replicated table adds to it) has grown by REFRESH_AFTER_CHANGES since the last time,
// checked every CHECK_INTERVAL_MS. A whole-database ANALYZE samples at most 30,000 rows a table (a few hundred ms).
import type { Database } from "./database.ts";

export const REFRESH_AFTER_CHANGES = 2_000;
const CHECK_INTERVAL_MS = 60_000;

export interface StatisticsRefresh {
  /** Analyzes now if the change log grew enough since the last time (always when `force`); true if it ran. */
  refresh(options?: { force?: boolean }): Promise<boolean>;
  /** Stops the timer; resolves when a refresh under way has ended. */
  stop(): Promise<void>;
}

async function changeLogPosition(db: Database): Promise<bigint> {
  const { rows } = await db.query<{ position: string }>(
    "select coalesce((select max(seq) from app_private.changes), 0)::text as position",
  );
  return BigInt(rows[0]?.position ?? "0");
}

export function startStatisticsRefresh(db: Database, options: { intervalMs?: number } = {}): StatisticsRefresh {
  let analyzedAt: bigint | null = null;
  let running: Promise<boolean> | null = null;
  const refresh = ({ force = false } = {}) => {
    running ??= (async () => {
      const position = await changeLogPosition(db);
      if (!force && analyzedAt !== null && position - analyzedAt < BigInt(REFRESH_AFTER_CHANGES)) return false;
      await db.query("analyze");
      analyzedAt = position;
      return true;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const report = (error: unknown) => console.error("statistics refresh failed:", error);
  const timer = setInterval(() => void refresh().catch(report), options.intervalMs ?? CHECK_INTERVAL_MS);
  timer.unref?.();
  void refresh({ force: true }).catch(report);
  return {
    refresh,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => false);
    },
  };
}
