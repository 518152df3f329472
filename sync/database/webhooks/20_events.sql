-- Webhook events (docs/API.md "Webhooks"): triggers on the rows an event is about queue one delivery per endpoint
-- that asked for the event, in the same transaction as the change (so an event is queued exactly once, and never for
-- a change that was rolled back), and wake the runner with pg_notify('webhook_deliveries') on commit. A delivery goes
-- only to the accounts that read the row (a distribution's allocation owner and the round's issuer; a token's and a
-- holding's issuer; a sent document's template owner) and its body holds only the row's own fields, so it never carries what the account may not see.
-- With no endpoint asking for an event the triggers return at once.

create or replace function app_private.queue_webhook_event(event_type text, account_ids uuid[], data jsonb)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  queued integer;
begin
  insert into app_public.webhook_deliveries (id, endpoint_id, account_id, event_type, payload)
  select e.delivery_id, e.id, e.account_id, queue_webhook_event.event_type,
         jsonb_build_object('id', e.delivery_id, 'type', queue_webhook_event.event_type,
                            'createdOn', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'accountId', e.account_id, 'data', data)
  from (select gen_random_uuid() as delivery_id, w.id, w.account_id
        from app_public.webhook_endpoints w
        where w.account_id = any (account_ids)
          and queue_webhook_event.event_type = any (w.event_types)) e;
  get diagnostics queued = row_count;
  if queued > 0 then
    perform pg_notify('webhook_deliveries', '');
  end if;
end
$function$;
revoke all on function app_private.queue_webhook_event(text, uuid[], jsonb) from public;

