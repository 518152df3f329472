-- Payments and integrations (issue 18, docs/PAYMENTS.md): who reads the payment rows (the account's own members:
-- owners and admins change the mapping, viewers read, other accounts see nothing), the commands
-- createAccountIntegration, northCapitalSync, mapPaymentIssuer, mapPaymentInstrument, createPaymentTrade and
-- confirmPaymentFunds, and app_private.apply_payment_event, the one place a provider's trade status becomes a
-- distribution payment (exactly once per trade and status, only on the mapped issuer's own distribution).
-- Provider work is queued in app_private.payment_jobs for the server's runner (sync/payments/jobs.ts), woken by
-- pg_notify('payment_jobs'). Refusals raise LL403/LL404/LL409/LL422 and leave nothing behind.

create or replace function app_private.own_payment_account_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select p.id from app_public.payment_accounts p
  where p.account_id = app_private.current_account_id()
    and app_private.current_account_type() in ('issuer', 'broker')
$function$;
grant execute on function app_private.own_payment_account_ids() to app_user;

drop policy if exists select_all on app_public.integrations;
create policy select_all on app_public.integrations for select to public
  using ((app_private.current_account_id() IS NOT NULL));

drop policy if exists select_own on app_public.account_integrations;
create policy select_own on app_public.account_integrations for select to public
  using ((account_id = app_private.current_account_id()));

drop policy if exists select_own on app_public.payment_accounts;
create policy select_own on app_public.payment_accounts for select to public
  using ((id IN ( SELECT app_private.own_payment_account_ids() AS own_payment_account_ids)));

drop policy if exists select_own on app_public.payment_issuers;
create policy select_own on app_public.payment_issuers for select to public
  using ((payment_account_id IN ( SELECT app_private.own_payment_account_ids() AS own_payment_account_ids)));

drop policy if exists select_own on app_public.payment_instruments;
create policy select_own on app_public.payment_instruments for select to public
  using ((payment_account_id IN ( SELECT app_private.own_payment_account_ids() AS own_payment_account_ids)));

drop policy if exists select_own on app_public.payment_trades;
create policy select_own on app_public.payment_trades for select to public
  using ((payment_account_id IN ( SELECT app_private.own_payment_account_ids() AS own_payment_account_ids)));

-- The caller's own payment account, for a change (owner or admin of the issuer or broker account).
create or replace function app_private.check_payment_account(payment_account_id uuid)
  returns app_public.payment_accounts
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.payment_accounts;
begin
  select * into result from app_public.payment_accounts p
  where p.id = payment_account_id and p.id in (select app_private.own_payment_account_ids());
  perform app_private.require_own_row_found(found, 'Payment account not found.');
  return result;
end;
$function$;

-- A trade of one of the session's own payment accounts, for the issuer's changes to it (confirm, cancel, refund).
create or replace function app_private.own_payment_trade(trade_id uuid)
  returns app_public.payment_trades
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
begin
  select * into trade from app_public.payment_trades t
  where t.id = own_payment_trade.trade_id and t.payment_account_id in (select app_private.own_payment_account_ids());
  if not found then
    raise exception 'Trade not found.' using errcode = 'LL404';
  end if;
  return trade;
end;
$function$;

-- Queues the provider's job of this kind for a trade, unless one is still pending (`pending`: the job statuses that
-- count), and wakes the payment runner.
create or replace function app_private.queue_trade_job(kind text, account_id uuid, trade_id uuid, pending text[])
  returns void
  language plpgsql
  volatile
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if not exists (select 1 from app_private.payment_jobs j
                 where j.trade_id = queue_trade_job.trade_id and j.kind = queue_trade_job.kind
                   and j.status = any (queue_trade_job.pending)) then
    insert into app_private.payment_jobs (kind, payment_account_id, trade_id)
      values (queue_trade_job.kind, queue_trade_job.account_id, queue_trade_job.trade_id);
  end if;
  perform app_private.wake_payment_jobs();
end;
$function$;

create or replace function app_private.wake_payment_jobs()
  returns void
  language sql
  volatile
  set search_path to 'pg_catalog'
