-- The audit trail (app_public.audit_events, 1240; docs/ADMIN.md): recorded by triggers, in the same transaction
-- as what it records, one insert each:
-- * every accepted command: one statement-level insert per batch of the command log (log_commands writes a
--   request's transaction's log rows in one statement), with the command's variables (personal fields and a step's
--   answers redacted: audit_redacted);
-- * every sign-in (a new session, of no account yet) and the account it lands on (the session's first account: a
--   sign_in event of that account, so the account's Activity shows its members' sign-ins), and every later account
--   switch (the session's account changes);
-- * every membership change (users_accounts inserted, updated, deleted); a change of role to or from owner is an
--   ownership transfer.
-- Who: the request's user (NULL when the server itself acts); from which device: the request's session with the IP
-- and user agent its sign-in came from, and the command's device id. The table refuses update, delete and truncate
-- for everyone (app_private.tg__append_only, as the ledger does); app_user has only select.

create or replace function app_private.audit_redacted(mutation text, variables jsonb)
  returns jsonb
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  -- Whatever the command, its personal fields (app_private.personal_redacted, sync/database/schema/
  -- 50_personal_data.sql): a tax id as its last four characters, a date of birth, street address lines, a postal code
  -- and a phone number as "[redacted]". A step's answers (completeStep blob) are personal and may be secret
  -- (encrypted_form): only their field names.
  with personal as (select app_private.personal_redacted(coalesce(variables, '{}'::jsonb)) as v)
  select case
    when jsonb_typeof(p.v -> 'input' -> 'blob') = 'object' then
      jsonb_set(p.v, '{input,blob}',
        coalesce((select jsonb_object_agg(k, '[redacted]') from jsonb_object_keys(p.v -> 'input' -> 'blob') k),
                 '{}'::jsonb))
    else p.v
  end
  from personal p
$function$;

create or replace function app_private.tg__audit_commands()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  this_session uuid := app_private.current_session_id();
begin
  insert into app_public.audit_events (kind, action, user_id, account_id, session_id, device_id, ip, user_agent,
                                       details, created_on)
  select 'command', a.mutation, a.user_id, a.account_id, this_session, left(a.device_id, 200), s.ip, s.user_agent,
         jsonb_build_object('key', a.idempotency_key, 'variables', app_private.audit_redacted(a.mutation, a.variables)),
         a.applied_on
  from added a
  left join app_private.sessions s on s.id = this_session
  where a.status = 'accepted';
  return null;
end;
$function$;

create or replace trigger _900_audit after insert on app_private.command_log
  referencing new table as added
  for each statement execute function app_private.tg__audit_commands();

create or replace function app_private.tg__audit_sessions()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
begin
  if tg_op = 'INSERT' then
    insert into app_public.audit_events (kind, action, user_id, account_id, session_id, ip, user_agent, details)
    values ('sign_in', 'signed in', new.user_id, new.account_id, new.id, new.ip, new.user_agent, '{}'::jsonb);
  elsif new.account_id is distinct from old.account_id and new.account_id is not null then
    if old.account_id is null and not exists (
         select 1 from app_public.audit_events e
          where e.session_id = new.id and e.kind in ('sign_in', 'account_switch') and e.account_id is not null) then
      -- The account a sign-in lands on (the session's first): the sign-in as that account's owners and admins see it.
      insert into app_public.audit_events (kind, action, user_id, account_id, session_id, ip, user_agent, details)
      values ('sign_in', 'signed in', new.user_id, new.account_id, new.id, new.ip, new.user_agent,
              jsonb_build_object('toAccountId', new.account_id));
    else
      insert into app_public.audit_events (kind, action, user_id, account_id, session_id, ip, user_agent, details)
      values ('account_switch', 'switched account', new.user_id, new.account_id, new.id, new.ip, new.user_agent,
              jsonb_build_object('fromAccountId', old.account_id, 'toAccountId', new.account_id));
    end if;
  end if;
  return null;
end;
$function$;

create or replace trigger _900_audit after insert or update of account_id on app_private.sessions
  for each row execute function app_private.tg__audit_sessions();

create or replace function app_private.tg__audit_memberships()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  this_session uuid := app_private.current_session_id();
  this_ip text;
  this_agent text;
  this_kind text := 'membership';
  this_action text;
  row_ app_public.users_accounts := case when tg_op = 'DELETE' then old else new end;
begin
  select s.ip, s.user_agent into this_ip, this_agent from app_private.sessions s where s.id = this_session;
  if tg_op = 'INSERT' then
    this_action := 'member added as ' || new.role || ' (' || new.status || ')';
  elsif tg_op = 'DELETE' then
    this_action := 'member removed (was ' || old.role || ')';
  else
    if new.role is not distinct from old.role and new.status is not distinct from old.status then
      return null;
    end if;
    this_action := concat_ws(', ',
      case when new.role is distinct from old.role then 'role ' || old.role || ' -> ' || new.role end,
      case when new.status is distinct from old.status then 'status ' || old.status || ' -> ' || new.status end);
    if new.role is distinct from old.role and 'account_owner' in (old.role, new.role) then
      this_kind := 'ownership_transfer';
    end if;
  end if;
  insert into app_public.audit_events (kind, action, user_id, account_id, session_id, ip, user_agent, details)
  values (this_kind, left(this_action, 200), app_private.current_user_id(), row_.account_id, this_session, this_ip, this_agent,
          jsonb_build_object(
            'memberUserId', row_.user_id,
            'memberEmail', (select m.email from app_public.user_emails m
                             where m.user_id = row_.user_id and m.is_primary limit 1),
            'before', case when tg_op <> 'INSERT' then jsonb_build_object('role', old.role, 'status', old.status) end,
            'after', case when tg_op <> 'DELETE' then jsonb_build_object('role', new.role, 'status', new.status) end));
  return null;
end;
$function$;

create or replace trigger _900_audit after insert or update or delete on app_public.users_accounts
  for each row execute function app_private.tg__audit_memberships();

-- Ledger-grade: nobody changes or removes an event, the table's owner included.
create or replace trigger _010_append_only before update or delete on app_public.audit_events
  for each row execute function app_private.tg__append_only();
create or replace trigger _010_append_only_truncate before truncate on app_public.audit_events
  for each statement execute function app_private.tg__append_only();

-- Who acted, as the trail shows it: the user's primary email (the user may not be visible to the reader otherwise).
create or replace function app_public.audit_events_actor(e app_public.audit_events)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select coalesce(
    (select u.first_name || ' ' || u.last_name || ' <' || m.email || '>'
       from app_public.users u
       left join app_public.user_emails m on m.user_id = u.id and m.is_primary
      where u.id = e.user_id
      limit 1),
    case when e.user_id is null then 'Ledgerline (server)' end)
$function$;
comment on function app_public.audit_events_actor(app_public.audit_events) is 'Who acted: name and primary email.';
grant execute on function app_public.audit_events_actor(app_public.audit_events) to app_user;

-- The account the event concerns, by name.
create or replace function app_public.audit_events_account_name(e app_public.audit_events)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select a.name from app_public.accounts a where a.id = e.account_id
$function$;
comment on function app_public.audit_events_account_name(app_public.audit_events) is 'The account''s name.';
grant execute on function app_public.audit_events_account_name(app_public.audit_events) to app_user;
