-- Exact quantities and dates within the business's bounds (issue 13, items 4 and 7). NaN, Infinity and 1e309 are
-- numeric values to PostgreSQL and were stored as totals, prices and an investor's own commitment; 'infinity' was
-- stored as a payment date. One rule per kind of value, written once here and held by every numeric and every
-- writable date column of app_public (a check constraint named <column>_bounds; tests/db/input-bounds.test.ts fails
-- on a column without one) and by every quantity or date argument of the app_public functions. A value outside its
-- kind fails with LL422 and the kind's text; the client checks the same bounds with the same texts before
-- queueing (src/domain/decimal.ts, src/domain/limits.ts).
--
--   units         share and unit counts       0 <= x < 10^15, at most 6 decimal places     'Units ...'
--   signed units  ledger movements             -10^15 <= x < 10^15, at most 6 decimal places 'Units ...'
--   money         amounts of money             0 <= x < 10^15, at most 6 decimal places     'Amount ...'
--   price         prices per unit              0 <= x < 10^15, at most 10 decimal places    'Price ...'
--   percent       percentages (coupon)         0 <= x <= 100, at most 6 decimal places      'Percentage ...'
--   years         durations in years (term)    0 <= x < 1000, at most 6 decimal places      'Term ...'
--   dates         every date a user can write  finite, from 1900 to 2199
--
-- Trailing zeros do not count as decimal places ('1.500000000' is 1.5). NULL passes (required fields are the
-- tables' own rules, with the spec's texts, and run first: BEFORE triggers precede check constraints).
-- Why check constraints and not domains: PostGraphile V5 exposes a domain as a scalar of its own (Units, Price,
-- Moment) where clients and the server's input checks expect BigFloat and Datetime.

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
    raise exception '% must be at least %.', label, app_private.decimal_bound_text(lowest)
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


-- One function per kind: the column constraints and the function arguments call these.
create function app_private.units_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Units', 6, 0, 1e15) $$;
create function app_private.signed_units_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Units', 6, -1e15, 1e15) $$;
create function app_private.money_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Amount', 6, 0, 1e15) $$;
create function app_private.price_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Price', 10, 0, 1e15) $$;
create function app_private.percent_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Percentage', 6, 0, 100, true) $$;
create function app_private.years_ok(value numeric) returns boolean
  language sql immutable parallel safe
  as $$ select app_private.check_decimal(value, 'Term', 6, 0, 1000) $$;

grant execute on function app_private.check_decimal(numeric, text, integer, numeric, numeric, boolean),
  app_private.decimal_bound_text(numeric), app_private.units_ok(numeric), app_private.signed_units_ok(numeric),
  app_private.money_ok(numeric), app_private.price_ok(numeric), app_private.percent_ok(numeric),
  app_private.years_ok(numeric), app_private.check_date(timestamptz), app_private.check_date(date) to app_user;

-- Every numeric and every writable date column of app_public, by kind.
do $$
declare
  c record;
begin
  for c in select * from (values
    ('assets', 'authorized_total', 'units_ok'),
    ('broker_allocations', 'managed_units', 'units_ok'),
    ('cap_table_entries', 'amount', 'units_ok'),
    ('distributions', 'amount', 'units_ok'),
    ('holdings', 'amount', 'units_ok'),
    ('rounds', 'managed_units', 'units_ok'),
    ('rounds', 'total', 'units_ok'),
    ('securities', 'total', 'units_ok'),
    ('tokens', 'total', 'units_ok'),
    ('ledger_entries', 'amount', 'signed_units_ok'),
    ('capital_deployments', 'amount', 'money_ok'),
    ('distribution_payments', 'amount', 'money_ok'),
    ('dividend_payments', 'amount', 'money_ok'),
    ('holdings', 'paid_out_dividends', 'money_ok'),
    ('distribution_prices', 'price', 'price_ok'),
    ('distributions', 'purchase_price', 'price_ok'),
    ('holdings', 'purchase_price', 'price_ok'),
    ('rounds', 'price', 'price_ok'),
    ('securities', 'unit_value', 'price_ok'),
    ('tokens', 'coinbase_buy_price_usd', 'price_ok'),
    ('tokens', 'coinbase_sell_price_usd', 'price_ok'),
    ('tokens', 'coinbase_spot_price_usd', 'price_ok'),
    ('tranche_bond_data', 'coupon', 'percent_ok'),
    ('tranche_bond_data', 'term', 'years_ok'),
    ('accounts', 'date_of_birth', 'check_date'),
    ('accounts', 'formation_date', 'check_date'),
    ('parties', 'date_of_birth', 'check_date'),
    ('dividend_payments', 'paid_on', 'check_date'),
    ('allocations', 'opens_on', 'check_date'),
    ('allocations', 'closes_on', 'check_date'),
    ('rounds', 'opens_on', 'check_date'),
    ('rounds', 'closes_on', 'check_date'),
    ('capital_deployments', 'deployed_on', 'check_date'),
    ('distribution_payments', 'paid_on', 'check_date'),
    ('holdings', 'issued_on', 'check_date'),
    ('steps', 'completed_on', 'check_date'),
    ('terms_acceptances', 'accepted_on', 'check_date'),
    ('vesting_schedules', 'starts_on', 'check_date')
  ) as t(tbl, col, rule)
  loop
    execute format('alter table app_public.%I add constraint %I check (app_private.%I(%I))',
      c.tbl, c.col || '_bounds', c.rule, c.col);
  end loop;
