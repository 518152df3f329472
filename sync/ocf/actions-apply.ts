// The corporate actions of an OCF import written to the database (import.ts's transaction and temporary tables;
// the plan from actions-import.ts): notes that converted, their conversions, and splits, as the product's commands
// record them (docs/CORPORATE-ACTIONS.md) but without who acted: a transaction of kind `split` or `conversion`
// (chain_data source 'ocf-import'), its ledger entries, the corporate action and its lines. Each row is recorded
// at its place in the package's order (now() plus its position in microseconds), so the next export keeps the
// order of one day's transactions.
import type { Sql } from "../db/database.ts";

const AT_SEQ = (seq: string) => `now() + ${seq} * interval '1 microsecond'`;

/**
 * Before the stock issuances: each note round as a debt asset, its security and a closed round with bond data
 * (the package gives neither term nor coupon: 1 year, 0 %), each converted note as a holding at 0 with its
 * issuance ledger entry, and the conversions' transactions with the notes' negative entries.
 */
export async function applyNotes(tx: Sql, issuerId: string): Promise<void> {
  await tx.query(
    `with totals as (
       select d.key, coalesce(sum(c.units), 0) as units,
              (select trim_scale(round(f.investment / nullif(f.units, 0), 10)) from ocf_convertibles f
                where f.round_key = d.key order by f.seq limit 1) as price
         from ocf_debt_rounds d left join ocf_convertibles c on c.round_key = d.key group by d.key
     ), securities as (
       insert into app_public.securities (id, issuer_id, name, total)
       select d.security_id, $1, left(d.name, 200), t.units from ocf_debt_rounds d join totals t on t.key = d.key
       returning id
     ), assets as (
       insert into app_public.assets (id, issuer_id, name, type, status, authorized_total)
       select d.asset_id, $1, left(d.name, 200), 'debt', 'active', t.units
         from ocf_debt_rounds d join totals t on t.key = d.key
       returning id
     )
     insert into app_public.rounds (id, asset_id, name, opens_on, closes_on, status, total, terms_url, price, security_id)
     select d.round_id, d.asset_id, left(d.name, 200), d.date::timestamptz, d.date::timestamptz, 'closed', t.units,
            'urn:ocf-import:' || left(d.key, 150), coalesce(t.price, 0), d.security_id
       from ocf_debt_rounds d join totals t on t.key = d.key
      where (select count(*) from securities) >= 0 and (select count(*) from assets) >= 0`,
    [issuerId],
  );
  await tx.query(
    `with bonds as (
       insert into app_public.tranche_bond_data (round_id, term, coupon) select round_id, 1, 0 from ocf_debt_rounds
       returning id
     )
     insert into app_public.transactions (id, issuer_id, round_id, chain_data)
     select d.transaction_id, $1, d.round_id,
            jsonb_build_object('source', 'ocf-import', 'paid_on', d.date::timestamptz, 'date', d.date::text)
       from ocf_debt_rounds d where (select count(*) from bonds) >= 0`,
    [issuerId],
  );
  await tx.query(
    `insert into app_public.transactions (id, issuer_id, round_id, chain_data, created_on)
     select distinct on (x.transaction_id) x.transaction_id, $1, d.round_id,
            jsonb_build_object('source', 'ocf-import', 'kind', 'conversion', 'corporate_action_id', x.action_id,
                               'from_round_id', d.round_id, 'to_round_id', r.round_id,
                               'conversion_price', trim_scale(x.price)::text,
                               'conversion_ratio', trim_scale(x.ratio)::text,
                               'date', x.date::text, 'paid_on', x.date::timestamptz),
            ${AT_SEQ("x.seq")}
       from ocf_conversions x join ocf_convertibles c on c.key = x.convertible_key
       join ocf_debt_rounds d on d.key = c.round_key
       left join ocf_issuances i on i.key = x.to_issuance_key left join ocf_rounds r on r.key = i.round_key
      order by x.transaction_id, x.seq`,
    [issuerId],
  );
  await tx.exec(`
    insert into app_public.holdings (id, security_id, round_id, investor_id, amount, purchase_price, issued_on,
                                     created_on)
    select c.holding_id, d.security_id, d.round_id, p.investor_id, 0,
           trim_scale(round(c.investment / nullif(c.units, 0), 10)), c.date::timestamptz, ${AT_SEQ("c.seq")}
      from ocf_convertibles c join ocf_debt_rounds d on d.key = c.round_key join ocf_people p on p.key = c.person_key;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
    select d.transaction_id, c.holding_id, p.investor_id, c.units, ${AT_SEQ("c.seq")}
      from ocf_convertibles c join ocf_debt_rounds d on d.key = c.round_key join ocf_people p on p.key = c.person_key;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
    select x.transaction_id, c.holding_id, p.investor_id, -c.units, ${AT_SEQ("x.seq")}
      from ocf_conversions x join ocf_convertibles c on c.key = x.convertible_key
      join ocf_people p on p.key = c.person_key;
  `);
}

