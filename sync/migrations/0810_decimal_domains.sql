-- Exact quantities and dates within the business's bounds (issue 13, items 4 and 7): NaN, Infinity and 1e309 are numeric values to
-- PostgreSQL and were stored as totals, prices and commitments. Every numeric column of app_public now has one of
-- these domains, and every numeric argument of an app_public function is typed with one, so the rule is written
-- once, here, and holds for every writer. A value outside its domain fails with LL422 and the field kind's text
-- (the client checks the same bounds with the same texts before queueing: src/domain/decimal.ts).
--
--   app_public.units         share and unit counts       0 <= x < 10^15, at most 6 decimal places
--   app_public.signed_units  ledger movements             -10^15 < x < 10^15, at most 6 decimal places
--   app_public.money         amounts of money             0 <= x < 10^15, at most 6 decimal places
--   app_public.price         prices per unit              0 <= x < 10^15, at most 10 decimal places
--   app_public.percent       percentages (coupon)         0 <= x <= 100, at most 6 decimal places
--   app_public.years         durations in years (term)    0 <= x < 1000, at most 6 decimal places
--
-- Trailing zeros do not count as decimal places ('1.500000000' is 1.5). NULL passes (required fields are the
-- tables' own rules, with the spec's texts). The domains run before any trigger, so NaN never reaches a rule that
-- compares it (PostgreSQL orders NaN above every number).

create function app_private.check_decimal(value numeric, label text, max_scale integer, lowest numeric,
  highest numeric, highest_included boolean default false) returns boolean
  language plpgsql immutable parallel safe
  set search_path = pg_catalog
as $$
begin
  if value is null then
    return true;
  end if;
  if value = 'NaN'::numeric or value = 'Infinity'::numeric or value = '-Infinity'::numeric then
    raise exception '% must be a finite number.', label using errcode = 'LL422';
  end if;
  if value < lowest then
    if lowest = 0 then
      raise exception '% must not be negative.', label using errcode = 'LL422';
    end if;
    raise exception '% must be greater than %.', label, app_private.decimal_bound_text(lowest)
      using errcode = 'LL422';
  end if;
  if value > highest or (value = highest and not highest_included) then
    if highest_included then
      raise exception '% must be at most %.', label, app_private.decimal_bound_text(highest) using errcode = 'LL422';
    end if;
    raise exception '% must be less than %.', label, app_private.decimal_bound_text(highest) using errcode = 'LL422';
  end if;
  if scale(trim_scale(value)) > max_scale then
    raise exception '% can have at most % decimal places.', label, max_scale using errcode = 'LL422';
  end if;
  return true;
end
$$;

-- 1000000000000000 -> '1,000,000,000,000,000' (the bounds are whole numbers).
create function app_private.decimal_bound_text(value numeric) returns text
  language sql immutable parallel safe
  set search_path = pg_catalog
as $$
  select case when value < 0 then '-' else '' end
    || regexp_replace(trunc(abs(value))::text, '(\d)(?=(\d{3})+$)', '\1,', 'g')
$$;

create domain app_public.units as numeric
  check (app_private.check_decimal(value, 'Units', 6, 0, 1e15));
create domain app_public.signed_units as numeric
  check (app_private.check_decimal(value, 'Units', 6, -1e15 + 1e-6, 1e15));
create domain app_public.money as numeric
  check (app_private.check_decimal(value, 'Amount', 6, 0, 1e15));
create domain app_public.price as numeric
  check (app_private.check_decimal(value, 'Price', 10, 0, 1e15));
create domain app_public.percent as numeric
  check (app_private.check_decimal(value, 'Percentage', 6, 0, 100, true));
create domain app_public.years as numeric
  check (app_private.check_decimal(value, 'Term', 6, 0, 1000));

comment on domain app_public.units is 'A number of units: 0 <= x < 10^15, at most 6 decimal places.';
comment on domain app_public.signed_units is 'A movement of units: |x| < 10^15, at most 6 decimal places.';
comment on domain app_public.money is 'An amount of money: 0 <= x < 10^15, at most 6 decimal places.';
comment on domain app_public.price is 'A price per unit: 0 <= x < 10^15, at most 10 decimal places.';
comment on domain app_public.percent is 'A percentage: 0 <= x <= 100, at most 6 decimal places.';
comment on domain app_public.years is 'A duration in years: 0 <= x < 1000, at most 6 decimal places.';

grant execute on function app_private.check_decimal(numeric, text, integer, numeric, numeric, boolean),
  app_private.decimal_bound_text(numeric) to app_user;
