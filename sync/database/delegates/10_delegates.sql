-- Delegates (spec part 2, settings): who belongs to an account and in which role (users_accounts), docs/PERMISSIONS.md
-- "Delegates". makeDelegate adds an existing user at once or invites a new one by mail (the delegate invitations of
-- 0442 and the claim link of 0101); updateUsersAccountById (the table's grant and policies) changes a non-owner's
-- role or status; transferOwnership hands the account to another member. Suspension ends the member's sessions for
-- the account at once; a transfer ends every session of both users for the account (they sign in again).
-- The account never has two owners (unique index of 1210) and an account that has an owner keeps one (a deferred
-- constraint trigger, checked at commit).

-- The field rules of a membership, with the delegate form's texts (updateUsersAccountById sends role and status).
create or replace function app_private.tg_users_accounts__fields()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.role is null or new.role not in ('account_owner', 'account_admin', 'account_viewer') then
    raise exception 'Role is required.' using errcode = 'LL422';
  end if;
  if new.status is null or new.status not in ('active', 'suspended') then
    raise exception 'Status is required.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace trigger _050_fields before insert or update on app_public.users_accounts
  for each row execute function app_private.tg_users_accounts__fields();

-- Ends sessions (delete, or drop their account) and tells every server process, which closes those sessions'
-- websockets (sync/http/session-revocations.ts). Returns how many sessions it touched.
create or replace function app_private.end_account_sessions(account uuid, users uuid[], sign_out boolean)
  returns integer
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  ended uuid[];
begin
  if sign_out then
    with gone as (
      delete from app_private.sessions s where s.account_id = account and s.user_id = any (users) returning s.id
    ) select array_agg(id) into ended from gone;
  else
    with gone as (
      update app_private.sessions s set account_id = null, updated_on = now()
       where s.account_id = account and s.user_id = any (users) returning s.id
    ) select array_agg(id) into ended from gone;
  end if;
  if cardinality(ended) > 0 then
    perform pg_notify('sessions_ended', json_build_object('sessions', ended)::text);
  end if;
  return coalesce(cardinality(ended), 0);
end
$function$;

-- A suspended member loses the account at once: every session of theirs that has it selected drops it (the user
-- stays signed in without an account, as right after sign-in; the account can no longer be selected while
-- suspended). Reactivation needs no session change: the member selects the account again.
create or replace function app_private.tg_users_accounts__suspension_ends_sessions()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if new.status = 'suspended' and old.status is distinct from 'suspended' then
    perform app_private.end_account_sessions(new.account_id, array[new.user_id], false);
  end if;
  return null;
end
$function$;

create or replace trigger _700_suspension_ends_sessions after update of status on app_public.users_accounts
  for each row execute function app_private.tg_users_accounts__suspension_ends_sessions();

-- A member removed from an account, or whose role in it changed, keeps their sessions (every request reads the
-- membership again: a removed member's session has no account, a changed role counts on the next request), but not
-- their websockets: a socket's claims (account, type, role: what the change stream builds documents for) were read
-- when it connected. So the sockets of those sessions are closed at once (the `sessions_ended` notification, which
-- only closes sockets: sync/http/session-revocations.ts); the device reconnects under the membership as it is now.
create or replace function app_private.tg_users_accounts__membership_change_closes_sockets()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  member app_public.users_accounts := case when tg_op = 'DELETE' then old else new end;
  sockets uuid[];
begin
  if tg_op = 'UPDATE' and new.role is not distinct from old.role then
    return null;
  end if;
  select array_agg(s.id) into sockets from app_private.sessions s
   where s.account_id = member.account_id and s.user_id = member.user_id;
  if cardinality(sockets) > 0 then
    perform pg_notify('sessions_ended', json_build_object('sessions', sockets)::text);
  end if;
  return null;
end
$function$;

create or replace trigger _710_membership_change_closes_sockets after update of role or delete on app_public.users_accounts
  for each row execute function app_private.tg_users_accounts__membership_change_closes_sockets();

-- An account that had an owner still has one when the transaction commits (a transfer demotes, then promotes).
create or replace function app_private.tg_users_accounts__owner_kept()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
begin
  if old.role = 'account_owner'
     and exists (select 1 from app_public.accounts a where a.id = old.account_id)
     and not exists (select 1 from app_public.users_accounts ua
                      where ua.account_id = old.account_id and ua.role = 'account_owner') then
    raise exception 'An account must have exactly one owner.' using errcode = 'LL409';
  end if;
  return null;
end
$function$;

-- (CREATE OR REPLACE is not allowed for constraint triggers.)
drop trigger if exists _950_owner_kept on app_public.users_accounts;
create constraint trigger _950_owner_kept after update or delete on app_public.users_accounts
  deferrable initially deferred
  for each row execute function app_private.tg_users_accounts__owner_kept();

-- Hands `account` from its owner `from_user` to the member `to_user` (active): the old owner becomes an admin, every
-- session of both for the account ends (they sign in again). The caller has checked who asks.
create or replace function app_private.hand_over_ownership(account uuid, from_user uuid, to_user uuid)
  returns app_public.users_accounts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  owner_row app_public.users_accounts;
  target_row app_public.users_accounts;
begin
  -- The owner row first, locked: a concurrent transfer waits here and then finds no owner row of its caller.
  select * into owner_row from app_public.users_accounts ua
   where ua.account_id = account and ua.role = 'account_owner' for update;
  if owner_row.id is null or owner_row.user_id <> from_user or owner_row.status <> 'active' then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = 'only the owner hands the account over';
  end if;
  select * into target_row from app_public.users_accounts ua
   where ua.account_id = account and ua.user_id = to_user for update;
  if target_row.id is null or target_row.status <> 'active' then
    raise exception 'The new owner must be an active delegate of this account.' using errcode = 'LL422';
  end if;
  update app_public.users_accounts set role = 'account_admin' where id = owner_row.id;
  update app_public.users_accounts set role = 'account_owner' where id = target_row.id returning * into target_row;
  perform app_private.end_account_sessions(account, array[from_user, to_user], true);
  return target_row;
end
$function$;

-- Queues the invitation mail of makeDelegate / transferOwnership for an address no user has (or no member has, for
-- a transfer): a claim link (0101) that makes whoever opens it, signed in, a member with `role`.
create or replace function app_private.queue_delegate_mail(
  account uuid, email text, role text, first_name text, last_name text, invited_by uuid, transfer boolean)
  returns uuid
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account_name text := (select a.name from app_public.accounts a where a.id = account);
  greeting text := 'Hello ' || coalesce(nullif(btrim(first_name), ''), 'there') || ',';
  what text := case when transfer
    then 'You are invited to become the owner of ' || account_name || ' on Ledgerline.'
    else 'You were added as a delegate (' || case when role = 'account_viewer' then 'Viewer' else 'Admin' end
      || ') of ' || account_name || ' on Ledgerline.' end;
  sent record := app_private.queue_invitation_mail(account_name, email, greeting || chr(10) || chr(10) || what,
    '<p>' || app_private.html_text(greeting) || '</p><p>' || app_private.html_text(what) || '</p>', invited_by);
begin
  insert into app_private.delegate_invitations
    (account_id, party_id, email, role, claim_token_id, invited_by, first_name, last_name, transfer_ownership)
  values (account, null, email, role, sent.token_id, invited_by, first_name, last_name, transfer);
  return sent.mail_id;
end
$function$;

-- makeDelegate(email, firstName, lastName, role): owners and admins of any account type. An address that belongs to
-- a user makes that user a member at once (returned); any other address gets an invitation mail (returns null).
create or replace function app_public.make_delegate(email text, first_name text, last_name text, role text)
  returns app_public.users_accounts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account uuid := app_private.current_account_id();
  address text;
  invitee uuid;
  created app_public.users_accounts;
begin
  perform app_private.require_writer(array['admin', 'agent', 'ats', 'broker', 'investor', 'issuer']);
  if account not in (select app_private.member_account_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if btrim(coalesce(first_name, '')) = '' then
    raise exception 'First name is required.' using errcode = 'LL422';
  end if;
  if btrim(coalesce(last_name, '')) = '' then
    raise exception 'Last name is required.' using errcode = 'LL422';
  end if;
  if length(first_name) > 200 then
    raise exception 'First name must be at most 200 characters.' using errcode = 'LL422';
  end if;
  if length(last_name) > 200 then
    raise exception 'Last name must be at most 200 characters.' using errcode = 'LL422';
  end if;
  address := app_private.normalized_email(email, 'Email is required.');
  if length(address) > 254 then
    raise exception 'Email must be at most 254 characters.' using errcode = 'LL422';
  end if;
  if role = 'account_owner' then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = 'delegates are admins or viewers; the owner changes by transferOwnership';
  end if;
  if role is null or role not in ('account_admin', 'account_viewer') then
    raise exception 'Role is required.' using errcode = 'LL422';
  end if;
  select e.user_id into invitee from app_public.user_emails e where lower(e.email) = lower(address);
  if invitee is null then
    perform app_private.queue_delegate_mail(account, address, role, btrim(first_name), btrim(last_name),
                                            app_private.current_user_id(), false);
    return null;
  end if;
  if exists (select 1 from app_public.users_accounts ua where ua.account_id = account and ua.user_id = invitee) then
    raise exception 'This person is already a delegate of this account.' using errcode = 'LL409';
  end if;
  insert into app_public.users_accounts (user_id, account_id, role, status)
  values (invitee, account, role, 'active')
  returning * into created;
  return created;
end
$function$;

comment on function app_public.make_delegate(text, text, text, text) is
  'Adds a delegate (Admin or Viewer) to the selected account: an existing user at once, anyone else by an invitation mail (then null).';
grant execute on function app_public.make_delegate(text, text, text, text) to app_user;

-- transferOwnership(email): the owner only. A member (active) becomes the owner now and the caller an admin; every
-- session of both for the account ends. An address of no member gets an invitation: claiming it makes them a member
-- and then the owner, if the inviter still owns the account (returns null).
create or replace function app_public.transfer_ownership(email text)
  returns app_public.users_accounts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account uuid := app_private.current_account_id();
  caller uuid := app_private.current_user_id();
  address text := btrim(coalesce(email, ''));
  target uuid;
  membership app_public.users_accounts;
begin
  if caller is null or account is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_public.users_accounts ua
                  where ua.account_id = account and ua.user_id = caller
                    and ua.role = 'account_owner' and ua.status = 'active') then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(address) > 254 then
    raise exception 'A valid email is required.' using errcode = 'LL422';
  end if;
  select e.user_id into target from app_public.user_emails e where lower(e.email) = lower(address);
  if target = caller then
    raise exception 'You already own this account.' using errcode = 'LL409';
  end if;
  select * into membership from app_public.users_accounts ua where ua.account_id = account and ua.user_id = target;
  if membership.id is null then
    perform app_private.queue_delegate_mail(account, address, 'account_admin', null, null, caller, true);
    return null;
  end if;
  if membership.status <> 'active' then
    raise exception 'The new owner must be an active delegate of this account.' using errcode = 'LL422';
  end if;
  return app_private.hand_over_ownership(account, caller, target);
end
$function$;

comment on function app_public.transfer_ownership(text) is
  'The owner hands the selected account to a member (or invites someone to take it); the old owner becomes an admin and both sign in again.';
grant execute on function app_public.transfer_ownership(text) to app_user;

-- An accepted invitation that asked for the ownership (transferOwnership to a non-member): the claimant is now a
-- member (claim_accounts); hand the account over if the inviter still owns it and the claimant is active.
create or replace function app_private.tg_delegate_invitations__transfer_on_accept()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if new.transfer_ownership and old.accepted_by is null and new.accepted_by is not null
     and new.accepted_by is distinct from new.invited_by
     and exists (select 1 from app_public.users_accounts ua
                  where ua.account_id = new.account_id and ua.user_id = new.invited_by
                    and ua.role = 'account_owner' and ua.status = 'active')
     and exists (select 1 from app_public.users_accounts ua
                  where ua.account_id = new.account_id and ua.user_id = new.accepted_by and ua.status = 'active') then
    perform app_private.hand_over_ownership(new.account_id, new.invited_by, new.accepted_by);
  end if;
  return null;
end
$function$;

create or replace trigger _500_transfer_on_accept after update of accepted_by on app_private.delegate_invitations
  for each row execute function app_private.tg_delegate_invitations__transfer_on_accept();
