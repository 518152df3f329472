// The payment runner (docs/PAYMENTS.md): durable jobs over app_private.payment_jobs, queued by the SQL commands and
// woken by pg_notify('payment_jobs') and a timer:
//   sync   the provider's issuers and offerings into payment_issuers / payment_instruments (mappings kept)
//   trade  createTrade at the provider for a payment_trades row (its id travels as the provider's reference)
//   fund   the issuer's confirmation (built-in provider): fund, then settle the trade
//   poll   every open trade's status at the provider, applied through app_private.apply_payment_event
//   cancel the issuer's cancel of an unfunded trade (TransactAPI cancelInvestment)
//   unwind the issuer's refund of a settled trade (built-in provider)
// Before an investor's first trade the runner makes the investor's party and account at the provider and links them
// (createParty, createAccount, createLink), keeping each id as soon as the provider answers. Each job is claimed by
// one runner (app_private.claim_payment_jobs: FOR UPDATE SKIP LOCKED, a lease), so several server processes never
// run a job twice. A provider call never runs inside a database transaction, and a failing provider only delays its
// own jobs: an `unavailable` or `auth` failure is retried with backoff (attempts, next_attempt_on) up to maxAttempts;
// a refusal fails the trade with the provider's reason. Statuses are applied exactly once per trade and status,
// whoever delivers them (poll, callback, a retried job).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../db/database.ts";
import { IDLE, type Runner } from "../runners/runner.ts";
import { investorAccount } from "./investors.ts";
import { type PaymentProvider, ProviderError, type TradeStatus } from "./provider.ts";

const OPEN_STATUSES = ["CREATED", "FUNDED", "UNWIND PENDING"];
/** What a poll reads: open trades, and settled ones (a provider may still unwind them; a callback says so). */
const POLLED_STATUSES = [...OPEN_STATUSES, "SETTLED"];

export interface PaymentJobsOptions {
  db: Database;
  provider: PaymentProvider;
  /** Delay before attempt n+1 after n failures (default 2^n s, at most 5 min). */
  backoffMs?(attempts: number): number;
  /** Attempts before a job fails for good (default 10). */
  maxAttempts?: number;
  /** How often open trades are polled (default 30 s). */
  pollMs?: number;
  /** The demo's timer: a built-in trade is funded this long after it is created (null: the issuer confirms). */
  autoFundMs: number | null;
  /** How often due jobs are looked for (default 1 s; 0: only when woken or asked). */
  tickMs?: number;
  /** How long a claimed job is this runner's before another may take it (default 5 min). */
  leaseMs?: number;
}

interface JobRow {
  id: string;
  kind: "sync" | "trade" | "fund" | "poll" | "cancel" | "unwind";
  payment_account_id: string;
  trade_id: string | null;
  attempts: number;
}

/** The payment provider this server uses from now on (new payment accounts read it in createAccountIntegration). */
export async function preparePayments(db: Database, provider: PaymentProvider): Promise<void> {
  await db.query(
    `update app_private.payment_settings set provider = $1, provider_name = $2, updated_on = now()
     where (provider, provider_name) is distinct from ($1, $2)`,
    [provider.id, provider.id === "north-capital" ? "North Capital" : "Ledgerline Payments"],
  );
  // One process on the embedded database: a job left running was this server's before a restart.
  if (db.kind === "pglite")
    await db.query(
      "update app_private.payment_jobs set status = 'queued', claimed_by = null, claimed_until = null where status = 'running'",
    );
}

