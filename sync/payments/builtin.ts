// The built-in payment provider (docs/PAYMENTS.md): the embedded default when no real provider is configured. It
// keeps its own books in app_private.builtin_pay_* (what a real provider keeps on its side) and follows the same
// trade state machine: CREATED -> FUNDED -> SETTLED, UNWIND PENDING -> UNWIND SETTLED, CANCELLED. A sync opens one
// issuer for the Ledgerline issuer and one Approved offering per round (the issuer then maps them, as it would map a
// real provider's). Funds are confirmed by the issuer (confirmPaymentFunds) or, in the demo, by a timer.
import { randomInt } from "node:crypto";
import type { Database } from "../db/database.ts";
import { plain, toMicros } from "./money.ts";
import {
  type IssuerSetup,
  isTradeStatus,
  type PaymentProvider,
  ProviderError,
  type ProviderOffering,
  type ProviderTrade,
  type TradeRequest,
} from "./provider.ts";

function providerId(prefix: string): string {
  return `${prefix}${randomInt(100_000_000, 999_999_999)}`;
}

interface TradeRow {
  id: string;
  offering_id: string;
  amount: string;
  status: string;
}

function trade(row: TradeRow): ProviderTrade {
  if (!isTradeStatus(row.status)) throw new Error(`Unknown trade status ${row.status}`);
  return { tradeId: row.id, offeringId: row.offering_id, amount: plain(toMicros(row.amount)), status: row.status };
}

export function builtinProvider(db: Database): PaymentProvider {
  const one = async (tradeId: string): Promise<TradeRow> => {
    const { rows } = await db.query<TradeRow>(
      "select id, offering_id, amount::text as amount, status from app_private.builtin_pay_trades where id = $1",
      [tradeId],
    );
    if (!rows[0]) throw new ProviderError("Trade not found.", "not_found");
    return rows[0];
  };
  const order = ["CREATED", "FUNDED", "SETTLED"];
  const move = async (tradeId: string, from: string, to: string) => {
    const row = await one(tradeId);
    // already there or past it: a repeated request changes nothing
    if (order.indexOf(row.status) >= order.indexOf(to)) return;
    if (row.status !== from) throw new ProviderError(`The trade is ${row.status}, not ${from}.`, "refused");
    await db.query("update app_private.builtin_pay_trades set status = $2, updated_on = now() where id = $1", [
      tradeId,
      to,
    ]);
  };

  return {
    id: "builtin",
    async sync(setup: IssuerSetup) {
      await db.transaction(async (tx) => {
        const existing = await tx.query<{ id: string }>(
          "select id from app_private.builtin_pay_issuers where client_id = $1 order by created_on limit 1",
          [setup.accountId],
        );
        let issuerId = existing.rows[0]?.id;
        if (!issuerId) {
          issuerId = providerId("I");
          await tx.query(
            "insert into app_private.builtin_pay_issuers (id, client_id, name, email) values ($1, $2, $3, $4)",
            [issuerId, setup.accountId, setup.name, setup.email],
          );
        }
        for (const round of setup.rounds) {
          await tx.query(
            `insert into app_private.builtin_pay_offerings (id, issuer_id, name, external_ref) values ($1, $2, $3, $4)
             on conflict (issuer_id, external_ref) do update set name = excluded.name`,
            [providerId("O"), issuerId, round.name, round.id],
          );
        }
      });
      const issuers = await db.query<{ id: string; name: string; email: string | null }>(
        "select id, name, email from app_private.builtin_pay_issuers where client_id = $1 order by created_on, id",
        [setup.accountId],
      );
      const offerings = await db.query<{ id: string; issuer_id: string; name: string; status: string }>(
        `select o.id, o.issuer_id, o.name, o.status from app_private.builtin_pay_offerings o
         join app_private.builtin_pay_issuers i on i.id = o.issuer_id where i.client_id = $1 order by o.created_on, o.id`,
        [setup.accountId],
      );
      return {
        issuers: issuers.rows.map((i) => ({ paymentIssuerId: i.id, name: i.name, email: i.email })),
        offerings: offerings.rows.map(
          (o): ProviderOffering => ({
            paymentInstrumentId: o.id,
            paymentIssuerId: o.issuer_id,
            name: o.name,
            status: o.status,
            unitPrice: null,
          }),
        ),
      };
    },
    async createTrade(request: TradeRequest) {
      if (toMicros(request.amount) <= 0n) throw new ProviderError("The amount must be greater than 0.", "refused");
      const offering = await db.query<{ status: string }>(
        "select status from app_private.builtin_pay_offerings where id = $1",
        [request.offeringId],
      );
      if (!offering.rows[0]) throw new ProviderError("Offering not found.", "not_found");
      if (offering.rows[0].status !== "Approved") throw new ProviderError("The offering is not approved.", "refused");
      const known = await db.query<TradeRow>(
        "select id, offering_id, amount::text as amount, status from app_private.builtin_pay_trades where external_ref = $1",
        [request.reference],
      );
      if (known.rows[0]) return trade(known.rows[0]);
      const { rows } = await db.query<TradeRow>(
        `insert into app_private.builtin_pay_trades (id, offering_id, amount, external_ref) values ($1, $2, $3::numeric, $4)
         returning id, offering_id, amount::text as amount, status`,
        [providerId("T"), request.offeringId, request.amount, request.reference],
      );
      return trade(rows[0] as TradeRow);
    },
    async fundTrade(t) {
      await move(t.tradeId, "CREATED", "FUNDED");
    },
    async settleTrade(t) {
      await move(t.tradeId, "FUNDED", "SETTLED");
    },
    async trades(offeringId: string) {
      const { rows } = await db.query<TradeRow>(
        `select id, offering_id, amount::text as amount, status from app_private.builtin_pay_trades
         where offering_id = $1 order by created_on, id`,
        [offeringId],
      );
      return rows.map(trade);
    },
  };
}
