-- The register as of any date (issue 32 item 3, docs/REGISTER.md). The cap
-- table, a holder's position and the schedule of purchasers are rebuilt from the signed amounts of the ledger, every
-- entry type alike (issuances, transfers, cancellations, corporate actions), so a new kind of entry counts without a
-- change here. Each function is security invoker: it reads holdings, ledger entries and transactions under the
-- caller's row-level security, exactly as today's reports do (an issuer its own securities, a broker the rounds it
-- manages, an investor its own position).
--
-- The day an entry counts from (UTC), stated once in app_private.register_entry_day:
--   * a holding's issuance (its first entry, on a transaction without chain_data.kind) counts from the holding's
--     issue date, which the seed and the OCF import set in the past (never later than the entry was written);
--   * any other entry counts from chain_data.date (yyyy-mm-dd, the OCF import's dated transactions) or else from the
--     day its transaction was written (a transfer's approval).

create or replace function app_private.register_entry_day(
  chain_data jsonb,
  first_of_holding boolean,
  issued_on timestamptz,
  written_on timestamptz
)
  returns date
  language sql
  stable
as $function$
  -- stable, as the text-to-date cast it uses; no SET clause: PostgreSQL inlines it into the register's scan (a call per entry cost 0.03 ms, 550 ms per 20,000)
  select case
    when first_of_holding and not (chain_data ? 'kind') then (least(issued_on, written_on) at time zone 'UTC')::date
    when chain_data ->> 'date' ~ '^\d{4}-\d{2}-\d{2}$' then (chain_data ->> 'date')::date
    else (written_on at time zone 'UTC')::date
  end
$function$;
comment on function app_private.register_entry_day(jsonb, boolean, timestamptz, timestamptz) is
  'The day (UTC) a ledger entry counts from in the register (docs/REGISTER.md).';
grant execute on function app_private.register_entry_day(jsonb, boolean, timestamptz, timestamptz) to app_user;

-- The register's lines as of the end of a day, for every holder the caller may see (or one of them).
create or replace function app_private.register_lines(as_of date, only_investor uuid default null)
  returns setof app_public.register_line
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  with entries as (
    select e.holding_id, e.investor_id, e.amount, t.chain_data, h.issued_on, t.created_on as written_on,
           row_number() over (partition by e.holding_id order by t.created_on, e.created_on, e.id) = 1 as first_of_holding
      from app_public.ledger_entries e
      join app_public.transactions t on t.id = e.transaction_id
      join app_public.holdings h on h.id = e.holding_id
  ),
  positions as (
    select e.holding_id, e.investor_id, sum(e.amount) as units,
           max(case when e.first_of_holding and e.chain_data ->> 'paid_on' ~ '^\d{4}-\d{2}-\d{2}'
                    then left(e.chain_data ->> 'paid_on', 10) end) as paid_on
      from entries e
     where app_private.register_entry_day(e.chain_data, e.first_of_holding, e.issued_on, e.written_on) <= as_of
       and (only_investor is null or e.investor_id = only_investor)
     group by e.holding_id, e.investor_id
  )
  select p.holding_id, p.investor_id, inv.name, inv.email, a.name, r.name, h.security_id, s.name, p.units,
         coalesce(h.purchase_price, r.price), h.issued_on,
         coalesce(p.paid_on::date, (h.issued_on at time zone 'UTC')::date)
    from positions p
    join app_public.holdings h on h.id = p.holding_id
    left join app_public.accounts inv on inv.id = p.investor_id
    left join app_public.rounds r on r.id = h.round_id
    left join app_public.assets a on a.id = r.asset_id
    left join app_public.securities s on s.id = h.security_id
   where p.units > 0
     and p.investor_id not in (select al.owner_id from app_public.allocations al)
$function$;
grant execute on function app_private.register_lines(date, uuid) to app_user;

-- The checks of an as-of date, with the texts the screens and downloads show.
create or replace function app_private.check_register_day(as_of date)
  returns boolean
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if as_of is null then
    raise exception 'As of date is required.' using errcode = 'LL422';
  end if;
  perform app_private.check_date(as_of);
  -- one day of tolerance for time zones ahead of UTC, as the other date rules
  if as_of > current_date + 1 then
    raise exception 'As of date must not be in the future.' using errcode = 'LL422';
  end if;
  return true;
end
$function$;
grant execute on function app_private.check_register_day(date) to app_user;

create or replace function app_public.register_cap_table(as_of date)
  returns setof app_public.register_line
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  perform app_private.check_register_day(as_of);
  return query select * from app_private.register_lines(as_of);
end
$function$;
comment on function app_public.register_cap_table(date) is
  'The cap table as of the end of a day (UTC), rebuilt from the ledger: one line per holder and holding with units. Also the schedule of purchasers (paid on, purchase price).';
grant execute on function app_public.register_cap_table(date) to app_user;

create or replace function app_public.register_position(as_of date, investor_id uuid default null)
  returns setof app_public.register_line
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
declare
  holder uuid := coalesce(register_position.investor_id,
                          case when app_private.current_account_type() = 'investor'
                               then app_private.current_account_id() end);
begin
  perform app_private.check_register_day(as_of);
  if holder is null then
    raise exception 'Choose a holder.' using errcode = 'LL422';
  end if;
  return query select * from app_private.register_lines(as_of, holder);
end
$function$;
comment on function app_public.register_position(date, uuid) is
  'A holder''s position as of the end of a day (UTC), rebuilt from the ledger (an investor''s own when no holder is named).';
grant execute on function app_public.register_position(date, uuid) to app_user;

-- The control report: per security of the issuer, authorized units against the ledger, the holdings, the cap table
-- and the chain. The product's own test chain (ledgerlinen-hawknet, PRODUCT_TEST_CHAIN in src/domain/wallet.ts) is
-- rows only and never tokenized, so it is left out on both sides, as the wallet leaves it out. Differences are named in people's words by src/domain/register.ts (server and device alike).
create or replace function app_public.register_control()
  returns setof app_public.register_control_line
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  perform app_private.require_account_type('issuer');
  return query
  with own as (
    select s.id, s.name, s.total from app_public.securities s where s.issuer_id = app_private.current_account_id()
  ),
  entries as (
    select h.security_id, e.amount, t.chain_data ? 'kind' as has_kind,
           row_number() over (partition by e.holding_id order by t.created_on, e.created_on, e.id) = 1 as first_of_holding
      from app_public.ledger_entries e
      join app_public.transactions t on t.id = e.transaction_id
      join app_public.holdings h on h.id = e.holding_id
     where h.security_id in (select o.id from own o)
  ),
  ledger as (
    select e.security_id,
           coalesce(sum(e.amount) filter (where e.first_of_holding and not e.has_kind), 0) as issued,
           sum(e.amount) as outstanding
      from entries e group by e.security_id
  ),
  held as (
    select h.security_id, sum(h.amount) as holdings,
           coalesce(sum(h.amount) filter (where h.amount > 0 and h.investor_id not in
                                            (select al.owner_id from app_public.allocations al)), 0) as cap_table,
           sum(h.amount) filter (where exists (select 1 from app_public.holding_blockchain_addresses x
                                               where x.holding_id = h.id and x.status = 'trade'
                                                 and x.chain <> 'ledgerlinen-hawknet')) as tokenized
      from app_public.holdings h where h.security_id in (select o.id from own o) group by h.security_id
  ),
  chain as (
    select r.security_id, sum(c.amount) as on_chain
      from app_public.cap_table_entries c
      join app_public.tokens t on t.id = c.token_id
      join app_public.rounds r on r.id = t.round_id
      left join app_public.blockchain_addresses b on b.id = c.blockchain_address_id
     where r.security_id in (select o.id from own o) and b.chain is distinct from 'ledgerlinen-hawknet'
     group by r.security_id
  )
  select o.id, o.name, o.total, coalesce(l.issued, 0), coalesce(l.outstanding, 0), coalesce(hd.holdings, 0),
         coalesce(hd.cap_table, 0), hd.tokenized, c.on_chain
    from own o
    left join ledger l on l.security_id = o.id
    left join held hd on hd.security_id = o.id
    left join chain c on c.security_id = o.id
   order by o.name, o.id;
end
$function$;
comment on function app_public.register_control() is
  'The control report of the issuer''s securities: authorized, issued and outstanding units from the ledger, the holdings, the cap table and the token balances on the chain.';
grant execute on function app_public.register_control() to app_user;