end
$$;

-- The functions that take quantities and dates check them first, with the same rules and texts (but for the sign:
-- a negative or zero amount keeps the function's own spec text, 'Distribution amount must be greater than 0.', and
-- the column's rule still refuses it): each keeps its signature in app_public (so its GraphQL input is unchanged)
-- and its body moves to app_private under the same name (the body names its arguments by the function's name).
do $$
declare
  f record;
  original regprocedure;
  comment text;
begin
  for f in select * from (values
    ('make_round', 'app_public.make_round(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, uuid)',
     'asset_id uuid, name text, terms_url text, price numeric, opens_on timestamptz, closes_on timestamptz, status text, total numeric, id uuid default null',
     'app_private.check_decimal(price, ''Price'', 10, -1e15, 1e15) and app_private.check_date(opens_on) and app_private.check_date(closes_on) and app_private.check_decimal(total, ''Units'', 6, -1e15, 1e15)',
     'asset_id, name, terms_url, price, opens_on, closes_on, status, total, id', 'app_public.rounds'),
    ('make_tranche', 'app_public.make_tranche(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, numeric, numeric, uuid)',
     'asset_id uuid, name text, terms_url text, price numeric, opens_on timestamptz, closes_on timestamptz, status text, total numeric, term numeric, coupon numeric, id uuid default null',
     'app_private.check_decimal(price, ''Price'', 10, -1e15, 1e15) and app_private.check_date(opens_on) and app_private.check_date(closes_on) and app_private.check_decimal(total, ''Units'', 6, -1e15, 1e15) and app_private.check_decimal(term, ''Term'', 6, -1e15, 1000) and app_private.check_decimal(coupon, ''Percentage'', 6, -1e15, 100, true)',
     'asset_id, name, terms_url, price, opens_on, closes_on, status, total, term, coupon, id', 'app_public.rounds'),
    ('make_distribution', 'app_public.make_distribution(uuid, text, numeric, text, uuid)',
     'allocation_id uuid, account_email text, amount numeric, name text default null, id uuid default null',
     'app_private.check_decimal(amount, ''Units'', 6, -1e15, 1e15)',
     'allocation_id, account_email, amount, name, id', 'app_public.distributions'),
    ('investor_make_distribution', 'app_public.investor_make_distribution(uuid, numeric, uuid)',
     'offering_id uuid, amount numeric, id uuid default null',
     'app_private.check_decimal(amount, ''Units'', 6, -1e15, 1e15)',
     'offering_id, amount, id', 'app_public.distributions'),
    ('make_dividend_payment', 'app_public.make_dividend_payment(uuid, numeric, date, uuid)',
     'holding_id uuid, amount numeric, paid_on date default null, id uuid default null',
     'app_private.check_decimal(amount, ''Amount'', 6, -1e15, 1e15) and app_private.check_date(paid_on)',
     'holding_id, amount, paid_on, id', 'app_public.dividend_payments')
  ) as t(name, signature, params, checks, args, returns)
  loop
    original := f.signature::regprocedure;
    comment := obj_description(original, 'pg_proc');
    execute format('alter function %s set schema app_private', original);
    -- A volatile plpgsql body: the checks run before the call, every time, in order.
    execute format(
      'create function app_public.%I(%s) returns %s language plpgsql volatile as $body$ '
      'declare result %s; begin perform %s; select * into result from app_private.%I(%s); return result; end $body$',
      f.name, f.params, f.returns, f.returns, f.checks, f.name, f.args);
    execute format('grant execute on function %s to app_user', f.signature);
    if comment is not null then
      execute format('comment on function %s is %L', f.signature, comment);
    end if;
  end loop;
end
$$;