grant usage on domain app_public.units, app_public.signed_units, app_public.money, app_public.price,
  app_public.percent, app_public.years to app_user;

-- Every numeric column of app_public, by kind (tests/db/conventions.test.ts fails on a numeric column without one).
alter table app_public.assets alter column authorized_total type app_public.units;
alter table app_public.broker_allocations alter column managed_units type app_public.units;
alter table app_public.cap_table_entries alter column amount type app_public.units;
alter table app_public.distributions alter column amount type app_public.units;
alter table app_public.holdings alter column amount type app_public.units;
alter table app_public.rounds alter column managed_units type app_public.units;
alter table app_public.rounds alter column total type app_public.units;
alter table app_public.securities alter column total type app_public.units;
alter table app_public.tokens alter column total type app_public.units;
alter table app_public.ledger_entries alter column amount type app_public.signed_units;
alter table app_public.capital_deployments alter column amount type app_public.money;
alter table app_public.distribution_payments alter column amount type app_public.money;
alter table app_public.dividend_payments alter column amount type app_public.money;
alter table app_public.holdings alter column paid_out_dividends type app_public.money;
alter table app_public.distribution_prices alter column price type app_public.price;
alter table app_public.distributions alter column purchase_price type app_public.price;
alter table app_public.holdings alter column purchase_price type app_public.price;
alter table app_public.rounds alter column price type app_public.price;
alter table app_public.securities alter column unit_value type app_public.price;
alter table app_public.tokens alter column coinbase_buy_price_usd type app_public.price;
alter table app_public.tokens alter column coinbase_sell_price_usd type app_public.price;
alter table app_public.tokens alter column coinbase_spot_price_usd type app_public.price;
alter table app_public.tranche_bond_data alter column coupon type app_public.percent;
alter table app_public.tranche_bond_data alter column term type app_public.years;

-- Dates: every date and timestamp column a user can write (all but created_on / updated_on) refuses infinity and
-- dates outside 1900..2199 (issue 13, item 7; the per-field rules are in 0811_date_rules.sql).
create function app_private.check_date(value timestamptz) returns boolean
  language plpgsql immutable parallel safe
  set search_path = pg_catalog
as $$
begin
  if value is null then
    return true;
  end if;
  if not isfinite(value) or value < '1900-01-01 00:00:00+00'::timestamptz
     or value >= '2200-01-01 00:00:00+00'::timestamptz then
    raise exception 'Enter a valid date between 01/01/1900 and 12/31/2199.' using errcode = 'LL422';
  end if;
  return true;
end
$$;

create function app_private.check_date(value date) returns boolean
  language plpgsql immutable parallel safe
  set search_path = pg_catalog
as $$
begin
  if value is null then
    return true;
  end if;
  if not isfinite(value) or value < '1900-01-01'::date or value >= '2200-01-01'::date then
    raise exception 'Enter a valid date between 01/01/1900 and 12/31/2199.' using errcode = 'LL422';
  end if;
  return true;
end
$$;

grant execute on function app_private.check_date(timestamptz), app_private.check_date(date) to app_user;

create domain app_public.moment as timestamptz check (app_private.check_date(value));
create domain app_public.day as date check (app_private.check_date(value));
comment on domain app_public.moment is 'A point in time between 1900 and 2199 (never infinity).';
comment on domain app_public.day is 'A calendar day between 1900 and 2199 (never infinity).';
grant usage on domain app_public.moment, app_public.day to app_user;

alter table app_public.accounts alter column date_of_birth type app_public.day;
alter table app_public.accounts alter column formation_date type app_public.day;
alter table app_public.parties alter column date_of_birth type app_public.day;
alter table app_public.dividend_payments alter column paid_on type app_public.day;
alter table app_public.allocations alter column opens_on type app_public.moment;
alter table app_public.allocations alter column closes_on type app_public.moment;
alter table app_public.rounds alter column opens_on type app_public.moment;
alter table app_public.rounds alter column closes_on type app_public.moment;
alter table app_public.capital_deployments alter column deployed_on type app_public.moment;
alter table app_public.distribution_payments alter column paid_on type app_public.moment;
alter table app_public.holdings alter column issued_on type app_public.moment;
alter table app_public.steps alter column completed_on type app_public.moment;
alter table app_public.terms_acceptances alter column accepted_on type app_public.moment;
alter table app_public.vesting_schedules alter column starts_on type app_public.moment;

