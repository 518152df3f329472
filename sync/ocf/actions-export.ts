// The corporate actions of an OCF export (docs/OCF.md "Splits and conversions"): a split as TX_STOCK_CLASS_SPLIT with
// each holding's cash in lieu as a TX_STOCK_REPURCHASE of its fraction, and a conversion of a note as the note's
// TX_CONVERTIBLE_ISSUANCE and a TX_CONVERTIBLE_CONVERSION naming the stock issuance it resulted in. Each is read in
// the caller's transaction (row-level security applies) and returned as events with the key export.ts orders the
// transactions by: the day, then the time the product recorded it.
import type { Sql } from "../db/database.ts";
import { type Fraction, fromDecimal, mul, sub, toDecimal } from "./rational.ts";
import type { OcfObject } from "./validate.ts";

/** OCF's Numeric has at most 10 decimals: a fraction is written only when it is exact in 10. */
const OCF_DECIMALS = 10;

/** One place in the export's order: `key` sorts (day, recorded time, rank, id); `items` are written in turn. */
export interface OcfEvent {
  key: string;
  items: OcfObject[];
}

/** The sort key of a transaction: its day, the time recorded (UTC, microseconds), a rank (issuances first), an id. */
export function eventKey(date: string, at: string, rank: 0 | 1, id: string): string {
  return `${date}|${at}|${rank}|${id}`;
}

/** SQL for a timestamptz as the text eventKey compares (fixed width, UTC). */
export const AT = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

export function cashInLieuText(ratioNew: number, ratioOld: number, cash: string, when: "before" | "after"): string {
  return `Cash in lieu of a fraction of a share in the ${ratioNew} for ${ratioOld} split: ${cash} USD (the fraction in shares ${when} the split).`;
}

export function parseCashInLieu(text: unknown): { cash: string; when: "before" | "after" } | null {
  if (typeof text !== "string") return null;
  const match =
    /^Cash in lieu of a fraction of a share in the [0-9]+ for [0-9]+ split: ([0-9]+(?:\.[0-9]+)?) USD \(the fraction in shares (before|after) the split\)\.$/.exec(
      text,
    );
  return match ? { cash: match[1] as string, when: match[2] as "before" | "after" } : null;
}

export function splitComment(price: string): string {
  return `Fractions of a share are rounded down to whole shares and paid in cash in lieu at ${price} USD per share after the split.`;
}

export function parseSplitComment(comments: unknown): string | null {
  for (const text of Array.isArray(comments) ? comments : []) {
    const match =
      /^Fractions of a share are rounded down to whole shares and paid in cash in lieu at ([0-9]+(?:\.[0-9]+)?) USD per share after the split\.$/.exec(
        String(text),
      );
    if (match) return match[1] as string;
  }
  return null;
}

export function conversionDescription(price: string | null, ratio: string | null): string {
  return price != null
    ? `Converts at a conversion price of ${price} USD per share, rounded down to whole shares; the fraction is paid in cash.`
    : `Converts at ${ratio} shares per unit, rounded down to whole shares; the fraction is paid in cash.`;
}

export function parseConversionDescription(text: unknown): { price: string | null; ratio: string | null } {
  const value = String(text ?? "");
  const price = /^Converts at a conversion price of ([0-9]+(?:\.[0-9]+)?) USD per share/.exec(value);
  if (price) return { price: price[1] as string, ratio: null };
  const ratio = /^Converts at ([0-9]+(?:\.[0-9]+)?) shares per unit/.exec(value);
  return { price: null, ratio: ratio ? (ratio[1] as string) : null };
}

interface SplitRow {
  id: string;
  date: string;
  at: string;
  ratio_new: number;
  ratio_old: number;
  price: string;
  class_ids: string[];
  other_securities: boolean;
}

interface LineRow {
  id: string;
  holding_id: string;
  before: string;
  after: string;
  cash: string;
}

/**
 * The issuer's splits that OCF can express exactly, as events, and the ids of their transactions (their ledger
 * entries are then not written as issuance units or cancellations). A split is exact when its security is one stock
 * class with no other security's holdings in it, and every holding's fraction is an exact decimal in shares before
 * the split (the repurchase comes before it) or after it (after it); otherwise the split stays in the ledger's form.
 */