-- Whether any endpoint asks for one of the events (the triggers' quick exit).
create or replace function app_private.webhook_wanted(event_types text[])
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select exists (select 1 from app_public.webhook_endpoints w where w.event_types && webhook_wanted.event_types)
$function$;
grant execute on function app_private.webhook_wanted(text[]) to app_user;

-- The accounts that own a distribution: its allocation's owner (issuer or broker) and the round's issuer.
create or replace function app_private.webhook_distribution_accounts(distribution_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array[al.owner_id, a.issuer_id]
  from app_public.distributions d
  join app_public.allocations al on al.id = d.allocation_id
  join app_public.rounds r on r.id = al.round_id
  join app_public.assets a on a.id = r.asset_id
  where d.id = webhook_distribution_accounts.distribution_id
$function$;
revoke all on function app_private.webhook_distribution_accounts(uuid) from public;

create or replace function app_private.tg_distributions__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  data jsonb;
begin
  if not app_private.webhook_wanted(array['distribution.made', 'distribution.changed']) then
    return null;
  end if;
  data := jsonb_build_object('id', new.id, 'allocationId', new.allocation_id, 'investorId', new.investor_id,
    'name', new.name, 'amount', new.amount::text, 'status', new.status, 'locked', new.locked,
    'issuanceStatus', new.issuance_status, 'purchasePrice', new.purchase_price::text);
  if tg_op = 'UPDATE' and data = jsonb_build_object('id', old.id, 'allocationId', old.allocation_id,
      'investorId', old.investor_id, 'name', old.name, 'amount', old.amount::text, 'status', old.status,
      'locked', old.locked, 'issuanceStatus', old.issuance_status, 'purchasePrice', old.purchase_price::text) then
    return null;
  end if;
  perform app_private.queue_webhook_event(
    case tg_op when 'INSERT' then 'distribution.made' else 'distribution.changed' end,
    app_private.webhook_distribution_accounts(new.id), data);
  return null;
end
$function$;
create or replace trigger _800_webhook after insert or update on app_public.distributions
  for each row execute function app_private.tg_distributions__webhook();

create or replace function app_private.tg_steps__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  distribution uuid;
begin
  if new.status <> 'complete' or (tg_op = 'UPDATE' and old.status = 'complete')
     or not app_private.webhook_wanted(array['step.completed']) then
    return null;
  end if;
  select p.distribution_id into distribution from app_public.processes p where p.id = new.process_id;
  perform app_private.queue_webhook_event('step.completed', app_private.webhook_distribution_accounts(distribution),
    jsonb_build_object('id', new.id, 'processId', new.process_id, 'distributionId', distribution,
      'type', new.type, 'order', new."order", 'completedOn', new.completed_on));
  return null;
end
$function$;
create or replace trigger _800_webhook after insert or update of status on app_public.steps
  for each row execute function app_private.tg_steps__webhook();

create or replace function app_private.tg_holdings__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  accounts uuid[];
begin
  if not app_private.webhook_wanted(array['holding.issued']) then
    return null;
  end if;
  select array[a.issuer_id] into accounts
  from app_public.rounds r join app_public.assets a on a.id = r.asset_id where r.id = new.round_id;
  if new.distribution_id is not null then
    accounts := accounts || app_private.webhook_distribution_accounts(new.distribution_id);
  end if;
  perform app_private.queue_webhook_event('holding.issued', accounts,
    jsonb_build_object('id', new.id, 'securityId', new.security_id, 'roundId', new.round_id,
      'investorId', new.investor_id, 'distributionId', new.distribution_id, 'amount', new.amount::text,
      'purchasePrice', new.purchase_price::text, 'issuedOn', new.issued_on));
  return null;
end
$function$;
create or replace trigger _800_webhook after insert on app_public.holdings
  for each row execute function app_private.tg_holdings__webhook();

create or replace function app_private.tg_distribution_payments__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if new.status <> 'paid' or (tg_op = 'UPDATE' and old.status = 'paid')
     or not app_private.webhook_wanted(array['payment.settled']) then
    return null;
  end if;
  perform app_private.queue_webhook_event('payment.settled',
    app_private.webhook_distribution_accounts(new.distribution_id),
    jsonb_build_object('id', new.id, 'distributionId', new.distribution_id, 'amount', new.amount::text,
      'currencyId', new.currency_id, 'paidOn', new.paid_on));
  return null;
end
$function$;
create or replace trigger _800_webhook after insert or update of status on app_public.distribution_payments
  for each row execute function app_private.tg_distribution_payments__webhook();

create or replace function app_private.tg_tokens__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  accounts uuid[];
begin
  if new.status <> 'issued' or (tg_op = 'UPDATE' and old.status = 'issued')
     or not app_private.webhook_wanted(array['token.minted']) then
    return null;
  end if;
  select array[a.issuer_id] into accounts
  from app_public.rounds r join app_public.assets a on a.id = r.asset_id where r.id = new.round_id;
  perform app_private.queue_webhook_event('token.minted', accounts,
    jsonb_build_object('id', new.id, 'roundId', new.round_id, 'name', new.name, 'symbol', new.symbol,
      'total', new.total::text));
  return null;
end
$function$;
create or replace trigger _800_webhook after insert or update of status on app_public.tokens
  for each row execute function app_private.tg_tokens__webhook();

create or replace function app_private.tg_sent_signing_documents__webhook()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if new.status <> 'completed' or (tg_op = 'UPDATE' and old.status = 'completed')
     or not app_private.webhook_wanted(array['document.signed']) then
    return null;
  end if;
  -- the account whose mapped template it was sent from: the one that reads sent documents (signing/10_signing.sql)
  perform app_private.queue_webhook_event('document.signed',
    array(select m.account_id from app_public.mapped_signing_templates m where m.id = new.mapped_signing_template_id),
    jsonb_build_object('id', new.id, 'distributionId', new.distribution_id, 'stepId', new.step_id,
      'completedOn', new.completed_on));
  return null;
end
$function$;
create or replace trigger _800_webhook after insert or update of status on app_public.sent_signing_documents
  for each row execute function app_private.tg_sent_signing_documents__webhook();
