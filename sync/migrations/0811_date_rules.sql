-- Dates (issue 13, item 7), the per-field rules of the spec (0810_input_bounds made every writable date finite and
-- within 1900..2199): an allocation could close before it opened, a payment could be paid in the future. Ordered pairs
-- ordered and the dates the spec says cannot be in the future, as triggers with the spec's texts (a day of
-- tolerance: the user's today may be tomorrow in UTC).

-- An allocation closes on or after the day it opens (rounds: 0200_assets_validation.sql, same text).
create function app_private.tg_allocations__dates_ordered() returns trigger
  language plpgsql
  set search_path = pg_catalog
as $$
begin
  if new.closes_on < new.opens_on then
    raise exception 'Closes on must not be before opens on.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _811_dates_ordered before insert or update of opens_on, closes_on on app_public.allocations
  for each row execute function app_private.tg_allocations__dates_ordered();

-- Payments: a payment is recorded once paid (dividends: 0440_dividends.sql, same text).
create function app_private.tg_payments__paid_on_past() returns trigger
  language plpgsql
  set search_path = pg_catalog
as $$
begin
  if new.paid_on::date > current_date + 1 then
    raise exception 'Paid on must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _811_paid_on_past before insert or update of paid_on on app_public.distribution_payments
  for each row execute function app_private.tg_payments__paid_on_past();
create trigger _811_paid_on_past before insert or update of paid_on on app_public.dividend_payments
  for each row execute function app_private.tg_payments__paid_on_past();

-- Dates of birth and formation (spec part 1 section 5), also when written outside account setup.
create function app_private.tg_accounts__dates_past() returns trigger
  language plpgsql
  set search_path = pg_catalog
as $$
begin
  if new.date_of_birth > current_date + 1 then
    raise exception 'Date of birth must not be in the future.' using errcode = 'LL422';
  end if;
  if new.formation_date > current_date + 1 then
    raise exception 'Formation date must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _811_dates_past before insert or update of date_of_birth, formation_date on app_public.accounts
  for each row execute function app_private.tg_accounts__dates_past();

create function app_private.tg_parties__dates_past() returns trigger
  language plpgsql
  set search_path = pg_catalog
as $$
begin
  if new.date_of_birth > current_date + 1 then
    raise exception 'Date of birth must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _811_dates_past before insert or update of date_of_birth on app_public.parties
  for each row execute function app_private.tg_parties__dates_past();

