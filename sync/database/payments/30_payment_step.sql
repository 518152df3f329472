-- The payment step of the investor's onboarding (docs/PAYMENTS.md "The payment step"), the issuer's cancel and
-- unwind of a trade, the status callback's secret per payment account, and the job claim that lets several server
-- processes share app_private.payment_jobs without running a job twice.

-- The "Payment" qualification of an offering mapped to a round: one vendor qualification of the issuer with one
-- payment step, listed by every allocation of the round and added to its distributions still in onboarding (drafted
-- or open, not locked), after their other steps. Unmapping deactivates it for new distributions; steps already made
-- stay and say payments are not set up when the investor tries them.
create or replace function app_private.sync_payment_qualification(instrument_id uuid)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  instrument app_public.payment_instruments;
  account app_public.payment_accounts;
  qualification uuid;
  template constant jsonb := jsonb_build_array(jsonb_build_object(
    'type', 'payment',
    'renderAttributes', jsonb_build_object('title', 'Payment', 'progressBarTitle', 'Payment',
      'instructions', 'Pay for your units through the issuer''s payment provider.'),
    'schema', jsonb_build_object('title', 'Payment'),
    'retryLimit', 3));
begin
  select * into instrument from app_public.payment_instruments i where i.id = instrument_id;
  if not found then
    return;
  end if;
  select * into account from app_public.payment_accounts p where p.id = instrument.payment_account_id;
  if instrument.round_id is null then
    if instrument.vendor_qualification_id is not null then
      update app_public.vendor_qualifications v set active = false where v.id = instrument.vendor_qualification_id;
      delete from app_public.allocation_qualifications q
        where q.vendor_qualification_id = instrument.vendor_qualification_id;
    end if;
    return;
  end if;
  qualification := instrument.vendor_qualification_id;
  if qualification is null then
    insert into app_public.vendor_qualifications (account_id, name, active, steps)
      values (account.account_id, 'Payment', true, template)
      returning id into qualification;
    update app_public.payment_instruments i set vendor_qualification_id = qualification where i.id = instrument.id;
  else
    update app_public.vendor_qualifications v set active = true, steps = template
      where v.id = qualification and (not v.active or v.steps is distinct from template);
  end if;
  -- remapped to another round: the old round's allocations no longer list it
  delete from app_public.allocation_qualifications q using app_public.allocations al
    where q.vendor_qualification_id = qualification and al.id = q.allocation_id and al.round_id <> instrument.round_id;
  insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order)
    select al.id, qualification, 1000 from app_public.allocations al where al.round_id = instrument.round_id
    on conflict do nothing;
  insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
    select d.id, qualification, 1000 from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
    where al.round_id = instrument.round_id and not d.locked and d.status in ('drafted', 'open')
      and not app_private.is_transfer_distribution(d.id)
      and not exists (select 1 from app_public.steps s join app_public.processes p on p.id = s.process_id
                      where p.distribution_id = d.id and s.type = 'payment')
    on conflict do nothing;
end;
$function$;

-- The distribution's payment step that is not complete (null when its process has none).
create or replace function app_private.open_payment_step(distribution_id uuid)
  returns app_public.steps
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select s.* from app_public.steps s join app_public.processes p on p.id = s.process_id
  where p.distribution_id = open_payment_step.distribution_id and s.type = 'payment' and s.status <> 'complete'
  order by s."order", s.id limit 1
$function$;

-- A trade's status on its payment step (the investor reads it in the distribution replica): processing while the
-- trade is under way, complete once SETTLED (paid: the process may complete and the distribution close), back to
-- in progress with the reason when the trade is cancelled or fails, so the investor can pay again.
create or replace function app_private.payment_step_follow(trade_id uuid, failure text default null)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
  step app_public.steps;
  payment jsonb;