export async function exactSplits(
  tx: Sql,
  issuerId: string,
  exported: string,
): Promise<{ events: OcfEvent[]; transactionIds: string[] }> {
  const { rows } = await tx.query<SplitRow>(
    `select t.id, coalesce(t.chain_data ->> 'date', (t.created_on at time zone 'UTC')::date::text) as date,
            ${AT("t.created_on")} as at, (t.chain_data ->> 'ratio_new')::int as ratio_new,
            (t.chain_data ->> 'ratio_old')::int as ratio_old,
            coalesce(trim_scale((t.chain_data ->> 'cash_in_lieu_price')::numeric), 0)::text as price,
            array(select distinct a.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
                   where r.security_id = (t.chain_data ->> 'security_id')::uuid and a.type = 'equity') as class_ids,
            exists (select 1 from (${exported}) x join app_public.rounds r on r.asset_id = x.class_id
                     where r.security_id = (t.chain_data ->> 'security_id')::uuid
                       and x.id in (select h.id from app_public.holdings h
                                     where h.security_id <> (t.chain_data ->> 'security_id')::uuid)) as other_securities
       from app_public.transactions t
      where t.issuer_id = $1 and t.chain_data ->> 'kind' = 'split'
      order by t.created_on, t.id`,
    [issuerId],
  );
  const events: OcfEvent[] = [];
  const transactionIds: string[] = [];
  for (const split of rows) {
    const classId = split.class_ids.length === 1 ? split.class_ids[0] : undefined;
    if (!classId || split.other_securities || !split.ratio_new || !split.ratio_old) continue;
    const { rows: lines } = await tx.query<LineRow>(
      `select l.id, l.holding_id, trim_scale(l.units_before)::text as before, trim_scale(l.units_after)::text as after,
              trim_scale(l.cash)::text as cash
         from app_public.corporate_action_lines l
         join app_public.corporate_actions c on c.id = l.action_id
        where c.transaction_id = $2 and l.holding_id in (select x.id from (${exported}) x)
        order by l.holding_id`,
      [issuerId, split.id],
    );
    const before: OcfObject[] = [];
    const after: OcfObject[] = [];
    let exact = true;
    for (const line of lines) {
      // what the rounding left: units x new - units after x old, in shares before (/ new) or after (/ old) the split
      const left = sub(
        mul(fromDecimal(line.before), whole(split.ratio_new)),
        mul(fromDecimal(line.after), whole(split.ratio_old)),
      );
      if (left.n === 0n) continue;
      const pre = toDecimal(mul(left, { n: 1n, d: BigInt(split.ratio_new) }), OCF_DECIMALS);
      const post = toDecimal(mul(left, { n: 1n, d: BigInt(split.ratio_old) }), OCF_DECIMALS);
      const when = pre != null ? "before" : post != null ? "after" : null;
      if (!when) {
        exact = false;
        break;
      }
      const quantity = (pre ?? post) as string;
      // the price per share of the fraction repurchased: the cash in lieu price per share after the split, in
      // shares before it multiplied by new / old (rounded down to OCF's 10 decimals where it has no exact decimal)
      const perShare =
        when === "after"
          ? fromDecimal(split.price)
          : mul(fromDecimal(split.price), { n: BigInt(split.ratio_new), d: BigInt(split.ratio_old) });
      (when === "before" ? before : after).push({
        object_type: "TX_STOCK_REPURCHASE",
        id: line.id,
        security_id: line.holding_id,
        date: split.date,
        quantity,
        price: { amount: decimalDown(perShare), currency: "USD" },
        consideration_text: cashInLieuText(split.ratio_new, split.ratio_old, line.cash, when),
      });
    }
    if (!exact) continue;
    transactionIds.push(split.id);
    events.push({
      key: eventKey(split.date, split.at, 1, split.id),
      items: [
        ...before,
        {
          object_type: "TX_STOCK_CLASS_SPLIT",
          id: split.id,
          date: split.date,
          stock_class_id: classId,
          split_ratio: { numerator: String(split.ratio_new), denominator: String(split.ratio_old) },
          comments: [splitComment(split.price)],
        },
        ...after,
      ],
    });
  }
  return { events, transactionIds };
}

function whole(n: number): Fraction {
  return { n: BigInt(n), d: 1n };
}

function decimalDown(value: Fraction): string {
  const exact = toDecimal(value, OCF_DECIMALS);
  if (exact != null) return exact;
  const unit = 10n ** BigInt(OCF_DECIMALS);
  return toDecimal({ n: (value.n * unit) / value.d, d: unit }, OCF_DECIMALS) ?? "0";
}

interface ConversionRow {
  entry_id: string;
  holding_id: string;
  investor_id: string;
  round_id: string;
  round_name: string;
  round_date: string;
  issued_date: string;
  issued_at: string;
  date: string;
  at: string;
  units: string;
  investment: string;
  price: string | null;
  ratio: string | null;
  class_id: string | null;
  class_name: string | null;
  resulting: string[];
}

