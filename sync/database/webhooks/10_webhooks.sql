-- Webhooks (issue 35 item 1, docs/API.md "Webhooks"): who reads the endpoints, deliveries and attempts (the
-- account's own members, issuer and broker accounts), and the commands registerWebhookEndpoint (the secret shown
-- once), removeWebhookEndpoint and resendWebhookDelivery (owners and admins). The runner's claim
-- (app_private.claim_webhook_deliveries) hands each due delivery to one runner at a time. Refusals raise
-- LL403/LL404/LL422 and leave nothing behind.

create or replace function app_private.is_webhook_reader(account_id uuid)
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select account_id = app_private.current_account_id()
    and coalesce(app_private.current_account_type() in ('issuer', 'broker'), false)
$function$;
grant execute on function app_private.is_webhook_reader(uuid) to app_user;

drop policy if exists select_own on app_public.webhook_endpoints;
create policy select_own on app_public.webhook_endpoints for select to public
  using (app_private.is_webhook_reader(account_id));

drop policy if exists select_own on app_public.webhook_deliveries;
create policy select_own on app_public.webhook_deliveries for select to public
  using (app_private.is_webhook_reader(account_id));

drop policy if exists select_own on app_public.webhook_attempts;
create policy select_own on app_public.webhook_attempts for select to public
  using (app_private.is_webhook_reader(account_id));

-- The refusal of a write by anyone but an owner or admin of an issuer or broker account.
create or replace function app_private.check_webhook_writer()
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if not coalesce(app_private.current_account_type() in ('issuer', 'broker'), false)
     or not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.check_webhook_writer() to app_user;

-- The endpoint address rule, the same as src/domain/webhooks.ts webhookUrlError: https anywhere; plain http only to
-- this computer, and only where the server allows it (not in production).
create or replace function app_private.check_webhook_url(url text)
  returns text
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  trimmed text := btrim(coalesce(url, ''));
  loopback boolean := (select s.allow_loopback_http from app_private.webhook_settings s);
begin
  if trimmed = '' then
    raise exception 'URL is required.' using errcode = 'LL422';
  end if;
  if char_length(trimmed) > 2000 then
    raise exception 'URL must be at most 2000 characters.' using errcode = 'LL422';
  end if;
  if trimmed ~* '^https://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$' then
    return trimmed;
  end if;
  if coalesce(loopback, false)
     and trimmed ~* '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
    return trimmed;
  end if;
  if coalesce(loopback, false) then
    raise exception 'Enter an address that starts with https:// (http:// only to this computer: localhost, 127.0.0.1 or ::1).'
      using errcode = 'LL422';
  end if;
  raise exception 'Enter an address that starts with https://.' using errcode = 'LL422';
end
$function$;
grant execute on function app_private.check_webhook_url(text) to app_user;

create or replace function app_public.register_webhook_endpoint(url text, event_types text[])
  returns app_public.webhook_registration
  language plpgsql
  strict volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  checked_url text;
  types text[];
  unknown text;
  endpoint_id uuid;
  secret text;
begin
  perform app_private.check_webhook_writer();
  checked_url := app_private.check_webhook_url(url);
  select coalesce(array_agg(distinct t order by t), '{}') into types
  from unnest(event_types) t where t is not null;
  if cardinality(types) = 0 then
    raise exception 'Choose at least one event.' using errcode = 'LL422';
  end if;
  select t into unknown from unnest(types) t
  where t <> all (array['distribution.made', 'distribution.changed', 'step.completed', 'holding.issued',
                        'payment.settled', 'token.minted', 'document.signed'])
  limit 1;
  if unknown is not null then
    raise exception 'Unknown event: %.', left(unknown, 60) using errcode = 'LL422';
  end if;
  insert into app_public.webhook_endpoints (account_id, url, event_types, created_by_id)
  values (app_private.current_account_id(), checked_url, types, app_private.current_user_id())
  returning id into endpoint_id;
  -- 256 random bits (gen_random_uuid is the core's random source; pgcrypto is not assumed here)
  secret := 'whsec_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into app_private.webhook_secrets (endpoint_id, secret) values (endpoint_id, secret);
  return row(endpoint_id, secret)::app_public.webhook_registration;
end
$function$;
grant execute on function app_public.register_webhook_endpoint(text, text[]) to app_user;
comment on function app_public.register_webhook_endpoint(text, text[]) is
  'Registers a webhook endpoint of the account (owners and admins of issuer and broker accounts) for the given events; answers its signing secret, shown this once.';

create or replace function app_public.remove_webhook_endpoint(endpoint_id uuid)
  returns app_public.webhook_endpoints
  language plpgsql
  strict volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  removed app_public.webhook_endpoints;
begin
  perform app_private.check_webhook_writer();
  delete from app_public.webhook_endpoints e
  where e.id = remove_webhook_endpoint.endpoint_id and e.account_id = app_private.current_account_id()
  returning * into removed;
  if not found then
    raise exception 'Webhook endpoint not found.' using errcode = 'LL404';
  end if;
  return removed;
end
$function$;
grant execute on function app_public.remove_webhook_endpoint(uuid) to app_user;
comment on function app_public.remove_webhook_endpoint(uuid) is
  'Removes a webhook endpoint of the account with its deliveries (owners and admins).';

create or replace function app_public.resend_webhook_delivery(delivery_id uuid)
  returns app_public.webhook_deliveries
  language plpgsql
  strict volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  queued app_public.webhook_deliveries;
begin
  perform app_private.check_webhook_writer();
  update app_public.webhook_deliveries d
  set status = 'queued', next_attempt_on = now(), retry_until = now() + interval '1 day',
      claimed_by = null, claimed_until = null
  where d.id = resend_webhook_delivery.delivery_id and d.account_id = app_private.current_account_id()
  returning * into queued;
  if not found then
    raise exception 'Delivery not found.' using errcode = 'LL404';
  end if;
  perform pg_notify('webhook_deliveries', queued.id::text);
  return queued;
end
$function$;
grant execute on function app_public.resend_webhook_delivery(uuid) to app_user;
comment on function app_public.resend_webhook_delivery(uuid) is
  'Sends a webhook delivery again (owners and admins): queued now, retried for a day on failure.';

-- A runner claims due deliveries: each is taken by one runner (FOR UPDATE SKIP LOCKED), marked running with a lease;
-- a delivery whose runner died (lease over) is due again. Not callable by app_user.
create or replace function app_private.claim_webhook_deliveries(runner text, lease_seconds integer, max_deliveries integer)
  returns setof app_public.webhook_deliveries
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  update app_public.webhook_deliveries d set status = 'running', claimed_by = runner,
      claimed_until = now() + make_interval(secs => lease_seconds)
  where d.id in (
    select c.id from app_public.webhook_deliveries c
    where (c.status = 'queued' and c.next_attempt_on <= now())
       or (c.status = 'running' and c.claimed_until < now())
    order by c.next_attempt_on, c.created_on
    limit max_deliveries
    for update skip locked)
  returning d.*
$function$;
revoke all on function app_private.claim_webhook_deliveries(text, integer, integer) from public;