export function paymentJobs(options: PaymentJobsOptions): Runner {
  const { db, provider, autoFundMs } = options;
  const backoff = options.backoffMs ?? ((n: number) => Math.min(2 ** n * 1000, 300_000));
  const maxAttempts = options.maxAttempts ?? 10;
  const pollMs = options.pollMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 300_000;
  const runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const applyStatus = async (tradeId: string, status: TradeStatus, amount: string, source: string) => {
    try {
      await db.query("select app_private.apply_payment_event($1, $2, $3::numeric, $4)", [
        tradeId,
        status,
        amount,
        source,
      ]);
    } catch (error) {
      // the provider's record disagrees with ours (amount, mapping): kept on the trade, nothing applied
      await db.query("update app_public.payment_trades set failure = $2 where id = $1", [
        tradeId,
        (error as Error).message.slice(0, 4000),
      ]);
    }
  };

  const queuePoll = async (paymentAccountId: string, delayMs: number) => {
    await db.query(
      `insert into app_private.payment_jobs (kind, payment_account_id, next_attempt_on)
       select 'poll', $1, now() + make_interval(secs => $2::double precision / 1000)
       where not exists (select 1 from app_private.payment_jobs j
                         where j.payment_account_id = $1 and j.kind = 'poll' and j.status = 'queued'
                           and j.next_attempt_on <= now() + make_interval(secs => $2::double precision / 1000))`,
      [paymentAccountId, delayMs],
    );
  };

  async function runSync(job: JobRow) {
    const account = await db.query<{ account_id: string; name: string; email: string | null }>(
      `select p.account_id, a.name, a.email from app_public.payment_accounts p
       join app_public.accounts a on a.id = p.account_id where p.id = $1`,
      [job.payment_account_id],
    );
    const owner = account.rows[0];
    if (!owner) return;
    const rounds = await db.query<{
      id: string;
      name: string;
      price: string | null;
      opens_on: string | null;
      closes_on: string | null;
    }>(
      `select r.id, r.name, r.price::text as price, r.opens_on::text as opens_on, r.closes_on::text as closes_on
       from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1
       order by r.created_on, r.id`,
      [owner.account_id],
    );
    const result = await provider.sync({
      accountId: owner.account_id,
      name: owner.name,
      email: owner.email,
      rounds: rounds.rows.map((r) => ({
        id: r.id,
        name: r.name,
        price: r.price,
        opensOn: r.opens_on,
        closesOn: r.closes_on,
      })),
    });
    await db.transaction(async (tx) => {
      for (const issuer of result.issuers) {
        await tx.query(
          `insert into app_public.payment_issuers (payment_account_id, payment_issuer_id, name, email)
           values ($1, $2, $3, $4)
           on conflict (payment_account_id, payment_issuer_id) do update set name = excluded.name, email = excluded.email`,
          [job.payment_account_id, issuer.paymentIssuerId, issuer.name.slice(0, 200), issuer.email],
        );
      }
      for (const offering of result.offerings) {
        await tx.query(
          `insert into app_public.payment_instruments
             (payment_account_id, payment_issuer_row_id, payment_issuer_id, payment_instrument_id, name, status)
           select $1, i.id, $2, $3, $4, $5 from app_public.payment_issuers i
           where i.payment_account_id = $1 and i.payment_issuer_id = $2
           on conflict (payment_issuer_row_id, payment_instrument_id)
             do update set name = excluded.name, status = excluded.status`,
          [
            job.payment_account_id,
            offering.paymentIssuerId,
            offering.paymentInstrumentId,
            offering.name.slice(0, 200),
            offering.status,
          ],
        );
      }
      await tx.query(
        `update app_public.payment_accounts set synced_on = now(), sync_status = 'synced', failure = null where id = $1`,
        [job.payment_account_id],
      );
      await tx.query("select app_private.advance_payment_integration($1)", [owner.account_id]);
    });
  }

  async function tradeRow(tradeId: string) {
    const { rows } = await db.query<{
      id: string;
      status: string;
      amount: string;
      payment_trade_id: string | null;
      offering_id: string;
      investor_id: string;
      units: string;
      payment_account_id: string;
      provider_account_id: string;
    }>(
      `select t.id, t.status, t.amount::text as amount, t.payment_trade_id, i.payment_instrument_id as offering_id,
              d.investor_id, d.amount::text as units, t.payment_account_id,
              coalesce(pi.provider_account_id, d.investor_id::text) as provider_account_id
       from app_public.payment_trades t
       join app_public.payment_instruments i on i.id = t.payment_instrument_row_id
       join app_public.distributions d on d.id = t.distribution_id
       join app_public.payment_accounts pa on pa.id = t.payment_account_id
       left join app_private.payment_investors pi on pi.provider = pa.provider and pi.investor_id = d.investor_id
       where t.id = $1`,
      [tradeId],
    );
    return rows[0] ?? null;
  }

  async function runTrade(job: JobRow) {
    const trade = job.trade_id ? await tradeRow(job.trade_id) : null;
    if (trade?.status !== "QUEUED") return;
    const accountRef = await investorAccount(db, provider, trade.investor_id);
    const created = await provider.createTrade({
      offeringId: trade.offering_id,
      investorRef: accountRef,
      units: trade.units,
      amount: trade.amount,
      reference: trade.id,
    });
    await db.query("update app_public.payment_trades set payment_trade_id = $2, failure = null where id = $1", [
      trade.id,
      created.tradeId,
    ]);
    await applyStatus(trade.id, created.status, created.amount, "trade");
    if (autoFundMs !== null && provider.id === "builtin") {
      await db.query(
        `insert into app_private.payment_jobs (kind, payment_account_id, trade_id, next_attempt_on)
         values ('fund', $1, $2, now() + make_interval(secs => $3::double precision / 1000))`,
        [trade.payment_account_id, trade.id, autoFundMs],
      );
    }
    await queuePoll(trade.payment_account_id, pollMs);
  }

  async function runFund(job: JobRow) {
    const trade = job.trade_id ? await tradeRow(job.trade_id) : null;
    if (!trade?.payment_trade_id) return;
    const ref = {
      tradeId: trade.payment_trade_id,
      offeringId: trade.offering_id,
      investorRef: trade.provider_account_id,
    };
    await provider.fundTrade({ ...ref, amount: trade.amount });
    await applyStatus(trade.id, "FUNDED", trade.amount, "fund");
    await provider.settleTrade(ref);
    await applyStatus(trade.id, "SETTLED", trade.amount, "fund");
  }

  async function runCancel(job: JobRow) {
    const trade = job.trade_id ? await tradeRow(job.trade_id) : null;
    if (!trade?.payment_trade_id || trade.status !== "CREATED") return;
    await provider.cancelTrade({ tradeId: trade.payment_trade_id, investorRef: trade.provider_account_id });
    await applyStatus(trade.id, "CANCELLED", trade.amount, "cancel");
  }

  async function runUnwind(job: JobRow) {
    const trade = job.trade_id ? await tradeRow(job.trade_id) : null;
    if (!trade?.payment_trade_id || trade.status !== "SETTLED") return;
    await provider.unwindTrade({ tradeId: trade.payment_trade_id });
    await applyStatus(trade.id, "UNWIND PENDING", trade.amount, "unwind");
    await applyStatus(trade.id, "UNWIND SETTLED", trade.amount, "unwind");
  }

  async function runPoll(job: JobRow) {
    const open = await db.query<{ offering_id: string; instrument_row_id: string }>(
      `select distinct i.payment_instrument_id as offering_id, i.id as instrument_row_id
       from app_public.payment_trades t join app_public.payment_instruments i on i.id = t.payment_instrument_row_id
       where t.payment_account_id = $1 and t.status = any ($2::text[]) and t.payment_trade_id is not null`,
      [job.payment_account_id, POLLED_STATUSES],
    );
    for (const offering of open.rows) {
      const trades = await provider.trades(offering.offering_id);
      for (const pt of trades) {
        const ours = await db.query<{ id: string }>(
          "select id from app_public.payment_trades where payment_instrument_row_id = $1 and payment_trade_id = $2",
          [offering.instrument_row_id, pt.tradeId],
        );
        if (ours.rows[0]) await applyStatus(ours.rows[0].id, pt.status, pt.amount, "poll");
      }
    }
    const still = await db.query<{ n: number }>(
      "select count(*)::int as n from app_public.payment_trades where payment_account_id = $1 and status = any ($2::text[])",
      [job.payment_account_id, OPEN_STATUSES],
    );
    if ((still.rows[0]?.n ?? 0) > 0) await queuePoll(job.payment_account_id, pollMs);
  }

  async function fail(job: JobRow, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 4000);
    const retry =
      !(error instanceof ProviderError) ||
      error.kind === "unavailable" ||
      (error.kind === "auth" && job.kind !== "trade");
    const attempts = job.attempts + 1;
    if (retry && attempts < maxAttempts) {
      await db.query(
        `update app_private.payment_jobs set attempts = $2, failure = $3, updated_on = now(), status = 'queued',
           claimed_by = null, claimed_until = null,
           next_attempt_on = now() + make_interval(secs => $4::double precision / 1000) where id = $1`,
        [job.id, attempts, message, backoff(attempts)],
      );
    } else {
      await db.query(
        `update app_private.payment_jobs set attempts = $2, failure = $3, status = 'failed', claimed_until = null,
           updated_on = now() where id = $1`,
        [job.id, attempts, message],
      );
      if (job.kind === "trade" && job.trade_id)
        await db.query("select app_private.payment_trade_failed($1, $2)", [job.trade_id, message]);
      if ((job.kind === "fund" || job.kind === "cancel" || job.kind === "unwind") && job.trade_id)
        await db.query("update app_public.payment_trades set failure = $2 where id = $1", [job.trade_id, message]);
    }
    if (job.kind === "sync")
      await db.query(
        `update app_public.payment_accounts set failure = $2,
           sync_status = case when $3 then sync_status else 'failed' end where id = $1`,
        [job.payment_account_id, message, retry && attempts < maxAttempts],
      );
  }

  async function runJob(job: JobRow) {
    try {
      if (job.kind === "sync") await runSync(job);
      else if (job.kind === "trade") await runTrade(job);
      else if (job.kind === "fund") await runFund(job);
      else if (job.kind === "cancel") await runCancel(job);
      else if (job.kind === "unwind") await runUnwind(job);
      else await runPoll(job);
      await db.query(
        `update app_private.payment_jobs set status = 'done', failure = null, claimed_until = null, updated_on = now()
         where id = $1`,
        [job.id],
      );
    } catch (error) {
      await fail(job, error);
    }
  }

  return {
    name: "payments",
    channel: "payment_jobs",
    intervalMs: options.tickMs ?? 1000,
    runAtStart: false,
    async step({ stopped }) {
      // claimed, not just read: a job another runner (process) claimed is skipped, so none runs twice
      const { rows } = await db.query<JobRow>(
        `select id, kind, payment_account_id, trade_id, attempts
         from app_private.claim_payment_jobs($1, $2, 20) order by next_attempt_on, created_on`,
        [runner, Math.ceil(leaseMs / 1000)],
      );
      if (rows.length === 0) return IDLE;
      let ran = 0;
      for (const job of rows) {
        if (stopped()) {
          // not run: handed back at once rather than after the lease
          await db.query(
            "update app_private.payment_jobs set status = 'queued', claimed_by = null, claimed_until = null where id = $1 and status = 'running'",
            [job.id],
          );
          continue;
        }
        await runJob(job);
        ran += 1;
      }
      return { done: ran, more: true };
    },
  };
}