/**
 * Every note holding that converted (a negative ledger entry of a conversion's transaction): the note as a
 * TX_CONVERTIBLE_ISSUANCE (its principal as the investment, a conversion trigger into the class it converted into),
 * the conversion as TX_CONVERTIBLE_CONVERSION naming the stock issuance it resulted in, and the note's round as a
 * financing of its convertible issuances.
 */
export async function conversions(tx: Sql, issuerId: string): Promise<{ events: OcfEvent[]; financings: OcfObject[] }> {
  const { rows } = await tx.query<ConversionRow>(
    `select le.id as entry_id, h.id as holding_id, h.investor_id, r.id as round_id, r.name as round_name,
            (r.opens_on at time zone 'UTC')::date::text as round_date,
            (h.issued_on at time zone 'UTC')::date::text as issued_date, ${AT("h.created_on")} as issued_at,
            coalesce(t.chain_data ->> 'date', (t.created_on at time zone 'UTC')::date::text) as date,
            ${AT("le.created_on")} as at, trim_scale(-le.amount)::text as units,
            trim_scale(-le.amount * coalesce(h.purchase_price, r.price, 0))::text as investment,
            trim_scale(nullif(t.chain_data ->> 'conversion_price', '')::numeric)::text as price,
            trim_scale(nullif(t.chain_data ->> 'conversion_ratio', '')::numeric)::text as ratio,
            ta.id as class_id, ta.name as class_name,
            array(select l.to_holding_id::text from app_public.corporate_action_lines l
                   join app_public.corporate_actions c on c.id = l.action_id
                  where c.transaction_id = t.id and l.holding_id = h.id and l.to_holding_id is not null) as resulting
       from app_public.ledger_entries le
       join app_public.transactions t on t.id = le.transaction_id
       join app_public.holdings h on h.id = le.holding_id
       join app_public.rounds r on r.id = h.round_id
       left join app_public.rounds tr on tr.id = (t.chain_data ->> 'to_round_id')::uuid
       left join app_public.assets ta on ta.id = tr.asset_id
      where t.issuer_id = $1 and t.chain_data ->> 'kind' = 'conversion' and le.amount < 0
        and h.investor_id not in (select al.owner_id from app_public.allocations al)
      order by le.id`,
    [issuerId],
  );
  const events: OcfEvent[] = [];
  const rounds = new Map<string, OcfObject & { issuance_ids: string[] }>();
  for (const row of rows) {
    const round = rounds.get(row.round_id) ?? {
      object_type: "FINANCING",
      id: row.round_id,
      name: row.round_name,
      date: row.round_date,
      issuance_ids: [],
    };
    round.issuance_ids.push(row.holding_id);
    rounds.set(row.round_id, round);
    events.push({
      key: eventKey(row.issued_date, row.issued_at, 0, row.holding_id),
      items: [
        {
          object_type: "TX_CONVERTIBLE_ISSUANCE",
          id: row.holding_id,
          security_id: row.holding_id,
          custom_id: `CN-${row.holding_id.slice(0, 8).toUpperCase()}`,
          stakeholder_id: row.investor_id,
          date: row.issued_date,
          investment_amount: { amount: row.investment, currency: "USD" },
          convertible_type: "NOTE",
          conversion_triggers: [
            {
              trigger_id: "conversion",
              type: "UNSPECIFIED",
              nickname: row.class_name ? `Conversion into ${row.class_name}` : "Conversion",
              conversion_right: {
                type: "CONVERTIBLE_CONVERSION_RIGHT",
                conversion_mechanism: {
                  type: "CUSTOM_CONVERSION",
                  custom_conversion_description: conversionDescription(row.price, row.ratio),
                },
                ...(row.class_id ? { converts_to_stock_class_id: row.class_id } : {}),
              },
            },
          ],
          seniority: 1,
          security_law_exemptions: [],
        },
      ],
    });
    events.push({
      key: eventKey(row.date, row.at, 1, row.entry_id),
      items: [
        {
          object_type: "TX_CONVERTIBLE_CONVERSION",
          id: row.entry_id,
          security_id: row.holding_id,
          date: row.date,
          reason_text: row.class_name ? `Converted into ${row.class_name} by the issuer.` : "Converted by the issuer.",
          trigger_id: "conversion",
          quantity_converted: row.units,
          resulting_security_ids: row.resulting,
        },
      ],
    });
  }
  for (const round of rounds.values()) round.issuance_ids.sort();
  return { events, financings: [...rounds.values()] };
}
