-- Distributions: making them (makeDistribution, investorMakeDistribution, makeTaRequestDistributionIssuances; the
-- app_public functions check their arguments and call the body of the same name in app_private), their rules
-- (amount, a locked distribution's history, the status only the round's issuer sets, one price per currency,
-- payments paid on in the past, custom fields), the invitation mail, and their computed columns (paidInCapital,
-- purchasePrice, qualificationsComplete; a vesting schedule's current period).

create or replace function app_private.distribution_paid_in(distribution_id uuid)
  returns numeric
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
    select coalesce((select s.paid_in from app_private.distribution_paid_ins(array[distribution_id]) s), 0)
  $function$;
grant execute on function app_private.distribution_paid_in(uuid) to app_user;

create or replace function app_private.find_or_create_investor(email text, contact_name text)
  returns uuid
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  investor uuid;
begin
  perform pg_advisory_xact_lock(hashtext('investor-email:' || lower(find_or_create_investor.email)));
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
$function$;

create or replace function app_private.investor_make_distribution(offering_id uuid, amount numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.distributions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  offering app_public.allocations := app_private.open_offering(investor_make_distribution.offering_id);
  investor app_public.accounts;
  round_price numeric;
  distribution app_public.distributions;
begin
  perform app_private.require_writer('{investor}');
  if offering.id is null then
    raise exception 'Offering not found' using errcode = 'LL404';
  end if;
  if amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if amount <> trunc(amount) then
    raise exception 'Must be whole number.' using errcode = 'LL422';
  end if;
  if amount <= 0 then
    raise exception 'Distribution amount must be greater than 0.' using errcode = 'LL422';
  end if;
  select a.* into investor from app_public.accounts a where a.id = app_private.current_account_id();
  select r.price into round_price from app_public.rounds r where r.id = offering.round_id;
  insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, purchase_price)
    values (coalesce(investor_make_distribution.id, gen_random_uuid()), offering.id, investor.id,
            coalesce(investor.contact_name, investor.name), amount, 'open', round_price)
    returning * into distribution;
  insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
    values (distribution.id, 1, round_price, true);
  -- The seller knows the investor from now on.
  if investor.email is not null then
    insert into app_public.customers (account_id, investor_id, email, name)
      values (offering.owner_id, investor.id, investor.email, coalesce(investor.contact_name, investor.name))
      on conflict do nothing;
  end if;
  return distribution;
end;
$function$;

comment on function app_private.investor_make_distribution(uuid,numeric,uuid) is
  'Invests the selected investor account in an open offering (whole units).';
grant execute on function app_private.investor_make_distribution(uuid,numeric,uuid) to app_user;

-- The allocation a staff member of its issuer or broker adds distributions to: 'Allocation not found' (LL404) when
-- the caller's account cannot see it, 'Operation not allowed' (LL403) when it may not change it.
create or replace function app_private.editable_allocation(allocation_id uuid)
  returns app_public.allocations
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  allocation app_public.allocations;
begin
  select al.* into allocation from app_public.allocations al
    where al.id = editable_allocation.allocation_id and al.id in (select app_private.staff_allocation_ids());
  if allocation.id is null then
    raise exception 'Allocation not found' using errcode = 'LL404';
  end if;
  if allocation.id not in (select app_private.editable_allocation_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  return allocation;
end;
$function$;

create or replace function app_private.make_distribution(allocation_id uuid, account_email text, amount numeric, name text DEFAULT NULL::text, id uuid DEFAULT NULL::uuid)
  returns app_public.distributions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  allocation app_public.allocations;
  round_price numeric;
  clean_email text;
  investor uuid;
  distribution app_public.distributions;
begin
  perform app_private.require_writer('{issuer,broker}');
  allocation := app_private.editable_allocation(make_distribution.allocation_id);
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
$function$;
grant execute on function app_private.make_distribution(uuid,text,numeric,text,uuid) to app_user;

create or replace function app_private.tg_distribution_children__locked()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $function$
declare
  target uuid := case when tg_op = 'DELETE' then old.distribution_id else new.distribution_id end;
begin
  if exists (select 1 from app_public.distributions where id = target and locked) then
    raise exception 'Locked distribution cannot be changed.' using errcode = 'LL423';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;

create or replace function app_private.tg_distribution_custom_fields__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.name is null or trim(new.name) = '' then
    raise exception 'Custom field name is required' using errcode = 'LL422';
  end if;
  if new.value is null or trim(new.value) = '' then
    raise exception 'Custom field value is required' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$function$;

create or replace function app_private.tg_distribution_payments__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.amount is null then
    raise exception 'Payment amount is required' using errcode = 'LL422';
  end if;
  if new.amount <= 0 then
    raise exception 'Payment amount must be greater than 0.' using errcode = 'LL422';
  end if;
  if new.paid_on is null then
    raise exception 'Paid on is required' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_distribution_prices__one_per_currency()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $function$
begin
  if exists (select 1 from app_public.distribution_prices
             where distribution_id = new.distribution_id and currency_id = new.currency_id and id <> new.id) then
    raise exception 'Multiple prices of the same currency is not supported.' using errcode = 'LL409';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_distributions__amount()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if new.amount <= 0 then
    raise exception 'Distribution amount must be greater than 0.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

-- The invitation mail a new distribution sends (its trigger below, and make_distributions in 20_bulk.sql for many
-- at once): whether the allocation wants it (its own preference, else its owner's default, else yes), whether the
-- investor's address can take it, and its texts.
create or replace function app_private.invitation_wanted(allocation_id uuid, owner_id uuid)
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select coalesce(
    (select e.send_distribution from app_public.allocation_email_preferences e where e.allocation_id = $1),
    (select v.send_distribution from app_public.vendor_default_email_preferences v where v.account_id = $2),
    true)
$function$;

create or replace function app_private.is_mail_address(email text)
  returns boolean
  language sql
  immutable
as $function$
  select $1 is not null and $1 ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
$function$;

create or replace function app_private.invitation_mail(distribution_id uuid, amount numeric, offering text)
  returns table(subject text, text_body text, html_body text)
  language sql
  immutable
as $function$
  select 'You are invited to invest: ' || $3,
    'You have been invited to invest ' || $2::text || ' units in ' || $3
      || '.' || chr(10) || chr(10) || 'Open this link to review and complete your investment:' || chr(10)
      || '{{origin}}/distribution/' || $1::text,
    '<p>You have been invited to invest ' || $2::text || ' units in ' || $3
      || '.</p><p><a href="{{origin}}/distribution/' || $1::text || '">Review and complete your investment</a></p>'
$function$;

create or replace function app_private.tg_distributions__invitation_mail()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  allocation app_public.allocations;
  wanted boolean;
  investor app_public.accounts;
  offering text;
  mail_id uuid;
begin
  select al.* into allocation from app_public.allocations al where al.id = new.allocation_id;
  wanted := app_private.invitation_wanted(allocation.id, allocation.owner_id);
  -- a transferee's distribution is no invitation to invest: the transfer mails its link (transfers/12_onboarding.sql)
  if not wanted or app_private.is_transfer_distribution(new.id) then
    return new;
  end if;
  select a.* into investor from app_public.accounts a where a.id = new.investor_id;
  if not app_private.is_mail_address(investor.email) then
    return new;
  end if;
  select ast.name || ' ' || r.name into offering from app_public.rounds r join app_public.assets ast on ast.id = r.asset_id
    where r.id = allocation.round_id;
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  select 'distribution_invitation', investor.email, m.subject, m.text_body, m.html_body
  from app_private.invitation_mail(new.id, new.amount, coalesce(offering, allocation.name)) m
  returning id into mail_id;
  perform pg_notify('mail_outbox', mail_id::text);
  return new;
end
$function$;

create or replace function app_private.tg_distributions__locked()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if old.locked and (new.status is distinct from old.status or new.amount is distinct from old.amount
      or new.purchase_price is distinct from old.purchase_price
      or new.allocation_id is distinct from old.allocation_id or new.investor_id is distinct from old.investor_id
      or not new.locked) then
    raise exception 'Cannot update status on locked distribution: %', coalesce(old.name, old.id::text)
      using errcode = 'LL423';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_distributions__status_only_for_round_issuer()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if current_user = 'app_user'
      and new.allocation_id not in (select app_private.editable_allocation_ids())
      and (to_jsonb(new) - 'status' - 'updated_on') is distinct from (to_jsonb(old) - 'status' - 'updated_on') then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_payments__paid_on_past()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.paid_on::date > current_date + 1 then
    raise exception 'Paid on must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_public.distributions_paid_in_capital(d app_public.distributions)
  returns numeric
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$ select app_private.distribution_paid_in(d.id) $function$;

comment on function app_public.distributions_paid_in_capital(app_public.distributions) is
  'The sum of the paid payments of the distribution, for every reader of the distribution (the same figure as the pulled document).';
grant execute on function app_public.distributions_paid_in_capital(app_public.distributions) to app_user;

create or replace function app_public.distributions_purchase_price(d app_public.distributions)
  returns numeric
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
    select case when app_private.current_account_type() = 'agent' then null else d.purchase_price end
  $function$;

comment on function app_public.distributions_purchase_price(app_public.distributions) is
  'The purchase price per unit; null for agent accounts (prices are left out for agents).';
grant execute on function app_public.distributions_purchase_price(app_public.distributions) to app_user;

create or replace function app_public.distributions_qualifications_complete(d app_public.distributions)
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select not exists (
    select 1 from app_public.distribution_qualifications q
     where q.distribution_id = d.id
       and (not exists (select 1 from app_public.steps s where s.distribution_qualification_id = q.id)
            or exists (select 1 from app_public.steps s
                        where s.distribution_qualification_id = q.id and s.status <> 'complete')))
$function$;
grant execute on function app_public.distributions_qualifications_complete(app_public.distributions) to app_user;

create or replace function app_public.investor_make_distribution(offering_id uuid, amount numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.distributions
  language plpgsql
as $function$ declare result app_public.distributions; begin perform app_private.check_decimal(amount, 'Units', 6, -1e15, 1e15); select * into result from app_private.investor_make_distribution(offering_id, amount, id); return result; end $function$;

comment on function app_public.investor_make_distribution(uuid,numeric,uuid) is
  'Invests the selected investor account in an open offering (whole units).';
grant execute on function app_public.investor_make_distribution(uuid,numeric,uuid) to app_user;

create or replace function app_public.make_distribution(allocation_id uuid, account_email text, amount numeric, name text DEFAULT NULL::text, id uuid DEFAULT NULL::uuid)
  returns app_public.distributions
  language plpgsql
as $function$ declare result app_public.distributions; begin perform app_private.check_decimal(amount, 'Units', 6, -1e15, 1e15); select * into result from app_private.make_distribution(allocation_id, account_email, amount, name, id); return result; end $function$;
grant execute on function app_public.make_distribution(uuid,text,numeric,text,uuid) to app_user;

create or replace function app_public.make_ta_request_distribution_issuances(distribution_ids uuid[])
  returns setof app_public.holdings
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
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
    if app_private.is_transfer_distribution(distribution.id) then
      raise exception 'The units of % come by transfer: they are recorded when the transfer is approved, not issued.',
        coalesce(distribution.name, distribution.id::text) using errcode = 'LL422';
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
$function$;
grant execute on function app_public.make_ta_request_distribution_issuances(uuid[]) to app_user;

create or replace function app_public.vesting_schedules_current_period(v app_public.vesting_schedules)
  returns integer
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select case
    when v.starts_on is null or v.starts_on > now() then 0
    else least(v.periods, (extract(year from age(now(), v.starts_on)) * 12
                           + extract(month from age(now(), v.starts_on)))::integer)
  end
$function$;
grant execute on function app_public.vesting_schedules_current_period(app_public.vesting_schedules) to app_user;

-- Where these functions fire.
create or replace trigger _200_locked BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_custom_fields FOR EACH ROW
  execute function app_private.tg_distribution_children__locked();
create or replace trigger _310_rules BEFORE INSERT OR UPDATE ON app_public.distribution_custom_fields FOR EACH ROW
  execute function app_private.tg_distribution_custom_fields__rules();
create or replace trigger _310_rules BEFORE INSERT OR UPDATE ON app_public.distribution_payments FOR EACH ROW
  execute function app_private.tg_distribution_payments__rules();
create or replace trigger _811_paid_on_past BEFORE INSERT OR UPDATE OF paid_on ON app_public.distribution_payments FOR EACH ROW
  execute function app_private.tg_payments__paid_on_past();
create or replace trigger _200_locked BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_prices FOR EACH ROW
  execute function app_private.tg_distribution_children__locked();
create or replace trigger _300_one_per_currency BEFORE INSERT OR UPDATE ON app_public.distribution_prices FOR EACH ROW
  execute function app_private.tg_distribution_prices__one_per_currency();
create or replace trigger _200_locked BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_qualifications FOR EACH ROW
  execute function app_private.tg_distribution_children__locked();
create or replace trigger _200_locked BEFORE UPDATE ON app_public.distributions FOR EACH ROW
  execute function app_private.tg_distributions__locked();
create or replace trigger _310_amount BEFORE UPDATE ON app_public.distributions FOR EACH ROW
  execute function app_private.tg_distributions__amount();
create or replace trigger _320_status_only_for_round_issuer BEFORE UPDATE ON app_public.distributions FOR EACH ROW
  execute function app_private.tg_distributions__status_only_for_round_issuer();
create or replace trigger _900_invitation_mail AFTER INSERT ON app_public.distributions FOR EACH ROW
  execute function app_private.tg_distributions__invitation_mail();
create or replace trigger _811_paid_on_past BEFORE INSERT OR UPDATE OF paid_on ON app_public.dividend_payments FOR EACH ROW
  execute function app_private.tg_payments__paid_on_past();