as $function$ select pg_notify('payment_jobs', '') $function$;

-- The payment integration's process: Connect (the payment account exists), Sync (synced once), Map (an offering
-- mapped to a round); complete after the last.
create or replace function app_private.advance_payment_integration(account_id uuid)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account app_public.payment_accounts;
  step integer := 1;
begin
  select * into account from app_public.payment_accounts p where p.account_id = advance_payment_integration.account_id;
  if found then
    step := 2;
    if account.synced_on is not null then
      step := 3;
      if exists (select 1 from app_public.payment_instruments i where i.payment_account_id = account.id and i.round_id is not null) then
        step := 4;
      end if;
    end if;
  end if;
  update app_public.account_integrations ai
    set current_step = step, status = case when step > 3 then 'complete' else 'in_progress' end
  from app_public.integrations i
  where ai.integration_id = i.id and i.type = 'payment' and ai.account_id = advance_payment_integration.account_id
    and (ai.current_step, ai.status) is distinct from (step, case when step > 3 then 'complete' else 'in_progress' end);
end;
$function$;

create or replace function app_public.create_account_integration(integration_id uuid)
  returns app_public.account_integrations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  integration app_public.integrations;
  account app_public.accounts;
  settings app_private.payment_settings;
  result app_public.account_integrations;
begin
  select * into account from app_public.accounts a where a.id = app_private.current_account_id();
  if not found then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select * into integration from app_public.integrations i where i.id = create_account_integration.integration_id;
  if not found or (account.type = 'investor') <> (integration.type = 'portfolio')
      or account.type not in ('investor', 'issuer', 'broker') then
    raise exception 'Integration not found.' using errcode = 'LL404';
  end if;
  if not integration.available then
    raise exception '%', coalesce(integration.unavailable_reason, 'Not available on this server.') using errcode = 'LL409';
  end if;
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if exists (select 1 from app_public.account_integrations ai
             where ai.account_id = account.id and ai.integration_id = integration.id) then
    raise exception 'This integration is already added.' using errcode = 'LL409';
  end if;
  insert into app_public.account_integrations (account_id, integration_id, current_step, status)
    values (account.id, integration.id,
            case when cardinality(integration.steps) <= 1 then greatest(cardinality(integration.steps), 1) + 1 else 1 end,
            case when cardinality(integration.steps) <= 1 then 'complete' else 'in_progress' end)
    returning * into result;
  if integration.type = 'payment' then
    select * into settings from app_private.payment_settings limit 1;
    insert into app_public.payment_accounts (account_id, provider, provider_name)
      values (account.id, coalesce(settings.provider, 'builtin'), coalesce(settings.provider_name, 'Ledgerline Payments'))
      on conflict (account_id) do nothing;
    perform app_private.advance_payment_integration(account.id);
    select * into result from app_public.account_integrations ai where ai.id = result.id;
  end if;
  return result;
end;
$function$;
grant execute on function app_public.create_account_integration(uuid) to app_user;
comment on function app_public.create_account_integration(uuid) is
  'Adds an integration to the account (owner or admin): an account integration with its process; for payment processing also the account''s payment account at the configured provider.';

create or replace function app_public.north_capital_sync(id uuid)
  returns app_public.payment_accounts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account app_public.payment_accounts := app_private.check_payment_account(north_capital_sync.id);
  result app_public.payment_accounts;
begin
  update app_public.payment_accounts p set sync_status = 'queued', failure = null where p.id = account.id
    returning * into result;
  if not exists (select 1 from app_private.payment_jobs j
                 where j.payment_account_id = account.id and j.kind = 'sync' and j.status = 'queued') then
    insert into app_private.payment_jobs (kind, payment_account_id) values ('sync', account.id);
  end if;
  perform app_private.wake_payment_jobs();
  return result;
end;
$function$;
grant execute on function app_public.north_capital_sync(uuid) to app_user;
comment on function app_public.north_capital_sync(uuid) is
  'Sync: queues the payment account''s sync of the provider''s issuers and offerings (the server runs it; syncedOn tells when it last did).';

