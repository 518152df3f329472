// The built-in payment provider (docs/PAYMENTS.md): the embedded default when no real provider is configured. It
// keeps its own books in app_private.builtin_pay_* (what a real provider keeps on its side) and follows the same
// trade state machine: CREATED -> FUNDED -> SETTLED, UNWIND PENDING -> UNWIND SETTLED, CANCELLED. A sync opens one
// issuer for the Ledgerline issuer and one Approved offering per round (the issuer then maps them, as it would map a
// real provider's). Funds are confirmed by the issuer (confirmPaymentFunds) or, in the demo, by a timer.
import { randomInt } from "node:crypto";
import type { Database } from "../db/database.ts";
import { plain, toMicros } from "./money.ts";
import {
  type InvestorSetup,
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
      const account = await db.query<{ owner_party_id: string | null }>(
        "select owner_party_id from app_private.builtin_pay_accounts where id = $1",
        [request.investorRef],
      );
      if (!account.rows[0]) throw new ProviderError("Account not found.", "not_found");
      if (!account.rows[0].owner_party_id)
        throw new ProviderError("The account has no owner: link a party first.", "refused");
      const { rows } = await db.query<TradeRow>(
        `insert into app_private.builtin_pay_trades (id, offering_id, amount, external_ref, account_id)
         values ($1, $2, $3::numeric, $4, $5)
         returning id, offering_id, amount::text as amount, status`,
        [providerId("T"), request.offeringId, request.amount, request.reference, request.investorRef],
      );
      return trade(rows[0] as TradeRow);
    },
    async fundTrade(t) {
      await move(t.tradeId, "CREATED", "FUNDED");
    },
    async settleTrade(t) {
      await move(t.tradeId, "FUNDED", "SETTLED");
    },
    async createParty(investor: InvestorSetup) {
      // the investor's id is the party's reference: asking again (a retry) answers the same party
      const { rows } = await db.query<{ id: string }>(
        `insert into app_private.builtin_pay_parties (id, external_ref, name, email) values ($1, $2, $3, $4)
         on conflict (external_ref) do update set name = excluded.name returning id`,
        [providerId("P"), investor.investorId, investor.name, investor.email],
      );
      return (rows[0] as { id: string }).id;
    },
    async createAccount(investor: InvestorSetup) {
      const { rows } = await db.query<{ id: string }>(
        `insert into app_private.builtin_pay_accounts (id, external_ref, name) values ($1, $2, $3)
         on conflict (external_ref) do update set name = excluded.name returning id`,
        [providerId("A"), investor.investorId, investor.name],
      );
      return (rows[0] as { id: string }).id;
    },
    async linkAccountOwner(link) {
      const party = await db.query("select 1 from app_private.builtin_pay_parties where id = $1", [link.partyId]);
      if (!party.rows[0]) throw new ProviderError("Party not found.", "not_found");
      const { rows } = await db.query<{ owner_party_id: string | null }>(
        "select owner_party_id from app_private.builtin_pay_accounts where id = $1 for update",
        [link.accountId],
      );
      if (!rows[0]) throw new ProviderError("Account not found.", "not_found");
      if (rows[0].owner_party_id && rows[0].owner_party_id !== link.partyId)
        throw new ProviderError("The account already has another owner.", "refused");
      await db.query("update app_private.builtin_pay_accounts set owner_party_id = $2 where id = $1", [
        link.accountId,
        link.partyId,
      ]);
    },
    async cancelTrade(t) {
      const row = await one(t.tradeId);
      if (row.status === "CANCELLED") return;
      if (row.status !== "CREATED")
        throw new ProviderError(`The trade is ${row.status}: only a created trade can be cancelled.`, "refused");
      await db.query(
        "update app_private.builtin_pay_trades set status = 'CANCELLED', updated_on = now() where id = $1 and status = 'CREATED'",
        [t.tradeId],
      );
    },
    async unwindTrade(t) {
      const row = await one(t.tradeId);
      if (row.status === "UNWIND SETTLED") return;
      if (row.status !== "SETTLED" && row.status !== "UNWIND PENDING")
        throw new ProviderError(`The trade is ${row.status}: only a settled trade can be unwound.`, "refused");
      await db.query(
        "update app_private.builtin_pay_trades set status = 'UNWIND PENDING', updated_on = now() where id = $1 and status = 'SETTLED'",
        [t.tradeId],
      );
      await db.query(
        "update app_private.builtin_pay_trades set status = 'UNWIND SETTLED', updated_on = now() where id = $1 and status = 'UNWIND PENDING'",
        [t.tradeId],
      );
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
