// What the investor's downloads are made of (issue 35 item 2): the investor's own ledger entries with their
// securities, read as the session (role app_user with its claims, so row-level security applies) and limited to
// the selected investor account. Units at any day are the sum of the ledger entries traded up to it, in exact
// decimals (src/domain/decimal.ts); the trade day of an entry is its transaction's day as the transactions screen
// shows it (the payment day the issuance recorded, else the day the transaction was made).
import { add, type Decimal, dec, isZero, ZERO } from "../../src/domain/decimal.ts";
import type { Sql } from "../db/database.ts";

export type SecurityKind = "equity" | "debt" | "fund" | "other";

export interface PortfolioSecurity {
  id: string;
  name: string;
  ticker: string | null;
  issuer: string | null;
  kind: SecurityKind;
  /** The value of one unit as its issuer keeps it (a decimal string), or null when none is set. */
  unitValue: string | null;
}

export interface PortfolioEntry {
  id: string;
  securityId: string;
  /** Signed units (a decimal string): positive in, negative out. */
  units: string;
  /** The price paid per unit (a decimal string), when the entry is an issuance with a known price. */
  price: string | null;
  /** The trade day, YYYY-MM-DD (UTC). */
  tradedOn: string;
  round: string | null;
}

export interface Portfolio {
  accountId: string;
  accountName: string;
  investorName: string;
  securities: Map<string, PortfolioSecurity>;
  /** Oldest first. */
  entries: PortfolioEntry[];
}

export interface Position {
  security: PortfolioSecurity;
  units: Decimal;
}

const KINDS: readonly string[] = ["equity", "debt", "fund"];

/** The UTC day of a transaction: its recorded payment day when that is a date, else the day it was made. */
function tradeDay(paidOn: unknown, createdOn: Date | string): string {
  if (typeof paidOn === "string") {
    const parsed = new Date(paidOn);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString().slice(0, 10);
  }
  return new Date(createdOn).toISOString().slice(0, 10);
}

/**
 * The selected investor account's portfolio, read inside a transaction already running as the session
 * (graphql/settings.ts sessionRole). Entries of other accounts the session might also see are left out.
 */
export async function readPortfolio(tx: Sql): Promise<Portfolio | null> {
  const account = await tx.query<{ id: string; name: string; investor: string }>(
    `select a.id, a.name, coalesce(trim(u.first_name || ' ' || u.last_name), '') as investor
       from app_public.accounts a
       left join app_public.users u on u.id = app_private.current_user_id()
      where a.id = app_private.current_account_id() and a.type = 'investor'`,
  );
  const found = account.rows[0];
  if (!found) return null;
  const { rows } = await tx.query<{
    id: string;
    security_id: string;
    units: string;
    price: string | null;
    paid_on: unknown;
    created_on: Date | string;
    round: string | null;
  }>(
    `select le.id, coalesce(h.security_id, r.security_id) as security_id, le.amount::text as units,
            case when le.amount > 0 and le.holding_id is not null then coalesce(h.purchase_price, r.price)::text end
              as price,
            t.chain_data ->> 'paid_on' as paid_on, t.created_on, r.name as round
       from app_public.ledger_entries le
       join app_public.transactions t on t.id = le.transaction_id
       left join app_public.holdings h on h.id = le.holding_id
       left join app_public.rounds r on r.id = coalesce(h.round_id, t.round_id)
      where le.investor_id = app_private.current_account_id()
        and coalesce(h.security_id, r.security_id) is not null
      order by t.created_on, le.created_on, le.id`,
  );
  const securityIds = [...new Set(rows.map((row) => row.security_id))];
  const securities = await tx.query<{
    id: string;
    name: string;
    ticker: string | null;
    issuer: string | null;
    kind: string | null;
    unit_value: string | null;
  }>(
    `select s.id, s.name, coalesce(nullif(s.ticker, ''), nullif(s.symbol, '')) as ticker, i.name as issuer,
            (select t.accounting_type from app_public.rounds r
               join app_public.assets a on a.id = r.asset_id
               join app_public.asset_types t on t.type = a.type
              where r.security_id = s.id order by r.created_on, r.id limit 1) as kind,
            s.unit_value::text as unit_value
       from app_public.securities s left join app_public.accounts i on i.id = s.issuer_id
      where s.id = any ($1::uuid[])`,
    [securityIds],
  );
  const entries = rows
    .map((row) => ({
      id: row.id,
      securityId: row.security_id,
      units: row.units,
      price: row.price,
      tradedOn: tradeDay(row.paid_on, row.created_on),
      round: row.round,
    }))
    .sort((a, b) => a.tradedOn.localeCompare(b.tradedOn));
  return {
    accountId: found.id,
    accountName: found.name,
    investorName: found.investor,
    securities: new Map(
      securities.rows.map((s) => [
        s.id,
        {
          id: s.id,
          name: s.name,
          ticker: s.ticker,
          issuer: s.issuer,
          kind: (s.kind && KINDS.includes(s.kind) ? s.kind : "other") as SecurityKind,
          unitValue: s.unit_value,
        },
      ]),
    ),
    entries: entries.filter((entry) => securities.rows.some((s) => s.id === entry.securityId)),
  };
}

/** Units held per security at the end of a day (YYYY-MM-DD, or null for every entry), securities without units left out. */
export function positionsAsOf(portfolio: Portfolio, day: string | null): Position[] {
  const units = new Map<string, Decimal>();
  for (const entry of portfolio.entries) {
    if (day !== null && entry.tradedOn > day) continue;
    units.set(entry.securityId, add(units.get(entry.securityId) ?? ZERO, dec(entry.units)));
  }
  const positions: Position[] = [];
  for (const [id, held] of units) {
    const security = portfolio.securities.get(id);
    if (security && !isZero(held)) positions.push({ security, units: held });
  }
  return positions.sort(
    (a, b) => a.security.name.localeCompare(b.security.name) || a.security.id.localeCompare(b.security.id),
  );
}