create or replace function app_public.map_payment_issuer(id uuid, issuer_id uuid)
  returns app_public.payment_issuers
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  row_ app_public.payment_issuers;
  result app_public.payment_issuers;
begin
  select * into row_ from app_public.payment_issuers i
  where i.id = map_payment_issuer.id and i.payment_account_id in (select app_private.own_payment_account_ids());
  if not found then
    raise exception 'Payment issuer not found.' using errcode = 'LL404';
  end if;
  perform app_private.check_payment_account(row_.payment_account_id);
  if map_payment_issuer.issuer_id is not null and (map_payment_issuer.issuer_id <> app_private.current_account_id()
      or app_private.current_account_type() <> 'issuer') then
    raise exception 'A provider issuer can be mapped only to your own issuer account.' using errcode = 'LL403';
  end if;
  update app_public.payment_issuers i set issuer_id = map_payment_issuer.issuer_id where i.id = row_.id
    returning * into result;
  if map_payment_issuer.issuer_id is null then
    update app_public.payment_instruments i set round_id = null where i.payment_issuer_row_id = row_.id;
    perform app_private.sync_payment_qualification(i.id) from app_public.payment_instruments i
      where i.payment_issuer_row_id = row_.id;
  end if;
  perform app_private.advance_payment_integration(app_private.current_account_id());
  return result;
end;
$function$;
grant execute on function app_public.map_payment_issuer(uuid, uuid) to app_user;
comment on function app_public.map_payment_issuer(uuid, uuid) is
  E'@nullable issuer_id\nMaps a provider issuer to the account''s own issuer (null: unmaps it and its offerings).';

create or replace function app_public.map_payment_instrument(id uuid, round_id uuid)
  returns app_public.payment_instruments
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  row_ app_public.payment_instruments;
  issuer app_public.payment_issuers;
  result app_public.payment_instruments;
begin
  select * into row_ from app_public.payment_instruments i
  where i.id = map_payment_instrument.id and i.payment_account_id in (select app_private.own_payment_account_ids());
  if not found then
    raise exception 'Payment offering not found.' using errcode = 'LL404';
  end if;
  perform app_private.check_payment_account(row_.payment_account_id);
  if map_payment_instrument.round_id is not null then
    select * into issuer from app_public.payment_issuers i where i.id = row_.payment_issuer_row_id;
    if issuer.issuer_id is distinct from app_private.current_account_id() then
      raise exception 'Map the offering''s issuer to your issuer first.' using errcode = 'LL409';
    end if;
    if not exists (select 1 from app_private.issuer_round_ids() r where r = map_payment_instrument.round_id) then
      raise exception 'Round not found.' using errcode = 'LL404';
    end if;
    if exists (select 1 from app_public.payment_instruments i
               where i.round_id = map_payment_instrument.round_id and i.id <> row_.id) then
      raise exception 'This round is already mapped to another offering.' using errcode = 'LL409';
    end if;
  end if;
  update app_public.payment_instruments i set round_id = map_payment_instrument.round_id where i.id = row_.id
    returning * into result;
  -- the round's payment step (sync/database/payments/30_payment_step.sql)
  perform app_private.sync_payment_qualification(row_.id);
  select * into result from app_public.payment_instruments i where i.id = row_.id;
  perform app_private.advance_payment_integration(app_private.current_account_id());
  return result;
end;
$function$;
grant execute on function app_public.map_payment_instrument(uuid, uuid) to app_user;
comment on function app_public.map_payment_instrument(uuid, uuid) is
  E'@nullable round_id\nMaps a provider offering to one of the issuer''s rounds (null: unmaps it); the issuer must be mapped first.';

-- The investor's payment: a trade at the provider for what is still unpaid on the distribution.
create or replace function app_public.create_payment_trade(distribution_id uuid, id uuid default null)
  returns app_public.payment_trades
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  dist app_public.distributions;
  round_ app_public.rounds;
  instrument app_public.payment_instruments;
  due numeric;
  step app_public.steps;
  result app_public.payment_trades;
