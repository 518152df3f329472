// The embedded database persists in its data directory: a restart finds its migrations recorded (none re-applied),
// its demo data kept (not seeded twice) and its sessions still valid.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { makeClient, startTestServer } from "../helpers/server.ts";

const dataDir = mkdtempSync(join(tmpdir(), "ledgerline-data-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("applies migrations once, seeds once and keeps sessions across a restart with a persisted data dir", async () => {
  const first = await startTestServer({ dataDir });
  expect(first.server.seeded).toBe(true);
  const migrations = await first.server.db.query<{ name: string; applied_on: string }>(
    "select name, applied_on::text from app_private.migrations order by name",
  );
  expect(migrations.rows.map((row) => row.name)).toContain("0000_baseline.sql");
  const users = await first.server.db.query<{ n: number }>("select count(*)::int as n from app_public.users");
  const client = first.client();
  expect((await client.signIn("investor@demo.test")).status).toBe(200);
  const cookie = client.session;
  await first.close();

  const second = await startTestServer({ dataDir });
  try {
    expect(second.server.seeded).toBe(false);
    const again = await second.server.db.query<{ name: string; applied_on: string }>(
      "select name, applied_on::text from app_private.migrations order by name",
    );
    expect(again.rows).toEqual(migrations.rows);
    const usersAgain = await second.server.db.query<{ n: number }>("select count(*)::int as n from app_public.users");
    expect(usersAgain.rows[0]?.n).toBe(users.rows[0]?.n);

    const reused = await makeClient(second.url).fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `ll_session=${cookie}` },
      body: JSON.stringify({ query: "{ currentUser { firstName } }" }),
    });
    expect(reused.status).toBe(200);
    expect(await reused.json()).toEqual({ data: { currentUser: { firstName: "Emma" } } });
  } finally {
    await second.close();
  }
});
