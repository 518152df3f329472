// PGlite has no autovacuum: the server analyzes the embedded database at start and again once the change log has
// grown by REFRESH_AFTER_CHANGES (sync/db/statistics.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESH_AFTER_CHANGES, startStatisticsRefresh } from "../../sync/db/statistics.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function lastAnalyzed(table: string): Promise<Date | null> {
  const { rows } = await t.server.db.query<{ at: Date | null }>(
    "select last_analyze as at from pg_stat_user_tables where schemaname = 'app_public' and relname = $1",
    [table],
  );
  return rows[0]?.at ?? null;
}

describe("planner statistics on the embedded database", () => {
  it("are gathered when the server starts", async () => {
    await expect.poll(() => lastAnalyzed("customers"), { timeout: 10_000 }).not.toBeNull();
  });

  it("are gathered again only once the change log has grown enough", async () => {
    const refresh = startStatisticsRefresh(t.server.db, { intervalMs: 3_600_000 });
    try {
      await expect.poll(() => refresh.refresh(), { timeout: 10_000 }).toBe(false);
      const before = await lastAnalyzed("holdings");
      await t.server.db.query(
        `insert into app_private.changes (model, doc_id, audience)
         select 'customers', gen_random_uuid(), '{}' from generate_series(1, $1::int)`,
        [REFRESH_AFTER_CHANGES],
      );
      expect(await refresh.refresh()).toBe(true);
      const after = await lastAnalyzed("holdings");
      expect(after?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
      expect(await refresh.refresh()).toBe(false);
    } finally {
      await refresh.stop();
    }
  });
});