begin
  select * into dist from app_public.distributions d where d.id = create_payment_trade.distribution_id;
  if not found or dist.investor_id is distinct from app_private.current_account_id()
      or app_private.current_account_type() <> 'investor' then
    raise exception 'Distribution not found.' using errcode = 'LL404';
  end if;
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select r.* into round_ from app_public.rounds r join app_public.allocations al on al.round_id = r.id
  where al.id = dist.allocation_id;
  select i.* into instrument from app_public.payment_instruments i
    join app_public.payment_issuers pi on pi.id = i.payment_issuer_row_id
    join app_public.payment_accounts pa on pa.id = i.payment_account_id
    join app_public.assets a on a.id = round_.asset_id
  where i.round_id = round_.id and pi.issuer_id = a.issuer_id and pa.account_id = a.issuer_id;
  if not found then
    raise exception 'Payments are not set up for this offering.' using errcode = 'LL409';
  end if;
  if exists (select 1 from app_public.payment_trades t where t.distribution_id = dist.id
             and t.status in ('QUEUED', 'CREATED', 'FUNDED', 'UNWIND PENDING')) then
    raise exception 'A payment for this distribution is already under way.' using errcode = 'LL409';
  end if;
  due := trim_scale(round(dist.amount * coalesce(dist.purchase_price, round_.price, 0), 2))
    - coalesce((select sum(p.amount) from app_public.distribution_payments p
                where p.distribution_id = dist.id and p.status in ('paid', 'pending')), 0);
  if due <= 0 then
    raise exception 'This distribution is paid in full.' using errcode = 'LL409';
  end if;
  -- the payment step of the investor's onboarding, when the process has one: only as its current step
  step := app_private.open_payment_step(dist.id);
  if step.id is not null then
    perform app_private.require_actionable(step);
  end if;
  insert into app_public.payment_trades
      (id, payment_account_id, payment_instrument_row_id, distribution_id, amount, step_id)
    values (coalesce(create_payment_trade.id, gen_random_uuid()), instrument.payment_account_id, instrument.id, dist.id,
            due, step.id)
    returning * into result;
  perform app_private.payment_step_follow(result.id);
  insert into app_private.payment_jobs (kind, payment_account_id, trade_id)
    values ('trade', instrument.payment_account_id, result.id);
  perform app_private.wake_payment_jobs();
  return result;
end;
$function$;
grant execute on function app_public.create_payment_trade(uuid, uuid) to app_user;
comment on function app_public.create_payment_trade(uuid, uuid) is
  'The investor''s payment step: a trade at the payment provider for the distribution''s unpaid amount (the offering of its round must be mapped).';

