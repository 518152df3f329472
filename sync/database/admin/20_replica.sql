-- The admin console's read models, kinds of the device's `records` collection (docs/ADMIN.md "Offline"), for
-- platform admins only (audience: none, so only an admin's pull lists their changes; the builders return nothing
-- to anyone else):
-- * `platform_books`: six documents of fixed ids, each the answer of the admin function it names (`name`, `data`):
--   figures (platform_figures), types (reference_types), and the reports accounts, commands, mail and sync
--   (platform_report; the memberships report, one row per user and membership, stays on the server). Statement
--   triggers on the tables they count record a change of the documents concerned, once per statement.
-- * `form_definitions`: one document per version (the table's row), under the select policy: platform admins and
--   qualification vendors (issuers, brokers). No audience function: every pull lists a definition's changes (there
--   are few) and the builder sends it to those the policy lets read it.

create or replace function app_private.platform_book_ids()
  returns table(id uuid, name text)
  language sql
  immutable
as $function$
  values ('00000000-0000-4000-8000-0000000b0001'::uuid, 'figures'),
         ('00000000-0000-4000-8000-0000000b0002'::uuid, 'types'),
         ('00000000-0000-4000-8000-0000000b0003'::uuid, 'accounts'),
         ('00000000-0000-4000-8000-0000000b0004'::uuid, 'commands'),
         ('00000000-0000-4000-8000-0000000b0005'::uuid, 'mail'),
         ('00000000-0000-4000-8000-0000000b0006'::uuid, 'sync')
$function$;
grant execute on function app_private.platform_book_ids() to app_user;

create or replace function app_private.docs_platform_books(ids uuid[])
  returns table(id uuid, doc jsonb)
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if app_private.current_user_id() is null or app_private.current_account_type() is distinct from 'admin' then
    return;
  end if;
  return query
    select b.id, app_private.live_document(jsonb_build_object(
      'id', b.id, 'name', b.name,
      'data', case b.name when 'figures' then app_public.platform_figures()
                          when 'types' then app_public.reference_types()
                          else app_public.platform_report(b.name) end,
      'createdOn', '2026-01-01T00:00:00+00:00', 'updatedOn', now()))
    from app_private.platform_book_ids() b
    where b.id = any (ids);
end;
$function$;
grant execute on function app_private.docs_platform_books(uuid[]) to app_user;

create or replace function app_private.audience_platform_books(doc_id uuid)
  returns uuid[]
  language sql
  immutable
as $function$ select '{}'::uuid[] $function$;

-- A statement changed what the named books count: one change of each (tg_argv: book names).
create or replace function app_private.tg__platform_books_changed()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  book uuid;
begin
  for book in select b.id from app_private.platform_book_ids() b where b.name = any (tg_argv) loop
    perform app_private.record_document_change('platform_books', book);
  end loop;
  return null;
end;
$function$;

create or replace trigger _910_platform_books after insert on app_private.command_log
  for each statement execute function app_private.tg__platform_books_changed('figures', 'commands', 'sync');
create or replace trigger _910_platform_books after insert or update of status or delete on app_private.mail_outbox
  for each statement execute function app_private.tg__platform_books_changed('figures', 'mail');
create or replace trigger _910_platform_books after insert or update of account_id or delete on app_private.sessions
  for each statement execute function app_private.tg__platform_books_changed('figures', 'sync');
create or replace trigger _910_platform_books after insert or update or delete on app_public.accounts
  for each statement execute function app_private.tg__platform_books_changed('figures', 'types', 'accounts', 'sync');
create or replace trigger _910_platform_books after insert or update of status or delete on app_public.users
  for each statement execute function app_private.tg__platform_books_changed('figures');
create or replace trigger _910_platform_books after insert or update of role, status or delete on app_public.users_accounts
  for each statement execute function app_private.tg__platform_books_changed('figures', 'accounts');
create or replace trigger _910_platform_books after insert or update or delete on app_public.asset_types
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update or delete on app_public.investor_account_types
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update or delete on app_public.document_sharing_allowed_shares
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update or delete on app_public.onboarding_question_types
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update of type or delete on app_public.assets
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update of to_role or delete on app_public.document_sharings
  for each statement execute function app_private.tg__platform_books_changed('types');
create or replace trigger _910_platform_books after insert or update of type_id or delete on app_public.onboarding_questions
  for each statement execute function app_private.tg__platform_books_changed('types');

-- Form definitions, one document per version, under the select policy (platform admins, issuers, brokers).
create or replace function app_private.docs_form_definitions(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select f.id, app_private.live_document(app_private.row_document(to_jsonb(f), 'app_public.form_definitions'))
  from app_public.form_definitions f
  where f.id = any (ids)
$function$;
grant execute on function app_private.docs_form_definitions(uuid[]) to app_user;

drop function if exists app_private.audience_form_definitions(uuid);

create or replace trigger _900_changes_form_definitions after insert on app_public.form_definitions
  for each row execute function app_private.record_change('form_definitions', 'id');

-- makeFormQualification(formKey, formVersion, name, id): an issuer or broker (owner or admin) makes a vendor
-- qualification of one version of a form definition (the latest when none is named): one step template naming it
-- ({"formKey", "formVersion"}), so every step made from it is that version, whatever versions come later.
create or replace function app_public.make_form_qualification(form_key text, form_version integer default null,
  name text default null, id uuid default null)
  returns app_public.vendor_qualifications
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  def app_public.form_definitions;
  made app_public.vendor_qualifications;
begin
  perform app_private.require_writer(array['issuer', 'broker']);
  if coalesce(trim(form_key), '') = '' then
    raise exception 'Form is required.' using errcode = 'LL422', detail = 'formKey';
  end if;
  select * into def from app_public.form_definitions f
   where f.key = $1 and ($2 is null or f.version = $2)
   order by f.version desc limit 1;
  if not found then
    raise exception 'Form definition "%" not found.', $1 using errcode = 'LL404';
  end if;
  if length(coalesce(trim($3), '')) > 200 then
    raise exception 'Name must be at most 200 characters.' using errcode = 'LL422', detail = 'name';
  end if;
  insert into app_public.vendor_qualifications (id, account_id, name, active, steps)
  values (coalesce($4, gen_random_uuid()), app_private.current_account_id(),
          coalesce(nullif(trim($3), ''), def.name || ' (version ' || def.version || ')'), true,
          jsonb_build_array(jsonb_build_object('type', def.step_type, 'renderAttributes', '{}'::jsonb,
            'schema', jsonb_build_object('formKey', def.key, 'formVersion', def.version))))
  returning * into made;
  return made;
end;
$function$;
comment on function app_public.make_form_qualification(text, integer, text, uuid) is
  'Makes a qualification of the selected issuer or broker account from a version of a form definition.';
grant execute on function app_public.make_form_qualification(text, integer, text, uuid) to app_user;