/**
 * After the stock issuances: each conversion's action and a line per note (units before and after, the fraction
 * convertRound would pay in cash at the conversion price, the new holding).
 */
export async function applyConversionActions(tx: Sql, issuerId: string): Promise<void> {
  await tx.exec(`
    create temp table ocf_conversion_lines on commit drop as
    select x.action_id, x.transaction_id, x.price, x.ratio, c.holding_id, p.investor_id, c.units,
           coalesce(i.quantity, 0) as whole_units, i.holding_id as to_holding_id, d.security_id,
           d.round_id as from_round_id, r.round_id as to_round_id, cl.authorized as to_authorized,
           greatest(0, trim_scale(trunc(trunc(case when x.ratio is not null then c.units * x.ratio
                                                   when x.price > 0 then c.investment / x.price
                                                   else coalesce(i.quantity, 0) end, 12)
                                        - coalesce(i.quantity, 0), 6))) as fraction,
           coalesce(x.price, r.price, 0) as cash_price
      from ocf_conversions x join ocf_convertibles c on c.key = x.convertible_key
      join ocf_debt_rounds d on d.key = c.round_key join ocf_people p on p.key = c.person_key
      left join ocf_issuances i on i.key = x.to_issuance_key left join ocf_rounds r on r.key = i.round_key
      left join ocf_classes cl on cl.key = r.class_key;
  `);
  await tx.query(
    `insert into app_public.corporate_actions (id, security_id, issuer_id, kind, price_per_unit, units_before,
                                               units_after, cash_total, authorized_before, authorized_after,
                                               transaction_id, from_round_id, to_round_id, conversion_ratio)
     select l.action_id, min(l.security_id::text)::uuid, $1, 'conversion', min(l.cash_price), sum(l.units),
            sum(l.whole_units), sum(round(l.fraction * l.cash_price, 2)), coalesce(min(l.to_authorized), 0),
            coalesce(min(l.to_authorized), 0), min(l.transaction_id::text)::uuid,
            min(l.from_round_id::text)::uuid, min(l.to_round_id::text)::uuid, min(l.ratio)
       from ocf_conversion_lines l group by l.action_id`,
    [issuerId],
  );
  await tx.exec(`
    insert into app_public.corporate_action_lines (action_id, holding_id, investor_id, units_before, units_after,
                                                   fraction_units, cash, to_holding_id)
    select l.action_id, l.holding_id, l.investor_id, l.units, l.whole_units, l.fraction,
           round(l.fraction * l.cash_price, 2), l.to_holding_id
      from ocf_conversion_lines l;
  `);
}

/**
 * After the stock issuances: each split's transaction (kind split, as splitSecurity writes it), its action, a line
 * per holding of the class (units before and after, the fraction and its cash in lieu) and a ledger entry per
 * holding whose units changed.
 */
export async function applySplits(tx: Sql, issuerId: string): Promise<void> {
  await tx.query(
    `insert into app_public.transactions (id, issuer_id, chain_data, created_on)
     select s.transaction_id, $1,
            jsonb_build_object('source', 'ocf-import', 'kind', 'split', 'corporate_action_id', s.action_id,
                               'security_id', c.security_id, 'ratio_new', s.ratio_new, 'ratio_old', s.ratio_old,
                               'cash_in_lieu_price', trim_scale(s.price)::text, 'date', s.date::text,
                               'paid_on', s.date::timestamptz),
            ${AT_SEQ("s.seq")}
       from ocf_splits s join ocf_classes c on c.key = s.class_key`,
    [issuerId],
  );
  await tx.query(
    `insert into app_public.corporate_actions (id, security_id, issuer_id, kind, ratio_new, ratio_old, price_per_unit,
                                               units_before, units_after, cash_total, authorized_before,
                                               authorized_after, transaction_id)
     select s.action_id, c.security_id, $1, 'split', s.ratio_new, s.ratio_old, s.price,
            coalesce(sum(l.before), 0), coalesce(sum(l.after), 0), coalesce(sum(l.cash), 0), c.authorized,
            c.authorized, s.transaction_id
       from ocf_splits s join ocf_classes c on c.key = s.class_key
       left join ocf_split_lines l on l.split_key = s.key
      group by s.action_id, c.security_id, s.ratio_new, s.ratio_old, s.price, c.authorized, s.transaction_id`,
    [issuerId],
  );
  await tx.exec(`
    insert into app_public.corporate_action_lines (action_id, holding_id, investor_id, units_before, units_after,
                                                   fraction_units, cash)
    select s.action_id, i.holding_id, p.investor_id, l.before, l.after, l.fraction, l.cash
      from ocf_split_lines l join ocf_splits s on s.key = l.split_key
      join ocf_issuances i on i.key = l.issuance_key join ocf_people p on p.key = i.person_key;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
    select s.transaction_id, i.holding_id, p.investor_id, l.after - l.before, ${AT_SEQ("s.seq")}
      from ocf_split_lines l join ocf_splits s on s.key = l.split_key
      join ocf_issuances i on i.key = l.issuance_key join ocf_people p on p.key = i.person_key
     where l.after <> l.before;
  `);
}