begin
  select * into trade from app_public.payment_trades t where t.id = payment_step_follow.trade_id;
  if trade.step_id is null then
    return;
  end if;
  select * into step from app_public.steps s where s.id = trade.step_id for update;
  if not found then
    return;
  end if;
  payment := jsonb_build_object('tradeId', trade.id, 'status', trade.status, 'amount', trade.amount::text);
  if step.status = 'complete' then
    update app_public.steps s set output_data = s.output_data || jsonb_build_object('payment', payment)
      where s.id = step.id and s.output_data -> 'payment' is distinct from payment;
    return;
  end if;
  if trade.status = 'SETTLED' then
    update app_public.steps s set output_data = s.output_data || jsonb_build_object('payment', payment)
      where s.id = step.id returning * into step;
    perform app_private.finish_step(step);
  elsif trade.status in ('CANCELLED', 'FAILED') then
    update app_public.steps s set status = 'in_progress',
        output_data = s.output_data || jsonb_build_object('payment', payment, 'error',
          coalesce(failure, case when trade.status = 'CANCELLED' then 'The payment was cancelled.'
                                 else 'The payment failed.' end))
      where s.id = step.id;
    perform app_private.refresh_process(step.process_id);
  else
    update app_public.steps s set status = 'processing',
        output_data = (s.output_data - 'error') || jsonb_build_object('payment', payment)
      where s.id = step.id;
    perform app_private.refresh_process(step.process_id);
  end if;
end;
$function$;

-- A trade job that failed for good: the trade FAILED with the reason, and its payment step open again.
create or replace function app_private.payment_trade_failed(trade_id uuid, failure text)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  update app_public.payment_trades t set status = 'FAILED', failure = payment_trade_failed.failure
    where t.id = payment_trade_failed.trade_id and t.status = 'QUEUED';
  if found then
    perform app_private.payment_step_follow(payment_trade_failed.trade_id, payment_trade_failed.failure);
  end if;
end;
$function$;
revoke all on function app_private.payment_trade_failed(uuid, text) from public;

-- The issuer (owner or admin) cancels a trade whose funds have not arrived (TransactAPI cancelInvestment).
create or replace function app_public.cancel_payment_trade(id uuid)
  returns app_public.payment_trades
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
  account app_public.payment_accounts;
begin
  trade := app_private.own_payment_trade(cancel_payment_trade.id);
  account := app_private.check_payment_account(trade.payment_account_id);
  if trade.status <> 'CREATED' then
    raise exception 'Only a payment whose funds have not arrived can be cancelled.' using errcode = 'LL409';
  end if;
  perform app_private.queue_trade_job('cancel', account.id, trade.id, '{queued,running}');
  return trade;
end;
$function$;
grant execute on function app_public.cancel_payment_trade(uuid) to app_user;
comment on function app_public.cancel_payment_trade(uuid) is
  'Cancels a payment whose funds have not arrived (a CREATED trade): the provider cancels the investment and the payment step opens again.';

-- The issuer (owner or admin) refunds a settled payment (built-in provider: UNWIND PENDING, then UNWIND SETTLED;
-- a real provider reports its unwinds itself and they arrive by poll).
create or replace function app_public.unwind_payment_trade(id uuid)
  returns app_public.payment_trades
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trade app_public.payment_trades;
  account app_public.payment_accounts;
begin
  trade := app_private.own_payment_trade(unwind_payment_trade.id);
  account := app_private.check_payment_account(trade.payment_account_id);
  if account.provider <> 'builtin' then
    raise exception 'The provider reports its refunds itself.' using errcode = 'LL409';
  end if;
  if trade.status <> 'SETTLED' then
    raise exception 'Only a settled payment can be refunded.' using errcode = 'LL409';
  end if;
  if exists (select 1 from app_public.distributions d where d.id = trade.distribution_id and d.locked) then
    raise exception 'This distribution is issued: its payment cannot be refunded here.' using errcode = 'LL409';
  end if;
  perform app_private.queue_trade_job('unwind', account.id, trade.id, '{queued,running}');
  return trade;
end;
$function$;
grant execute on function app_public.unwind_payment_trade(uuid) to app_user;
comment on function app_public.unwind_payment_trade(uuid) is
  'Refunds a settled payment (built-in provider): the trade is unwound and the payment becomes refunded.';

