// Two payment job runners on one database (docs/PAYMENTS.md "The job runner"): as two server processes would be if
// both believed they led the payments runner (a lock handover, a partition). Each job is claimed by one runner
// (app_private.claim_payment_jobs, FOR UPDATE SKIP LOCKED), so no trade is created twice at the provider, the
// investor's party and account are made once, and every job ends done. On PGlite (one connection shared) and, when
// its binaries are installed, on a real PostgreSQL with a pool per runner.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, wrapPool } from "../../sync/db/database.ts";
import type { PaymentProvider, ProviderTrade, TradeRequest } from "../../sync/payments/provider.ts";
import { startPaymentService } from "../../sync/payments/service.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(async () => {
  await stopTestClusters();
});

const TRADES = 12;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A provider that counts every call and answers slowly, so two runners overlap. */
function countingProvider() {
  const calls: Record<string, string[]> = { createParty: [], createAccount: [], link: [], createTrade: [] };
  const provider: PaymentProvider = {
    id: "builtin",
    async sync() {
      return { issuers: [], offerings: [] };
    },
    async createTrade(request: TradeRequest): Promise<ProviderTrade> {
      calls.createTrade?.push(request.reference);
      await pause(15);
      return {
        tradeId: `T-${request.reference}`,
        offeringId: request.offeringId,
        amount: request.amount,
        status: "CREATED",
      };
    },
    async fundTrade() {},
    async settleTrade() {},
    async trades() {
      return [];
    },
    async createParty(investor) {
      calls.createParty?.push(investor.investorId);
      await pause(15);
      return "P1";
    },
    async createAccount(investor) {
      calls.createAccount?.push(investor.investorId);
      await pause(15);
      return "A1";
    },
    async linkAccountOwner(link) {
      calls.link?.push(link.accountId);
    },
    async cancelTrade() {},
    async unwindTrade() {},
  };
  return { provider, calls };
}

describe.each(testTargets)("two payment runners on one database ($name)", (target) => {
  const open: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of open.reverse()) await close();
  });

  it("runs every job once", async () => {
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

    // the issuer's payment account with its offering mapped to Series A, and TRADES queued trades for Emma
    const { rows } = await db.query<{ id: string }>(
      `with acct as (
         insert into app_public.payment_accounts (account_id, provider, provider_name)
         select a.id, 'builtin', 'Ledgerline Payments' from app_public.accounts a where a.name = 'Northwind Renewables, Inc.'
         returning id, account_id),
       iss as (
         insert into app_public.payment_issuers (payment_account_id, payment_issuer_id, name, issuer_id)
         select id, 'I1', 'Northwind', account_id from acct returning id, payment_account_id),
       ins as (
         insert into app_public.payment_instruments
           (payment_account_id, payment_issuer_row_id, payment_issuer_id, payment_instrument_id, name, round_id)
         select iss.payment_account_id, iss.id, 'I1', 'O1', 'Series A', r.id from iss, app_public.rounds r
         join app_public.assets s on s.id = r.asset_id join app_public.accounts a on a.id = s.issuer_id
         where r.name = 'Series A' and a.name = 'Northwind Renewables, Inc.' returning id, payment_account_id)
       insert into app_public.payment_trades (payment_account_id, payment_instrument_row_id, distribution_id, amount)
       select ins.payment_account_id, ins.id, d.id, 10 + n from ins, generate_series(1, ${TRADES}) n,
         app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       where al.name = 'Series A Direct' and d.name = 'Emma Lawson'
       returning id`,
    );
    expect(rows).toHaveLength(TRADES);
    await db.query(
      `insert into app_private.payment_jobs (kind, payment_account_id, trade_id)
       select 'trade', t.payment_account_id, t.id from app_public.payment_trades t`,
    );

    const { provider, calls } = countingProvider();
    // a runner that finds the investor's account being made by the other waits 30 ms and retries
    const options = { provider, tickMs: 0, backoffMs: () => 30, leads: () => true, pollMs: 3_600_000 };
    const a = await startPaymentService({ db, ...options });
    const b = await startPaymentService({ db: other, ...options });
    open.push(() => a.close());
    open.push(() => b.close());

    // both run at once, repeatedly, until nothing is left to do
    for (let round = 0; round < 100; round++) {
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      await pause(40);
      const left = await db.query<{ n: number }>(
        "select count(*)::int as n from app_private.payment_jobs where kind = 'trade' and status <> 'done'",
      );
      if (left.rows[0]?.n === 0) break;
    }

    // each trade created once at the provider, the investor's party and account made once
    expect(calls.createTrade).toHaveLength(TRADES);
    expect(new Set(calls.createTrade).size).toBe(TRADES);
    expect(calls.createParty).toHaveLength(1);
    expect(calls.createAccount).toHaveLength(1);
    const jobs = await db.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from app_private.payment_jobs where kind = 'trade' group by status",
    );
    expect(jobs.rows).toEqual([{ status: "done", n: TRADES }]);
    const created = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.payment_events where status = 'CREATED'",
    );
    expect(created.rows).toEqual([{ n: TRADES }]);
  }, 120_000);
});
