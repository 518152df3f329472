-- Session queries, computed columns and the business mutations of the core chain.
-- Expected failures raise coded errors (SQLSTATE class LL, see docs/CONVENTIONS.md): LL401 not signed in or no
-- account, LL403 'Operation not allowed', LL404 not found, LL409 duplicate, LL422 validation (the spec's text),
-- LL423 locked distribution. Every function that creates a row accepts the id the client generated.

-- ---------------------------------------------------------------------------------------------------------------
-- Session: getUsersData { currentUser currentAccount currentUsersAccount }, allUsers { pendingTermsOfService }.

create function app_public.current_user() returns app_public.users
  language sql stable
  as $$ select u.* from app_public.users u where u.id = app_private.current_user_id() $$;
comment on function app_public.current_user() is 'The signed-in user.';

create function app_public.current_account() returns app_public.accounts
  language sql stable
  as $$ select a.* from app_public.accounts a where a.id = app_private.current_account_id() $$;
comment on function app_public.current_account() is 'The account selected for this session.';

create function app_public.current_users_account() returns app_public.users_accounts
  language sql stable
  as $$
    select ua.* from app_public.users_accounts ua
    where ua.user_id = app_private.current_user_id() and ua.account_id = app_private.current_account_id()
  $$;
comment on function app_public.current_users_account() is 'The signed-in user''s membership of the selected account.';

-- Active terms the user has not accepted yet (only ever computed for the signed-in user).
create function app_public.users_pending_terms_of_service(u app_public.users)
  returns setof app_public.terms_of_service
  language sql stable
  as $$
    select t.* from app_public.terms_of_service t
    where t.active and u.id = app_private.current_user_id()
      and not exists (select 1 from app_public.terms_acceptances ta where ta.terms_id = t.id and ta.user_id = u.id)
    order by t.created_on, t.id
  $$;

create function app_public.accept_terms(terms_id uuid) returns app_public.terms_acceptances
  language plpgsql volatile
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  acceptance app_public.terms_acceptances;
begin
  if app_private.current_user_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_public.terms_of_service t where t.id = accept_terms.terms_id and t.active) then
    raise exception 'Terms of service not found' using errcode = 'LL404';
  end if;
  insert into app_public.terms_acceptances (terms_id, user_id)
    values (accept_terms.terms_id, app_private.current_user_id())
    on conflict on constraint terms_acceptances_user_id_terms_id_key do nothing;
  select ta.* into acceptance from app_public.terms_acceptances ta
    where ta.terms_id = accept_terms.terms_id and ta.user_id = app_private.current_user_id();
  return acceptance;
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Computed columns.

-- Sum of the distribution's paid payments.
create function app_public.distributions_paid_in_capital(d app_public.distributions) returns numeric
  language sql stable
  as $$
    select coalesce(sum(p.amount), 0) from app_public.distribution_payments p
    where p.distribution_id = d.id and p.status = 'paid'
  $$;

create function app_public.rounds_total_capital_deployed(r app_public.rounds) returns numeric
  language sql stable
  as $$ select coalesce(sum(c.amount), 0) from app_public.capital_deployments c where c.round_id = r.id $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Shared checks.

create function app_private.require_writer(account_types text[]) returns void
  language plpgsql stable
  set search_path = pg_catalog, public, app_public, app_private
  as $$
begin
  if app_private.current_user_id() is null or app_private.current_account_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  if not app_private.can_write() or not (app_private.current_account_type() = any (account_types)) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$$;

create function app_private.normalized_email(email text, message text) returns text
  language plpgsql immutable
  set search_path = pg_catalog
  as $$
declare
  trimmed text := trim(coalesce(email, ''));
begin
  if trimmed = '' then
    raise exception '%', message using errcode = 'LL422';
  end if;
  if trimmed !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'LL422';
  end if;
  return trimmed;
end
$$;

-- The investor account for an email, created (setup not done) when none exists.
create function app_private.find_or_create_investor(email text, contact_name text) returns uuid
  language plpgsql volatile
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  investor uuid;
begin
  select a.id into investor from app_public.accounts a
    where a.type = 'investor' and lower(a.email) = lower(find_or_create_investor.email)
    order by a.created_on, a.id limit 1;
  if investor is null then
    insert into app_public.accounts (type, name, email, contact_name)
      values ('investor', coalesce(nullif(trim(contact_name), ''), find_or_create_investor.email),
              find_or_create_investor.email, nullif(trim(contact_name), ''))
      returning id into investor;
  end if;
  return investor;
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Rounds: makeRound and makeTranche (part 1 section 5 messages).

create function app_private.make_round(
  asset_id uuid, name text, terms_url text, price numeric, opens_on timestamptz, closes_on timestamptz,
  status text, total numeric, term numeric, coupon numeric, with_tranche boolean, id uuid
) returns app_public.rounds
  language plpgsql volatile
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  asset app_public.assets;
  accounting text;
  round app_public.rounds;
