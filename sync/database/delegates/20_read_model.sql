-- The `users_accounts` read model (a kind of the device's shared `records` collection, parent accountId): one
-- document per membership of the account with its user (firstName, lastName, status) and the user's emails, read by
-- the Delegates tab offline. Built under the reader's row-level security (the account's members read its
-- memberships and their users). Audience: the membership's account. A change of a user's name or emails records a
-- change of each of that user's memberships.

create or replace function app_private.docs_users_accounts(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select ua.id, app_private.live_document(
    app_private.row_document(to_jsonb(ua), 'app_public.users_accounts')
    || jsonb_build_object('user', (
      select jsonb_build_object(
        'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'status', u.status,
        'emails', coalesce((
          select jsonb_agg(jsonb_build_object('id', e.id, 'email', e.email, 'isPrimary', e.is_primary)
                           order by e.is_primary desc, e.email)
          from app_public.user_emails e where e.user_id = u.id), '[]'::jsonb))
      from app_public.users u where u.id = ua.user_id))
  )
  from app_public.users_accounts ua
  where ua.id = any (ids)
    -- the account's memberships only (a user also reads its own memberships of other accounts)
    and ua.account_id = app_private.current_account_id()
$function$;
grant execute on function app_private.docs_users_accounts(uuid[]) to app_user;

create or replace function app_private.audience_users_accounts(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select ua.account_id from app_public.users_accounts ua where ua.id = doc_id)
$function$;

create or replace trigger _900_changes_users_accounts after insert or update or delete on app_public.users_accounts
  for each row execute function app_private.record_change('users_accounts', 'id', 'account_id');
-- A user's name or emails changed: the documents of that user's memberships.
create or replace trigger _900_changes_users_accounts after update on app_public.users
  for each row execute function app_private.record_related_changes('users_accounts', 'id',
    $$select ua.id from app_public.users_accounts ua where ua.user_id = any ($1)$$);
create or replace trigger _900_changes_users_accounts after insert or update or delete on app_public.user_emails
  for each row execute function app_private.record_related_changes('users_accounts', 'user_id',
    $$select ua.id from app_public.users_accounts ua where ua.user_id = any ($1)$$);
