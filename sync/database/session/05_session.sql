-- The request's session, as PostGraphile (or the command endpoint) sets it per transaction (jwt.claims.*): who
-- reads (current_user_id and the other jwt.claims readers live in the early file schema/10_settings.sql), the
-- permission checks every write starts with (require_writer; request_reader; personal_data_readable: the account's
-- own members only; can_write, not a viewer, is in schema/10_settings.sql), the GraphQL fields currentUser, currentAccount,
-- currentUsersAccount, and the terms of service (acceptTerms, a user's pending terms).

create or replace function app_private.account_type_of(account_id uuid)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$ select type from app_public.accounts where id = account_id $function$;
grant execute on function app_private.account_type_of(uuid) to app_user;

create or replace function app_private.personal_data_readable(account_id uuid)
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
    select not app_private.request_reader()
      or account_id = app_private.current_account_id()
      or account_id in (select app_private.member_account_ids())
  $function$;

comment on function app_private.personal_data_readable(uuid) is
  'Whether the request may read the account''s personal fields (tax_short, date_of_birth, an investor''s formation_date): members of the account only.';
grant execute on function app_private.personal_data_readable(uuid) to app_user;

create or replace function app_private.request_reader()
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$ select coalesce(current_setting('role', true), 'none') = 'app_user' $function$;

comment on function app_private.request_reader() is
  'True while a request runs (role app_user), also inside SECURITY DEFINER functions, which change current_user only.';
grant execute on function app_private.request_reader() to app_user;

-- A signed-in user in an account ('Not signed in', LL401).
create or replace function app_private.require_signed_in()
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if app_private.current_user_id() is null or app_private.current_account_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
end
$function$;
grant execute on function app_private.require_signed_in() to app_user;

-- Who may change anything: a signed-in user in an account (above) who is not a viewer there ('Operation not allowed',
-- LL403).
create or replace function app_private.require_signed_in_writer()
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  perform app_private.require_signed_in();
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.require_signed_in_writer() to app_user;

-- A writer (above) in an account of one of these types.
create or replace function app_private.require_writer(account_types text[])
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
begin
  perform app_private.require_signed_in_writer();
  if not (app_private.current_account_type() = any (account_types)) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.require_writer(text[]) to app_user;

-- A reader in an account of this type (viewers too): 'Not signed in' (LL401) without an account, else 'Operation not
-- allowed' (LL403) in an account of another type.
create or replace function app_private.require_account_type(account_type text)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if app_private.current_account_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  if app_private.current_account_type() is distinct from account_type then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.require_account_type(text) to app_user;

-- The end of a check that reads one of the session's own rows for a change (its payment or signing account, a mapped
-- template): row_found is the caller's FOUND after reading the row (a parameter named `found` would be hidden by this
-- function's own FOUND); then the session must be able to write (not a viewer).
create or replace function app_private.require_own_row_found(row_found boolean, not_found text)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if not row_found then
    raise exception '%', not_found using errcode = 'LL404';
  end if;
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.require_own_row_found(boolean, text) to app_user;

create or replace function app_public."current_user"()
  returns app_public.users
  language sql
  stable
as $function$ select u.* from app_public.users u where u.id = app_private.current_user_id() $function$;

comment on function app_public."current_user"() is
  'The signed-in user.';
grant execute on function app_public."current_user"() to app_user;

create or replace function app_public.accept_terms(terms_id uuid)
  returns app_public.terms_acceptances
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_public.accept_terms(uuid) to app_user;

create or replace function app_public.current_account()
  returns app_public.accounts
  language sql
  stable
as $function$ select a.* from app_public.accounts a where a.id = app_private.current_account_id() $function$;

comment on function app_public.current_account() is
  'The account selected for this session.';
grant execute on function app_public.current_account() to app_user;

create or replace function app_public.current_users_account()
  returns app_public.users_accounts
  language sql
  stable
as $function$
    select ua.* from app_public.users_accounts ua
    where ua.user_id = app_private.current_user_id() and ua.account_id = app_private.current_account_id()
  $function$;

comment on function app_public.current_users_account() is
  'The signed-in user''s membership of the selected account.';
grant execute on function app_public.current_users_account() to app_user;

create or replace function app_public.users_pending_terms_of_service(u app_public.users)
  returns setof app_public.terms_of_service
  language sql
  stable
as $function$
    select t.* from app_public.terms_of_service t
    where t.active and u.id = app_private.current_user_id()
      and not exists (select 1 from app_public.terms_acceptances ta where ta.terms_id = t.id and ta.user_id = u.id)
    order by t.created_on, t.id
  $function$;
grant execute on function app_public.users_pending_terms_of_service(app_public.users) to app_user;