-- Every payment account has a callback secret (the provider calls /api/v2/payments/callback/<id>/<secret>).
create or replace function app_private.tg_payment_accounts__callback_key()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  insert into app_private.payment_callback_keys (payment_account_id, secret)
    values (new.id, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'))
    on conflict do nothing;
  return null;
end;
$function$;
create or replace trigger _500_callback_key after insert on app_public.payment_accounts
  for each row execute function app_private.tg_payment_accounts__callback_key();

-- The callback URL's path for the account's owners and admins (to give the provider), null for anyone else.
create or replace function app_public.payment_callback_path(id uuid)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select '/api/v2/payments/callback/' || p.id || '/' || k.secret
  from app_public.payment_accounts p join app_private.payment_callback_keys k on k.payment_account_id = p.id
  where p.id = payment_callback_path.id and p.id in (select app_private.own_payment_account_ids())
    and app_private.can_write()
$function$;
grant execute on function app_public.payment_callback_path(uuid) to app_user;
comment on function app_public.payment_callback_path(uuid) is
  'The status callback''s path with the payment account''s secret (owners and admins): give it to the provider.';

-- A runner claims due jobs: each is taken by one runner (FOR UPDATE SKIP LOCKED), marked running with a lease; a
-- job whose runner died (lease over) is due again. Not callable by app_user.
create or replace function app_private.claim_payment_jobs(runner text, lease_seconds integer, max_jobs integer)
  returns setof app_private.payment_jobs
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  update app_private.payment_jobs j set status = 'running', claimed_by = runner,
      claimed_until = now() + make_interval(secs => lease_seconds), updated_on = now()
  where j.id in (
    select c.id from app_private.payment_jobs c
    where (c.status = 'queued' and c.next_attempt_on <= now())
       or (c.status = 'running' and c.claimed_until < now())
    order by c.next_attempt_on, c.created_on
    limit max_jobs
    for update skip locked)
  returning j.*
$function$;
revoke all on function app_private.claim_payment_jobs(text, integer, integer) from public;

-- An allocation made in a round whose offering is mapped lists the round's Payment qualification too.
create or replace function app_private.tg_allocations__payment_qualification()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order)
    select new.id, i.vendor_qualification_id, 1000 from app_public.payment_instruments i
      join app_public.vendor_qualifications v on v.id = i.vendor_qualification_id and v.active
    where i.round_id = new.round_id
    on conflict do nothing;
  return null;
end;
$function$;
create or replace trigger _600_payment_qualification after insert on app_public.allocations
  for each row execute function app_private.tg_allocations__payment_qualification();

-- The round's Payment qualification stays last in an allocation's and a distribution's list (issue 37): one added
-- after it (the client numbers a new one max + 1, past the Payment's 1000) moves the Payment behind it, so the list
-- reads in the order the investor takes the steps (build_process puts payment steps last whatever the numbers).
create or replace function app_private.tg_qualifications__payment_last()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if app_private.pays((select v.steps from app_public.vendor_qualifications v where v.id = new.vendor_qualification_id))
  then
    return null;
  end if;
  if tg_table_name = 'allocation_qualifications' then
    update app_public.allocation_qualifications q set execute_order = new.execute_order + 1
      from app_public.vendor_qualifications v
      where q.allocation_id = new.allocation_id and q.id <> new.id and q.execute_order <= new.execute_order
        and v.id = q.vendor_qualification_id and app_private.pays(v.steps);
  else
    update app_public.distribution_qualifications q set execute_order = new.execute_order + 1
      from app_public.vendor_qualifications v
      where q.distribution_id = new.distribution_id and q.id <> new.id and q.execute_order <= new.execute_order
        and v.id = q.vendor_qualification_id and app_private.pays(v.steps);
  end if;
  return null;
end;
$function$;
create or replace trigger _610_payment_last after insert on app_public.allocation_qualifications
  for each row execute function app_private.tg_qualifications__payment_last();
create or replace trigger _610_payment_last after insert on app_public.distribution_qualifications
  for each row execute function app_private.tg_qualifications__payment_last();
