-- API keys (issue 35 items 1 and 2, docs/API.md "API keys"): who reads an account's keys (its members), and the
-- commands createApiKey (the key shown once, only its SHA-256 kept) and revokeApiKey: owners and admins of an issuer
-- or broker account (admin or viewer keys) and of an investor account (its personal key, viewer only), signed in:
-- a request made with an API key makes and revokes no keys. The server resolves a key with
-- app_private.use_api_key (sync/http/api-keys.ts). Refusals raise LL403/LL404/LL422 and leave nothing behind.

drop policy if exists select_own on app_public.api_keys;
create policy select_own on app_public.api_keys for select to public
  using (account_id = app_private.current_account_id());

-- The refusal of a key's making or revoking by anyone but a signed-in owner or admin of an issuer, broker or
-- investor account.
create or replace function app_private.check_api_key_writer()
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
begin
  if not coalesce(app_private.current_account_type() in ('issuer', 'broker', 'investor'), false)
     or not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  -- a request made with an API key runs with the key's id as its session
  if exists (select 1 from app_public.api_keys k where k.id = app_private.current_session_id()) then
    raise exception 'API keys are made and revoked in the app, not with an API key.' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.check_api_key_writer() to app_user;

create or replace function app_public.create_api_key(name text, role text)
  returns app_public.api_key_creation
  language plpgsql
  strict volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  trimmed text := btrim(name);
  key_id uuid;
  secret text;
begin
  perform app_private.check_api_key_writer();
  if trimmed = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if char_length(trimmed) > 200 then
    raise exception 'Name must be at most 200 characters.' using errcode = 'LL422';
  end if;
  if role not in ('admin', 'viewer') then
    raise exception 'Choose a role: admin or viewer.' using errcode = 'LL422';
  end if;
  if app_private.current_account_type() = 'investor' and role <> 'viewer' then
    raise exception 'A personal key can only read: choose the viewer role.' using errcode = 'LL422';
  end if;
  if (select count(*) from app_public.api_keys k
      where k.account_id = app_private.current_account_id() and k.revoked_on is null) >= 50 then
    raise exception 'This account has 50 keys in use: revoke one before making another.' using errcode = 'LL422';
  end if;
  -- 256 random bits (gen_random_uuid is the core's random source; pgcrypto is not assumed here)
  secret := 'llk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into app_public.api_keys (account_id, name, role, prefix, created_by_id)
  values (app_private.current_account_id(), trimmed, role, left(secret, 12), app_private.current_user_id())
  returning id into key_id;
  insert into app_private.api_key_secrets (key_id, token_hash)
  values (key_id, encode(sha256(convert_to(secret, 'UTF8')), 'hex'));
  return row(key_id, secret)::app_public.api_key_creation;
end
$function$;
grant execute on function app_public.create_api_key(text, text) to app_user;
comment on function app_public.create_api_key(text, text) is
  'Makes an API key of the account (owners and admins; an investor''s is read-only) with a name and a role (admin or viewer); answers the key, shown this once.';

create or replace function app_public.revoke_api_key(key_id uuid)
  returns app_public.api_keys
  language plpgsql
  strict volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  revoked app_public.api_keys;
begin
  perform app_private.check_api_key_writer();
  update app_public.api_keys k set revoked_on = coalesce(k.revoked_on, now())
  where k.id = revoke_api_key.key_id and k.account_id = app_private.current_account_id()
  returning * into revoked;
  if not found then
    raise exception 'API key not found.' using errcode = 'LL404';
  end if;
  return revoked;
end
$function$;
grant execute on function app_public.revoke_api_key(uuid) to app_user;
comment on function app_public.revoke_api_key(uuid) is
  'Revokes an API key of the account (owners and admins): from now on a request with it is refused.';

-- A request's key (its hex SHA-256): counted in its minute and, while within its rate, marked used. Answers nothing
-- for an unknown or revoked key, or one whose maker is no longer an active member of the account (a member who
-- leaves takes their keys' access along); else the account, its type, the role the request gets (an admin key acts
-- as a viewer once its maker is one) and, over the rate, the seconds until the minute ends. Not callable by app_user.
create or replace function app_private.use_api_key(token_hash text)
  returns table (key_id uuid, user_id uuid, account_id uuid, account_type text, account_role text, retry_after integer)
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  found_key app_public.api_keys;
  member_role text;
  kind text;
  secret app_private.api_key_secrets;
begin
  select k.* into found_key from app_private.api_key_secrets s join app_public.api_keys k on k.id = s.key_id
  where s.token_hash = use_api_key.token_hash and k.revoked_on is null;
  if not found then
    return;
  end if;
  select ua.role into member_role from app_public.users_accounts ua
  where ua.user_id = found_key.created_by_id and ua.account_id = found_key.account_id and ua.status = 'active';
  if member_role is null then
    return;
  end if;
  select a.type into kind from app_public.accounts a where a.id = found_key.account_id;
  update app_private.api_key_secrets s set
    window_start = case when s.window_start <= now() - interval '1 minute' then now() else s.window_start end,
    window_count = case when s.window_start <= now() - interval '1 minute' then 1 else s.window_count + 1 end
  where s.key_id = found_key.id
  returning * into secret;
  if secret.window_count > secret.requests_per_minute then
    return query select found_key.id, found_key.created_by_id, found_key.account_id, kind, null::text,
      greatest(1, ceil(extract(epoch from secret.window_start + interval '1 minute' - now())))::integer;
    return;
  end if;
  -- the last use, at most once a minute (a busy key does not rewrite its row on every request)
  update app_public.api_keys k set last_used_on = now()
  where k.id = found_key.id and (k.last_used_on is null or k.last_used_on < now() - interval '1 minute');
  return query select found_key.id, found_key.created_by_id, found_key.account_id, kind,
    case when found_key.role = 'admin' and member_role in ('account_owner', 'account_admin') and kind <> 'investor'
         then 'account_admin' else 'account_viewer' end,
    null::integer;
end
$function$;
revoke all on function app_private.use_api_key(text) from public;
