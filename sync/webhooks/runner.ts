// The webhook runner (docs/API.md "Webhooks"): sends the deliveries the events' triggers queue in
// app_public.webhook_deliveries (sync/database/webhooks/), woken by pg_notify('webhook_deliveries') and a timer.
// Each delivery is claimed by one runner (app_private.claim_webhook_deliveries: FOR UPDATE SKIP LOCKED, a lease), so
// several server processes send it once. An attempt POSTs the stored JSON body signed with the endpoint's secret
// (HMAC-SHA256 over `${timestamp}.${body}`); a 2xx answer delivers it, anything else (another status, a timeout, a
// refused connection) is retried with exponential backoff until the delivery's retry_until (a day). Every attempt's
// answer is kept in app_public.webhook_attempts, which the account reads. No HTTP call runs inside a transaction.
import { createHmac, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { WEBHOOK_HEADERS, webhookSignedText } from "../../src/domain/webhooks.ts";
import type { Database } from "../db/database.ts";
import { IDLE, type Runner } from "../runners/runner.ts";
import { publicAddressRefusal } from "./public-address.ts";

export const WEBHOOK_CHANNEL = "webhook_deliveries";
/** How much of an answer's body is kept (the delivery log shows it). */
const ANSWER_LIMIT = 500;
/** How often finished deliveries older than a month are deleted with their attempts. */
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookRunnerOptions {
  db: Database;
  /** Delay before attempt n+1 after n failed attempts (default 30 s doubling, at most 1 h). */
  backoffMs?(attempts: number): number;
  /** How long an endpoint has to answer (default 10 s). */
  timeoutMs?: number;
  /** How long a claimed delivery is this runner's before another may take it (default 2 min). */
  leaseMs?: number;
  /** How often due deliveries are looked for besides the wake-ups (default 5 s; 0: only when woken or asked). */
  tickMs?: number;
  /** The HTTP client (tests: the real fetch by default). */
  fetch?: typeof fetch;
  /** Send only to hosts whose every address is public (production: sync/webhooks/public-address.ts). */
  publicOnly?: boolean;
  /** A host's addresses (tests; DNS by default). */
  resolve?(host: string): Promise<string[]>;
}

interface DeliveryRow {
  id: string;
  event_type: string;
  payload: unknown;
  attempts: number;
  url: string | null;
  secret: string | null;
}

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(webhookSignedText(timestamp, body)).digest("hex")}`;
}

/** Whether plain http to this computer is accepted (the server sets it at start: never in production). */
export async function prepareWebhooks(db: Database, options: { production: boolean }): Promise<void> {
  await db.query(
    `update app_private.webhook_settings set allow_loopback_http = $1, updated_on = now()
     where allow_loopback_http is distinct from $1`,
    [!options.production],
  );
  // One process on the embedded database: a delivery left running was this server's before a restart.
  if (db.kind === "pglite")
    await db.query(
      "update app_public.webhook_deliveries set status = 'queued', claimed_by = null, claimed_until = null where status = 'running'",
    );
}

interface Answer {
  statusCode: number | null;
  answer: string | null;
  error: string | null;
}

export function webhookDeliveries(options: WebhookRunnerOptions): Runner {
  const { db } = options;
  const backoff = options.backoffMs ?? ((n: number) => Math.min(30_000 * 2 ** Math.max(n - 1, 0), 3_600_000));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const send = options.fetch ?? fetch;
  const runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let prunedAt = 0;

  /** The delivery log keeps a month: older delivered or failed deliveries go, with their attempts (cascade). */
  async function prune() {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db.query(
      `delete from app_public.webhook_deliveries
       where status in ('delivered', 'failed') and coalesce(delivered_on, retry_until) < now() - interval '30 days'`,
    );
  }

  async function attempt(delivery: DeliveryRow): Promise<Answer> {
    if (!delivery.url || !delivery.secret) return { statusCode: null, answer: null, error: "The endpoint is gone." };
    try {
      // the address rule may have changed since it was registered (a server now in production refuses plain http)
      await db.query("select app_private.check_webhook_url($1)", [delivery.url]);
    } catch (error) {
      return { statusCode: null, answer: null, error: (error as Error).message };
    }
    if (options.publicOnly) {
      const refusal = await publicAddressRefusal(delivery.url, options.resolve);
      if (refusal) return { statusCode: null, answer: null, error: refusal };
    }
    const body = JSON.stringify(delivery.payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    try {
      const response = await send(delivery.url, {
        method: "POST",
        // a redirect is an answer, not an instruction: the delivery goes only where the account registered it
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          "content-type": "application/json",
          "user-agent": "Ledgerline-Webhooks/1",
          [WEBHOOK_HEADERS.id]: delivery.id,
          [WEBHOOK_HEADERS.event]: delivery.event_type,
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, timestamp, body),
        },
        body,
      });
      const text = await response.text().catch(() => "");
      return { statusCode: response.status, answer: text.slice(0, ANSWER_LIMIT), error: null };
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      return {
        statusCode: null,
        answer: null,
        error: timedOut ? "No answer in time." : "The endpoint could not be reached.",
      };
    }
  }

  async function deliver(delivery: DeliveryRow): Promise<void> {
    const answer = await attempt(delivery);
    const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const attempts = delivery.attempts + 1;
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into app_public.webhook_attempts (delivery_id, account_id, status_code, answer, error)
         select d.id, d.account_id, $2, $3, $4 from app_public.webhook_deliveries d where d.id = $1`,
        [delivery.id, answer.statusCode, answer.answer, answer.error],
      );
      // only while it is still this runner's claim (a lease that ran out may be another runner's now)
      await tx.query(
        `update app_public.webhook_deliveries d set attempts = $3, last_status_code = $4,
           last_answer = coalesce($5, $6), claimed_by = null, claimed_until = null,
           delivered_on = case when $7 then now() else d.delivered_on end,
           status = case when $7 then 'delivered'
                         when now() + make_interval(secs => $8::double precision / 1000) <= d.retry_until then 'queued'
                         else 'failed' end,
           next_attempt_on = case when $7 then d.next_attempt_on
                                  else now() + make_interval(secs => $8::double precision / 1000) end
         where d.id = $1 and d.status = 'running' and d.claimed_by = $2`,
        [delivery.id, runner, attempts, answer.statusCode, answer.answer, answer.error, ok, backoff(attempts)],
      );
    });
  }

  return {
    name: "webhooks",
    channel: WEBHOOK_CHANNEL,
    intervalMs: options.tickMs ?? 5_000,
    runAtStart: true,
    async step({ stopped }) {
      await prune();
      // claimed, not just read: a delivery another runner (process) claimed is skipped, so none is sent twice
      const { rows } = await db.query<DeliveryRow>(
        `select d.id, d.event_type, d.payload, d.attempts, e.url, s.secret
         from app_private.claim_webhook_deliveries($1, $2, 10) d
         left join app_public.webhook_endpoints e on e.id = d.endpoint_id
         left join app_private.webhook_secrets s on s.endpoint_id = d.endpoint_id
         order by d.next_attempt_on, d.created_on`,
        [runner, Math.ceil(leaseMs / 1000)],
      );
      if (rows.length === 0) return IDLE;
      if (stopped()) {
        // not sent: handed back at once rather than after the lease
        await db.query(
          `update app_public.webhook_deliveries set status = 'queued', claimed_by = null, claimed_until = null
           where id = any($1::uuid[]) and status = 'running' and claimed_by = $2`,
          [rows.map((row) => row.id), runner],
        );
        return IDLE;
      }
      // the batch's endpoints are called side by side: one slow endpoint does not hold the others back
      await Promise.all(rows.map((row) => deliver(row)));
      return { done: rows.length, more: true };
    },
  };
}
