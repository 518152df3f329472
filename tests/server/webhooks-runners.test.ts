// Two webhook runners on one database (docs/API.md "Webhooks"), as two server processes would be if both believed
// they led the webhooks runner (a lock handover, a partition): each delivery is claimed by one runner
// (app_private.claim_webhook_deliveries, FOR UPDATE SKIP LOCKED, a lease), so the receiver gets every delivery once.
// On a real PostgreSQL with a pool per runner, where the claims truly overlap (PGlite, one connection shared, only
// where PostgreSQL's binaries are not installed: tests/server/webhooks.test.ts runs two runners on it already).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS } from "../../src/domain/webhooks.ts";
import { type Database, wrapPool } from "../../sync/db/database.ts";
import { startRunner } from "../../sync/runners/runner.ts";
import { prepareWebhooks, webhookDeliveries } from "../../sync/webhooks/runner.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

const DELIVERIES = 20;
const postgres = testTargets.filter((target) => target.name === "postgres");
let receiver: Server;
let receiverUrl = "";
const received: string[] = [];

beforeAll(async () => {
  // answers a little later, so the two runners' batches overlap
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(String(req.headers[WEBHOOK_HEADERS.id]));
      setTimeout(() => res.writeHead(200).end("ok"), 10);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await stopTestClusters();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe.each(postgres.length > 0 ? postgres : testTargets)("two webhook runners on one database ($name)", (target) => {
  const open: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of open.reverse()) await close();
  });

  it("sends every delivery once", async () => {
    received.length = 0;
    const db = await target.create({ demo: true });
    open.push(async () => {
      const d = db as Database & { pglite?: { close(): Promise<void> }; pool?: pg.Pool };
      if (d.pglite) await d.pglite.close();
      else await d.pool?.end();
    });
    // a second connection pool for the second runner (a second process), on PostgreSQL
    let other: Database = db;
    const pool = (db as Database & { pool?: pg.Pool }).pool;
    if (pool) {
      const second = new pg.Pool({
        connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString,
        max: 4,
      });
      other = wrapPool(second);
      open.push(() => second.end());
    }
    await prepareWebhooks(db, { production: false });
    await db.query(
      `with endpoint as (
         insert into app_public.webhook_endpoints (account_id, url, event_types)
         select a.id, $1, array['distribution.changed'] from app_public.accounts a
         where a.name = 'Northwind Renewables, Inc.' returning id, account_id),
       secret as (insert into app_private.webhook_secrets (endpoint_id, secret) select id, 'whsec_test' from endpoint)
       select app_private.queue_webhook_event('distribution.changed', array[e.account_id], jsonb_build_object('n', n))
       from endpoint e, generate_series(1, ${DELIVERIES}) n`,
      [receiverUrl],
    );

    const a = startRunner(webhookDeliveries({ db, backoffMs: () => 0 }), { intervalMs: 0 });
    const b = startRunner(webhookDeliveries({ db: other, backoffMs: () => 0 }), { intervalMs: 0 });
    open.push(() => a.close());
    open.push(() => b.close());
    await Promise.all([a.run(), b.run(), a.run(), b.run()]);

    expect(received).toHaveLength(DELIVERIES);
    expect(new Set(received).size).toBe(DELIVERIES);
    const { rows } = await db.query<{ status: string; attempts: number; n: number }>(
      `select status, attempts, count(*)::int as n from app_public.webhook_deliveries group by status, attempts`,
    );
    expect(rows).toEqual([{ status: "delivered", attempts: 1, n: DELIVERIES }]);
    const logged = await db.query<{ n: number }>("select count(*)::int as n from app_public.webhook_attempts");
    expect(logged.rows).toEqual([{ n: DELIVERIES }]);
  }, 120_000);
});