begin
  perform app_private.require_writer('{issuer}');
  select a.* into asset from app_public.assets a where a.id = make_round.asset_id;
  if asset.id is null then
    raise exception 'Asset not found' using errcode = 'LL404';
  end if;
  if asset.id not in (select app_private.editable_asset_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select t.accounting_type into accounting from app_public.asset_types t where t.type = asset.type;

  if trim(coalesce(make_round.name, '')) = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if make_round.opens_on is null then
    raise exception 'Opens on requires a valid date.' using errcode = 'LL422';
  end if;
  if make_round.closes_on is null then
    raise exception 'Closes on required a valid date.' using errcode = 'LL422';
  end if;
  if make_round.closes_on < make_round.opens_on then
    raise exception 'Closes on must not be before opens on.' using errcode = 'LL422';
  end if;
  if trim(coalesce(make_round.terms_url, '')) = '' then
    raise exception 'Dataroom Url is required' using errcode = 'LL422';
  end if;
  if make_round.price is null or make_round.price < 0 then
    raise exception 'Price is required.' using errcode = 'LL422';
  end if;
  if make_round.total is null or make_round.total < 0 then
    raise exception 'Total is required.' using errcode = 'LL422';
  end if;
  if make_round.status is null or make_round.status not in ('drafted', 'active', 'closed', 'stale') then
    raise exception 'Status is required.' using errcode = 'LL422';
  end if;
  if accounting = 'debt' or with_tranche then
    if accounting is distinct from 'debt' then
      raise exception 'Tranche bond data applies to debt assets only.' using errcode = 'LL422';
    end if;
    if make_round.coupon is null or make_round.coupon < 0 then
      raise exception 'Coupon is required' using errcode = 'LL422';
    end if;
    if make_round.term is null or make_round.term <= 0 then
      raise exception 'Term is required' using errcode = 'LL422';
    end if;
  end if;

  insert into app_public.rounds (id, asset_id, name, terms_url, price, opens_on, closes_on, status, total)
    values (coalesce(make_round.id, gen_random_uuid()), asset.id, trim(make_round.name), trim(make_round.terms_url),
            make_round.price, make_round.opens_on, make_round.closes_on, make_round.status, make_round.total)
    returning * into round;
  if accounting = 'debt' then
    insert into app_public.tranche_bond_data (round_id, term, coupon)
      values (round.id, make_round.term, make_round.coupon);
  end if;
  return round;
end
$$;

create function app_public.make_round(
  asset_id uuid, name text, terms_url text, price numeric, opens_on timestamptz, closes_on timestamptz,
  status text, total numeric, id uuid default null
) returns app_public.rounds
  language sql volatile
  as $$
    select * from app_private.make_round(asset_id, name, terms_url, price, opens_on, closes_on, status, total,
      null, null, false, id)
  $$;

create function app_public.make_tranche(
  asset_id uuid, name text, terms_url text, price numeric, opens_on timestamptz, closes_on timestamptz,
  status text, total numeric, term numeric, coupon numeric, id uuid default null
) returns app_public.rounds
  language sql volatile
  as $$
    select * from app_private.make_round(asset_id, name, terms_url, price, opens_on, closes_on, status, total,
      term, coupon, true, id)
  $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Contacts and managed accounts.

create function app_public.make_customer(email text, name text default null, id uuid default null)
  returns app_public.customers
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  clean_email text;
  investor uuid;
  customer app_public.customers;
begin
  perform app_private.require_writer('{issuer,broker}');
  clean_email := app_private.normalized_email(make_customer.email, 'Email is required.');
  investor := app_private.find_or_create_investor(clean_email, make_customer.name);
  if exists (select 1 from app_public.customers c
             where c.account_id = app_private.current_account_id()
               and (c.investor_id = investor or lower(c.email) = lower(clean_email))) then
    raise exception 'A contact with this email already exists.' using errcode = 'LL409';
  end if;
  insert into app_public.customers (id, account_id, investor_id, email, name)
    values (coalesce(make_customer.id, gen_random_uuid()), app_private.current_account_id(), investor, clean_email,
            nullif(trim(make_customer.name), ''))
    returning * into customer;
  return customer;
end
$$;

-- A broker creates an issuer account it manages ("Fully managed accounts"); the issuer claims it later by email.
create function app_public.make_issuer_account(company_name text, company_email text, id uuid default null)
  returns app_public.accounts
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  clean_email text;
  account app_public.accounts;
begin
  perform app_private.require_writer('{broker}');
  if trim(coalesce(company_name, '')) = '' then
    raise exception 'Name is required.' using errcode = 'LL422';
  end if;
  clean_email := app_private.normalized_email(company_email, 'Email is required.');
  insert into app_public.accounts (id, type, name, email, contact_name)
    values (coalesce(make_issuer_account.id, gen_random_uuid()), 'issuer', trim(company_name), clean_email, null)
    returning * into account;
  insert into app_public.managed_accounts (creator_id, manager_id, account_id)
    values (app_private.current_user_id(), app_private.current_account_id(), account.id);
  return account;
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Distributions: makeDistribution places an investor (found or created by email) into an allocation.

create function app_public.make_distribution(
  allocation_id uuid, account_email text, amount numeric, name text default null, id uuid default null
) returns app_public.distributions
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  allocation app_public.allocations;
  round_price numeric;
  clean_email text;
  investor uuid;
  distribution app_public.distributions;
begin
  perform app_private.require_writer('{issuer,broker}');
  select al.* into allocation from app_public.allocations al
    where al.id = make_distribution.allocation_id
      and al.id in (select app_private.staff_allocation_ids());
  if allocation.id is null then
    raise exception 'Allocation not found' using errcode = 'LL404';
  end if;
  if allocation.id not in (select app_private.editable_allocation_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  clean_email := app_private.normalized_email(account_email, 'Email is required.');
  if make_distribution.amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if make_distribution.amount <= 0 then
    raise exception 'Distribution amount must be greater than 0.' using errcode = 'LL422';
  end if;

  investor := app_private.find_or_create_investor(clean_email, make_distribution.name);
  insert into app_public.customers (account_id, investor_id, email, name)
    values (app_private.current_account_id(), investor, clean_email, nullif(trim(make_distribution.name), ''))
    on conflict do nothing;
  select r.price into round_price from app_public.rounds r where r.id = allocation.round_id;

  insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, purchase_price)
    values (coalesce(make_distribution.id, gen_random_uuid()), allocation.id, investor,
            nullif(trim(make_distribution.name), ''), make_distribution.amount, 'open', round_price)
    returning * into distribution;
  insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
    values (distribution.id, 1, round_price, true);
  return distribution;
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Issuance: closed distributions become holdings on the round's security, each with one transaction and its
-- ledger entry; the distribution is locked. All or nothing.

create function app_public.make_ta_request_distribution_issuances(distribution_ids uuid[])
  returns setof app_public.holdings
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  distribution_id uuid;
  distribution app_public.distributions;
  round app_public.rounds;
  issuer uuid;
  paid_on timestamptz;
  tx_id uuid;
  holding app_public.holdings;
begin
  perform app_private.require_writer('{issuer,broker}');
  if distribution_ids is null or cardinality(distribution_ids) = 0 then
    raise exception 'Select at least one distribution.' using errcode = 'LL422';
  end if;

  for distribution_id in select distinct x from unnest(distribution_ids) as x order by 1 loop
    select d.* into distribution from app_public.distributions d
      where d.id = distribution_id and d.allocation_id in (select app_private.staff_allocation_ids())
      for update;
    if distribution.id is null then
      raise exception 'Distribution not found' using errcode = 'LL404';
    end if;
    select r.* into round from app_public.rounds r join app_public.allocations al on al.round_id = r.id
      where al.id = distribution.allocation_id;
    if round.id not in (select app_private.editable_round_ids()) then
      raise exception 'Operation not allowed' using errcode = 'LL403';
    end if;
    if distribution.locked then
      raise exception 'Distribution is locked: %', coalesce(distribution.name, distribution.id::text)
        using errcode = 'LL423';
    end if;
    if distribution.status <> 'closed' then
      raise exception 'Only closed distributions can be issued: %', coalesce(distribution.name, distribution.id::text)
        using errcode = 'LL422';
    end if;
    if round.security_id is null then
      raise exception 'The round has no security to issue.' using errcode = 'LL422';
    end if;

    select a.issuer_id into issuer from app_public.assets a where a.id = round.asset_id;
    select max(p.paid_on) into paid_on from app_public.distribution_payments p
      where p.distribution_id = distribution.id and p.status = 'paid';
    insert into app_public.transactions (issuer_id, round_id, broker_id, chain_data)
      values (issuer, round.id,
              case when app_private.current_account_type() = 'broker' then app_private.current_account_id() end,
              jsonb_build_object('paid_on', coalesce(paid_on, now())))
      returning id into tx_id;
    insert into app_public.holdings (security_id, round_id, investor_id, distribution_id, amount, purchase_price)
      values (round.security_id, round.id, distribution.investor_id, distribution.id, distribution.amount,
              coalesce(distribution.purchase_price, round.price))
      returning * into holding;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
      values (tx_id, holding.id, distribution.investor_id, distribution.amount);
    update app_public.distributions d set locked = true, issuance_status = 'issued' where d.id = distribution.id;
    return next holding;
  end loop;
end
$$;

grant execute on function
  app_public.current_user(),
  app_public.current_account(),
  app_public.current_users_account(),
  app_public.users_pending_terms_of_service(app_public.users),
  app_public.accept_terms(uuid),
  app_public.distributions_paid_in_capital(app_public.distributions),
  app_public.rounds_total_capital_deployed(app_public.rounds),
  app_public.make_round(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, uuid),
  app_public.make_tranche(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, numeric, numeric, uuid),
  app_public.make_customer(text, text, uuid),
  app_public.make_issuer_account(text, text, uuid),
  app_public.make_distribution(uuid, text, numeric, text, uuid),
  app_public.make_ta_request_distribution_issuances(uuid[])
  to app_user;
grant execute on function
  app_private.require_writer(text[]),
  app_private.normalized_email(text, text),
  app_private.make_round(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, numeric, numeric,
    boolean, uuid)
  to app_user;