-- The functions that take quantities and dates: their arguments are typed with the domains, so a bad value is refused
-- before the function runs, with the same text. The body stays what it was, moved to app_private under the same
-- name (its body names its arguments by the function's name); app_public keeps one function per name, with the
-- domain-typed signature, which calls it.
do $$
declare
  f record;
  original regprocedure;
  comment text;
begin
  for f in select * from (values
    ('make_round', 'app_public.make_round(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, uuid)',
     'asset_id uuid, name text, terms_url text, price app_public.price, opens_on app_public.moment, closes_on app_public.moment, status text, total app_public.units, id uuid default null',
     'asset_id, name, terms_url, price, opens_on, closes_on, status, total, id', 'app_public.rounds'),
    ('make_tranche', 'app_public.make_tranche(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, numeric, numeric, uuid)',
     'asset_id uuid, name text, terms_url text, price app_public.price, opens_on app_public.moment, closes_on app_public.moment, status text, total app_public.units, term app_public.years, coupon app_public.percent, id uuid default null',
     'asset_id, name, terms_url, price, opens_on, closes_on, status, total, term, coupon, id', 'app_public.rounds'),
    ('make_distribution', 'app_public.make_distribution(uuid, text, numeric, text, uuid)',
     'allocation_id uuid, account_email text, amount app_public.units, name text default null, id uuid default null',
     'allocation_id, account_email, amount, name, id', 'app_public.distributions'),
    ('investor_make_distribution', 'app_public.investor_make_distribution(uuid, numeric, uuid)',
     'offering_id uuid, amount app_public.units, id uuid default null',
     'offering_id, amount, id', 'app_public.distributions'),
    ('make_dividend_payment', 'app_public.make_dividend_payment(uuid, numeric, date, uuid)',
     'holding_id uuid, amount app_public.money, paid_on app_public.day default null, id uuid default null',
     'holding_id, amount, paid_on, id', 'app_public.dividend_payments')
  ) as t(name, signature, params, args, returns)
  loop
    original := f.signature::regprocedure;
    comment := obj_description(original, 'pg_proc');
    execute format('alter function %s set schema app_private', original);
    execute format(
      'create function app_public.%I(%s) returns %s language sql volatile as $body$ select * from app_private.%I(%s) $body$',
      f.name, f.params, f.returns, f.name, f.args);
    execute format('grant execute on function app_public.%I to app_user', f.name);
    if comment is not null then
      execute format('comment on function app_public.%I is %L', f.name, comment);
    end if;
  end loop;
end
$$;

-- Replication prints numeric columns as exact decimal strings: a column whose type is a domain over numeric is
-- numeric too. Same definitions as 0502 / 0700 otherwise.
create or replace function app_private.row_document(row_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_object_agg(
    app_private.camel_case(e.key),
    case when jsonb_typeof(e.value) = 'number'
          and exists (select 1 from pg_catalog.pg_attribute a
                      left join pg_catalog.pg_type t on t.oid = a.atttypid
                      where a.attrelid = tbl and a.attname = e.key and not a.attisdropped
                        and (a.atttypid = 'numeric'::regtype or t.typbasetype = 'numeric'::regtype))
      then to_jsonb(e.value #>> '{}') else e.value end
  ), '{}'::jsonb)
  from jsonb_each(row_json) e
$$;

create or replace function app_private.row_documents(rows_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_agg(d.doc order by d.ord), '[]'::jsonb)
  from (
    select x.ord, coalesce(jsonb_object_agg(
      app_private.camel_case(e.key),
      case when jsonb_typeof(e.value) = 'number'
            and exists (select 1 from pg_catalog.pg_attribute a
                        left join pg_catalog.pg_type t on t.oid = a.atttypid
                        where a.attrelid = tbl and a.attname = e.key and not a.attisdropped
                          and (a.atttypid = 'numeric'::regtype or t.typbasetype = 'numeric'::regtype))
        then to_jsonb(e.value #>> '{}') else e.value end
    ) filter (where e.key is not null), '{}'::jsonb) as doc
    from jsonb_array_elements(coalesce(rows_json, '[]'::jsonb)) with ordinality as x(r, ord)
      left join lateral jsonb_each(x.r) e on true
    group by x.ord
  ) d
$$;

create or replace function app_private.document_shape(tbl regclass, out keys jsonb, out numerics text[])
  language sql stable
  set search_path = pg_catalog, app_private
as $$
  select coalesce(jsonb_object_agg(a.attname, app_private.camel_case(a.attname)), '{}'::jsonb),
         coalesce(array_agg(a.attname::text) filter (where a.atttypid = 'numeric'::regtype
                                                       or t.typbasetype = 'numeric'::regtype), '{}')
  from pg_catalog.pg_attribute a
  left join pg_catalog.pg_type t on t.oid = a.atttypid
  where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped
$$;
