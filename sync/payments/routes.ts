// The payment routes: the provider's status callback (docs/PAYMENTS.md).
import { timingSafeEqual } from "node:crypto";
import type { Database } from "../db/database.ts";
import { sendJson } from "../http/respond.ts";
import type { Route } from "../http/routes.ts";

export const PAYMENTS_PATH = "/api/v2/payments/";
const CALLBACK_PATH = `${PAYMENTS_PATH}callback/`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaymentRoutesOptions {
  db: Database;
  /** A status callback queues a poll at most this often per payment account (default 10 s). */
  callbackPollMs?: number;
  /** Runs the payment jobs now (this process leads the runner) or tells the process that does. */
  wake(paymentAccountId: string): Promise<void>;
}

export function paymentRoutes(options: PaymentRoutesOptions): Route[] {
  const { db } = options;
  const callbackPollMs = options.callbackPollMs ?? 10_000;
  return [
    {
      method: "POST",
      answersOtherMethods: true,
      path: `${CALLBACK_PATH}*`,
      access: "public",
      doc: "The payment provider's status callback `callback/{paymentAccountId}/{secret}` (or the secret in `X-Ledgerline-Callback-Secret`): 202, queues one poll (docs/PAYMENTS.md)",
      async handle(req, res, { params }) {
        // The provider's status callback: a hint only. The trade's status is read back from the provider by a poll,
        // so a callback can at most cause one more poll. It must carry the payment account's secret (in the path:
        // /callback/<id>/<secret>, or the X-Ledgerline-Callback-Secret header); polls it asks for are at most one per
        // account every callbackPollMs (more callbacks meanwhile share the next one).
        const [id = "", pathSecret = ""] = (params["*"] ?? "").split("/");
        if (!UUID.test(id)) return sendJson(res, 404, { error: "Not found" });
        if (req.method !== "POST") return sendJson(res, 405, { error: "Method not allowed" });
        req.resume();
        const header = req.headers["x-ledgerline-callback-secret"];
        const secret = pathSecret || (typeof header === "string" ? header : "");
        const { rows } = await db.query<{ secret: string }>(
          "select secret from app_private.payment_callback_keys where payment_account_id = $1",
          [id],
        );
        const expected = rows[0]?.secret ?? "";
        const given = Buffer.from(secret);
        const want = Buffer.from(expected);
        if (!expected || given.length !== want.length || !timingSafeEqual(given, want))
          return sendJson(res, 404, { error: "Not found" });
        // the poll is due now, or when the last callback's poll is callbackPollMs old (rate limit per account)
        const due = await db.query<{ polled_on: Date }>(
          `update app_private.payment_callback_keys k
               set polled_on = case when k.polled_on is null then now()
                                    when k.polled_on > now() then k.polled_on
                                    else greatest(now(), k.polled_on + make_interval(secs => $2::double precision / 1000)) end
             where k.payment_account_id = $1
             returning k.polled_on`,
          [id, callbackPollMs],
        );
        const at = due.rows[0]?.polled_on ?? null;
        // one poll due by then is enough (the same instant, not a delay recomputed against a later now())
        await db.query(
          `insert into app_private.payment_jobs (kind, payment_account_id, next_attempt_on)
             select 'poll', $1, coalesce($2::timestamptz, now())
             where not exists (select 1 from app_private.payment_jobs j
                               where j.payment_account_id = $1 and j.kind = 'poll' and j.status = 'queued'
                                 and j.next_attempt_on <= coalesce($2::timestamptz, now()))`,
          [id, at],
        );
        // the process that runs payment jobs may be another one: every process listens on payment_jobs
        await options.wake(id);
        return sendJson(res, 202, { queued: true });
      },
    },
    {
      method: "ANY",
      path: `${PAYMENTS_PATH}*`,
      access: "public",
      doc: "JSON 404",
      handle: (_req, res) => sendJson(res, 404, { error: "Not found" }),
    },
  ];
}