-- Whether the investor's payment step can create a trade for this distribution (its round's offering is mapped);
-- false for anyone but the distribution's investor.
create or replace function app_public.payment_available(distribution_id uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select exists (
    select 1 from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.rounds r on r.id = al.round_id
      join app_public.assets a on a.id = r.asset_id
      join app_public.payment_instruments i on i.round_id = r.id
      join app_public.payment_issuers pi on pi.id = i.payment_issuer_row_id and pi.issuer_id = a.issuer_id
      join app_public.payment_accounts pa on pa.id = i.payment_account_id and pa.account_id = a.issuer_id
    where d.id = payment_available.distribution_id
      and d.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
$function$;
grant execute on function app_public.payment_available(uuid) to app_user;
comment on function app_public.payment_available(uuid) is
  'Whether the investor can pay this distribution through the issuer''s payment provider (its offering is mapped).';

-- The issuer confirms an investor's funds arrived (the built-in provider; a real provider reports it itself).
create or replace function app_public.confirm_payment_funds(id uuid)
  returns app_public.payment_trades
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
  account app_public.payment_accounts;
begin
  trade := app_private.own_payment_trade(confirm_payment_funds.id);
  account := app_private.check_payment_account(trade.payment_account_id);
  if account.provider <> 'builtin' then
    raise exception 'The provider confirms these funds itself.' using errcode = 'LL409';
  end if;
  if trade.status <> 'CREATED' then
    raise exception 'Only a created trade can be funded.' using errcode = 'LL409';
  end if;
  perform app_private.queue_trade_job('fund', account.id, trade.id, '{queued}');
  return trade;
end;
$function$;
grant execute on function app_public.confirm_payment_funds(uuid) to app_user;
comment on function app_public.confirm_payment_funds(uuid) is
  'Confirms that a created trade''s funds arrived (built-in provider only): the provider funds and then settles it.';

-- A provider's trade status, applied once. Returns false when this trade already reached this status (a repeated
-- webhook or poll) or a later one. Never granted to app_user: only the server's runner and callback call it.
create or replace function app_private.apply_payment_event(trade_id uuid, status text, amount numeric, source text)
  returns boolean
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
  ranks constant text[] := array['QUEUED', 'CREATED', 'FUNDED', 'SETTLED', 'UNWIND PENDING', 'UNWIND SETTLED'];
  from_rank integer;
  to_rank integer;
  payment_id uuid;
  payment_status text;
  inserted integer;
begin
  select * into trade from app_public.payment_trades t where t.id = apply_payment_event.trade_id for update;
  if not found then
    raise exception 'Trade not found.' using errcode = 'LL404';
  end if;
  if status not in ('CREATED', 'FUNDED', 'SETTLED', 'UNWIND PENDING', 'UNWIND SETTLED', 'CANCELLED') then
    raise exception 'Unknown trade status %.', status using errcode = 'LL422';
  end if;
  if amount is distinct from trade.amount then
    raise exception 'The provider''s amount % differs from the trade''s %.', amount, trade.amount using errcode = 'LL409';
  end if;
  -- never another issuer's distribution: the trade's offering is mapped to the distribution's round, its issuer to
  -- the round's issuer, and the payment account is that issuer's
  if not exists (
    select 1 from app_public.payment_instruments i
      join app_public.payment_issuers pi on pi.id = i.payment_issuer_row_id
      join app_public.payment_accounts pa on pa.id = i.payment_account_id
      join app_public.distributions d on d.id = trade.distribution_id
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.rounds r on r.id = al.round_id
      join app_public.assets a on a.id = r.asset_id
    where i.id = trade.payment_instrument_row_id and i.round_id = r.id and pi.issuer_id = a.issuer_id
      and pa.account_id = a.issuer_id and pa.id = trade.payment_account_id) then
    raise exception 'The trade''s offering is not mapped to this distribution''s round.' using errcode = 'LL409';
  end if;
  insert into app_private.payment_events (trade_id, status, amount, source)
    values (trade.id, apply_payment_event.status, apply_payment_event.amount, source)
    on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 0 or trade.status in ('CANCELLED', 'UNWIND SETTLED') then
    return false;
  end if;
  from_rank := coalesce(array_position(ranks, trade.status), 1);
  to_rank := coalesce(array_position(ranks, status), 99);
  if status <> 'CANCELLED' and to_rank <= from_rank then
    return false;
  end if;
  payment_id := trade.distribution_payment_id;
  payment_status := case
    when status = 'FUNDED' then 'pending'
    when status in ('SETTLED', 'UNWIND PENDING') then 'paid'
    when status = 'UNWIND SETTLED' then 'refunded'
    when status = 'CANCELLED' then 'failed'
  end;
  if payment_status is not null then
    if payment_id is null then
      if status <> 'CANCELLED' then
        insert into app_public.distribution_payments (distribution_id, currency_id, amount, paid_on, status)
          values (trade.distribution_id, 1, trade.amount, now(), payment_status)
          returning id into payment_id;
      end if;
    else
      update app_public.distribution_payments p set status = payment_status where p.id = payment_id;
    end if;
  end if;
  update app_public.payment_trades t set status = apply_payment_event.status, distribution_payment_id = payment_id,
    failure = null where t.id = trade.id;
  perform app_private.payment_step_follow(trade.id);
  return true;
end;
$function$;
revoke all on function app_private.apply_payment_event(uuid, text, numeric, text) from public;

-- created_on and updated_on kept by the timestamps trigger (schema/40_helpers.sql).
select app_private.add_timestamps(t)
from unnest(array['app_public.integrations', 'app_public.account_integrations', 'app_public.payment_accounts',
                  'app_public.payment_issuers', 'app_public.payment_instruments', 'app_public.payment_trades']::regclass[]) t;
