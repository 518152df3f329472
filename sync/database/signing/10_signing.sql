-- E-signature (issue 17, docs/SIGNING.md): who reads and changes the signing rows, the mapping rules and the
-- commands. An account's own members read its signing account, templates and mapped templates; owners and admins of
-- an issuer or broker account change mappings while a mapped template is unlocked; a locked one changes only its
-- Active toggle and cannot be deleted; investors read the sent documents sent to them. Provider work (template sync)
-- is queued for the server's signing service (sync/signing/service.ts), woken by pg_notify('signing_jobs').
-- Refusals raise LL403/LL404/LL409/LL422 and leave nothing behind.

create or replace function app_private.own_signing_account_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.id from app_public.signing_accounts s
  where s.account_id = app_private.current_account_id()
    and app_private.current_account_type() in ('issuer', 'broker')
$function$;
grant execute on function app_private.own_signing_account_ids() to app_user;

create or replace function app_private.own_mapped_signing_template_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select m.id from app_public.mapped_signing_templates m
  where m.account_id = app_private.current_account_id()
    and app_private.current_account_type() in ('issuer', 'broker')
$function$;
grant execute on function app_private.own_mapped_signing_template_ids() to app_user;

drop policy if exists select_own on app_public.signing_accounts;
create policy select_own on app_public.signing_accounts for select to public
  using ((id IN ( SELECT app_private.own_signing_account_ids() AS own_signing_account_ids)));

drop policy if exists select_own on app_public.signing_templates;
create policy select_own on app_public.signing_templates for select to public
  using ((signing_account_id IN ( SELECT app_private.own_signing_account_ids() AS own_signing_account_ids)));

drop policy if exists select_own on app_public.signing_documents;
create policy select_own on app_public.signing_documents for select to public
  using ((signing_template_id IN ( SELECT t.id FROM app_public.signing_templates t)));

drop policy if exists select_all on app_public.mapping_roles;
create policy select_all on app_public.mapping_roles for select to public
  using ((app_private.current_account_id() IS NOT NULL));

drop policy if exists select_all on app_public.mapping_fields;
create policy select_all on app_public.mapping_fields for select to public
  using ((app_private.current_account_id() IS NOT NULL));

drop policy if exists select_own on app_public.mapped_signing_templates;
create policy select_own on app_public.mapped_signing_templates for select to public
  using (((account_id = app_private.current_account_id()) AND (app_private.current_account_type() = ANY (ARRAY['issuer'::text, 'broker'::text]))));
drop policy if exists update_own on app_public.mapped_signing_templates;
create policy update_own on app_public.mapped_signing_templates for update to public
  using (((account_id = app_private.current_account_id()) AND app_private.can_write()))
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write()));
drop policy if exists delete_own on app_public.mapped_signing_templates;
create policy delete_own on app_public.mapped_signing_templates for delete to public
  using (((account_id = app_private.current_account_id()) AND app_private.can_write()));

drop policy if exists select_own on app_public.signing_roles;
create policy select_own on app_public.signing_roles for select to public
  using ((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)));
drop policy if exists update_own on app_public.signing_roles;
create policy update_own on app_public.signing_roles for update to public
  using (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()))
  with check (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()));

drop policy if exists select_own on app_public.signing_fields;
create policy select_own on app_public.signing_fields for select to public
  using ((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)));
drop policy if exists update_own on app_public.signing_fields;
create policy update_own on app_public.signing_fields for update to public
  using (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()))
  with check (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()));

drop policy if exists select_own on app_public.mapped_signing_template_question_sets;
create policy select_own on app_public.mapped_signing_template_question_sets for select to public
  using ((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)));
drop policy if exists insert_own on app_public.mapped_signing_template_question_sets;
create policy insert_own on app_public.mapped_signing_template_question_sets for insert to public
  with check (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()));
drop policy if exists delete_own on app_public.mapped_signing_template_question_sets;
create policy delete_own on app_public.mapped_signing_template_question_sets for delete to public
  using (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids)) AND app_private.can_write()));

-- The issuer's sent documents, and the investor's own.
drop policy if exists select_own on app_public.sent_signing_documents;
create policy select_own on app_public.sent_signing_documents for select to public
  using (((mapped_signing_template_id IN ( SELECT app_private.own_mapped_signing_template_ids() AS ids))
    OR ((sent_to_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'investor'::text))));

-- Written by issuers and brokers only (the write guard of schema/40_helpers.sql).
select app_private.add_write_guard(t, '{issuer,broker}')
from unnest(array['app_public.mapped_signing_templates', 'app_public.signing_roles', 'app_public.signing_fields',
                  'app_public.mapped_signing_template_question_sets']::regclass[]) t;

-- ---------------------------------------------------------------------------------------------------------------
-- Mapping rules.

create or replace function app_private.signing_valid_email(email text)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' $function$;
grant execute on function app_private.signing_valid_email(text) to app_user;

create or replace function app_private.mapped_template_locked(mapped_id uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$ select coalesce((select m.locked from app_public.mapped_signing_templates m where m.id = mapped_id), false) $function$;

grant execute on function app_private.mapped_template_locked(uuid) to app_user;

create or replace function app_private.require_unlocked(mapped_id uuid)
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if app_private.mapped_template_locked(mapped_id) then
    raise exception 'A locked mapped template cannot be edited.' using errcode = 'LL409';
  end if;
end;
$function$;

grant execute on function app_private.require_unlocked(uuid) to app_user;

-- The role's mapping rule (spec part 2 section 5), one text per problem.
create or replace function app_private.signing_role_problem(map_to text, to_name text, to_email text)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select case
    when coalesce(trim(map_to), '') in ('', 'not mapped') then 'Mapping required.'
    when not exists (select 1 from app_public.mapping_roles r where r.role = map_to) then 'Mapping required.'
    when map_to = 'static' and coalesce(trim(to_name), '') = '' then 'To name required for static field.'
    when map_to = 'static' and coalesce(trim(to_email), '') = '' then 'To email required for static field.'
    when coalesce(trim(to_email), '') <> '' and not app_private.signing_valid_email(trim(to_email)) then 'Valid email required'
  end
$function$;

grant execute on function app_private.signing_role_problem(text, text, text) to app_user;

-- The field's mapping rule: a known mapping field ('not mapped' leaves it empty), a value for static and custom.
create or replace function app_private.signing_field_problem(map_to text, value text)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select case
    when coalesce(trim(map_to), '') = '' then 'Name is required.'
    when map_to = 'not mapped' then null
    when map_to in ('error', 'not supported', 'template provided')
      or not exists (select 1 from app_public.mapping_fields f where f.field = map_to) then 'Name is required.'
    when map_to in ('static', 'custom') and coalesce(trim(value), '') = '' then format('Value required for %s field.', map_to)
  end
$function$;

grant execute on function app_private.signing_field_problem(text, text) to app_user;

create or replace function app_private.tg_signing_roles__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  problem text;
begin
  if tg_op = 'UPDATE' then
    perform app_private.require_unlocked(new.mapped_signing_template_id);
    new.to_name := nullif(trim(new.to_name), '');
    new.to_email := nullif(trim(new.to_email), '');
    if new.map_to <> 'not mapped' then
      problem := app_private.signing_role_problem(new.map_to, new.to_name, new.to_email);
      if problem is not null then
        raise exception '%', problem using errcode = 'LL422';
      end if;
    end if;
  end if;
  return new;
end;
$function$;

create or replace function app_private.tg_signing_fields__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  problem text;
begin
  if tg_op = 'UPDATE' then
    perform app_private.require_unlocked(new.mapped_signing_template_id);
    problem := app_private.signing_field_problem(new.map_to, new.value);
    if problem is not null then
      raise exception '%', problem using errcode = 'LL422';
    end if;
    new.value_variable := case when new.map_to in ('static', 'custom', 'not mapped') then null else new.map_to end;
  end if;
  return new;
end;
$function$;

-- A mapped template: editable while unlocked; locking checks every role's mapping and every field's; once locked
-- only Active changes (and only a locked template is active); a locked template is never deleted.
create or replace function app_private.tg_mapped_signing_templates__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  problem text;
  template app_public.signing_templates;
begin
  if tg_op = 'DELETE' then
    if old.locked then
      raise exception 'Only an unlocked mapped template can be deleted.' using errcode = 'LL409';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' then
    if old.locked and (not new.locked or new.name <> old.name
        or new.qualification_step_type <> old.qualification_step_type) then
      raise exception 'A locked mapped template cannot be edited.' using errcode = 'LL409';
    end if;
  end if;
  new.name := trim(coalesce(new.name, ''));
  if new.name = '' then
    raise exception 'Template name is required.' using errcode = 'LL422';
  end if;
  if new.locked and (tg_op = 'INSERT' or not old.locked) then
    select r.problem into problem from (
      select app_private.signing_role_problem(r.map_to, r.to_name, r.to_email) as problem, r."order", r.name
      from app_public.signing_roles r where r.mapped_signing_template_id = new.id
      union all
      select app_private.signing_field_problem(f.map_to, f.value), 1000000, f.name
      from app_public.signing_fields f where f.mapped_signing_template_id = new.id
    ) r where r.problem is not null order by r."order", r.name limit 1;
    if problem is not null then
      raise exception '%', problem using errcode = 'LL422';
    end if;
  end if;
  if new.active and not new.locked then
    raise exception 'Lock the mapped template before activating it.' using errcode = 'LL409';
  end if;
  if new.active and (tg_op = 'INSERT' or not old.active) then
    select * into template from app_public.signing_templates t where t.id = new.signing_template_id;
    if new.deleted or template.deleted then
      raise exception 'Template has been deleted, new mapped templates cannot be created from this template.'
        using errcode = 'LL409';
    end if;
  end if;
  return new;
end;
$function$;

create or replace function app_private.tg_mapped_signing_template_question_sets__rules()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  owner_id uuid;
  set_owner uuid;
begin
  if tg_op = 'DELETE' then
    perform app_private.require_unlocked(old.mapped_signing_template_id);
    return old;
  end if;
  perform app_private.require_unlocked(new.mapped_signing_template_id);
  if new.onboarding_question_set_id is null then
    raise exception 'Please select a question set to add.' using errcode = 'LL422';
  end if;
  select m.account_id into owner_id from app_public.mapped_signing_templates m where m.id = new.mapped_signing_template_id;
  -- The question sets are the questions feature's (1140-1169): checked when its table exists.
  if to_regclass('app_public.onboarding_question_sets') is not null then
    execute 'select account_id from app_public.onboarding_question_sets where id = $1'
      into set_owner using new.onboarding_question_set_id;
    if set_owner is null or set_owner <> owner_id then
      raise exception 'Question set not found.' using errcode = 'LL404';
    end if;
  end if;
  if new.execute_order is null or new.execute_order < 1 then
    select coalesce(max(q.execute_order), 0) + 1 into new.execute_order
    from app_public.mapped_signing_template_question_sets q
    where q.mapped_signing_template_id = new.mapped_signing_template_id;
  end if;
  return new;
end;
$function$;

-- created_on and updated_on kept by the timestamps trigger (schema/40_helpers.sql).
select app_private.add_timestamps(t)
from unnest(array['app_public.signing_accounts', 'app_public.signing_templates', 'app_public.signing_documents',
                  'app_public.mapping_roles', 'app_public.mapping_fields', 'app_public.mapped_signing_templates',
                  'app_public.signing_roles', 'app_public.signing_fields',
                  'app_public.mapped_signing_template_question_sets', 'app_public.sent_signing_documents']::regclass[]) t;
create or replace trigger _300_rules before update on app_public.signing_roles
  for each row execute function app_private.tg_signing_roles__rules();
create or replace trigger _300_rules before update on app_public.signing_fields
  for each row execute function app_private.tg_signing_fields__rules();
create or replace trigger _300_rules before insert or update or delete on app_public.mapped_signing_templates
  for each row execute function app_private.tg_mapped_signing_templates__rules();
create or replace trigger _300_rules before insert or delete on app_public.mapped_signing_template_question_sets
  for each row execute function app_private.tg_mapped_signing_template_question_sets__rules();

-- Every issuer and broker account has a signing account at the configured provider.
create or replace function app_private.tg_accounts__signing_account()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if new.type in ('issuer', 'broker') then
    insert into app_public.signing_accounts (account_id, provider, name)
      select new.id, s.provider, s.provider_name from app_private.signing_settings s
      on conflict (account_id) do nothing;
  end if;
  return null;
end;
$function$;
create or replace trigger _910_signing_account after insert on app_public.accounts
  for each row execute function app_private.tg_accounts__signing_account();

-- ---------------------------------------------------------------------------------------------------------------
-- Commands.

create or replace function app_private.check_signing_account(signing_account_id uuid)
  returns app_public.signing_accounts
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.signing_accounts;
begin
  select * into result from app_public.signing_accounts s
  where s.id = signing_account_id and s.id in (select app_private.own_signing_account_ids());
  perform app_private.require_own_row_found(found, 'Signing account not found.');
  return result;
end;
$function$;

create or replace function app_private.wake_signing_jobs()
  returns void
  language sql
  volatile
  set search_path to 'pg_catalog'
as $function$ select pg_notify('signing_jobs', '') $function$;

-- 'Sync template list': the server's signing service reads the provider's templates (built-in: the uploaded PDFs).
create or replace function app_public.docusign_sync_template_list(account_id uuid)
  returns app_public.signing_accounts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account app_public.signing_accounts := app_private.check_signing_account(docusign_sync_template_list.account_id);
  result app_public.signing_accounts;
begin
  update app_public.signing_accounts s set sync_status = 'loading', failure = null where s.id = account.id
    returning * into result;
  perform app_private.wake_signing_jobs();
  return result;
end;
$function$;
grant execute on function app_public.docusign_sync_template_list(uuid) to app_user;
comment on function app_public.docusign_sync_template_list(uuid) is
  'Sync template list: the server loads the signing account''s templates from its provider (syncStatus loading, then synced or error).';

-- Built-in provider: an uploaded PDF (makeFileLocation + POST /api/v2/uploads/<key>) becomes a template; the sync
-- reads its roles and fields from the PDF's form fields (docs/SIGNING.md, "Field naming").
create or replace function app_public.create_signing_template(file_key uuid, name text, description text DEFAULT NULL::text, id uuid DEFAULT NULL::uuid)
  returns app_public.signing_templates
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
#variable_conflict use_column
declare
  account app_public.signing_accounts;
  slot app_private.upload_slots;
  result app_public.signing_templates;
begin
  select * into account from app_public.signing_accounts s where s.id in (select app_private.own_signing_account_ids());
  if not found then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  perform app_private.check_signing_account(account.id);
  if account.provider <> 'builtin' then
    raise exception 'Templates are synced from DocuSign: use Sync template list.' using errcode = 'LL409';
  end if;
  if coalesce(trim(create_signing_template.name), '') = '' then
    raise exception 'Template name is required.' using errcode = 'LL422';
  end if;
  select * into slot from app_private.upload_slots u
  where u.key = create_signing_template.file_key and u.account_id = account.account_id;
  if not found then
    raise exception 'Upload not found.' using errcode = 'LL404';
  end if;
  if slot.extension <> 'pdf' then
    raise exception 'A signing template must be a PDF.' using errcode = 'LL422';
  end if;
  if slot.status <> 'uploaded' then
    raise exception 'The file is not uploaded.' using errcode = 'LL409';
  end if;
  insert into app_public.signing_templates as t (id, signing_account_id, provider_template_id, name, description, file_key,
                                               sync_status)
    values (coalesce(create_signing_template.id, gen_random_uuid()), account.id, slot.key::text,
            trim(create_signing_template.name), nullif(trim(create_signing_template.description), ''), slot.key::text,
            'loading')
    on conflict (signing_account_id, provider_template_id) do update
      set name = excluded.name, description = excluded.description, deleted = false, sync_status = 'loading'
    returning * into result;
  update app_public.signing_accounts s set sync_status = 'loading', failure = null where s.id = account.id;
  perform app_private.wake_signing_jobs();
  return result;
end;
$function$;
grant execute on function app_public.create_signing_template(uuid, text, text, uuid) to app_user;
comment on function app_public.create_signing_template(uuid, text, text, uuid) is
  'Built-in signing: makes a signing template of an uploaded PDF (its form fields become the roles and fields on the next sync).';

-- A mapped template: a copy of the template's roles and fields, every one 'not mapped'.
create or replace function app_public.create_mapped_signing_template(template_id uuid, name text, id uuid DEFAULT NULL::uuid)
  returns app_public.mapped_signing_templates
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
#variable_conflict use_column
declare
  template app_public.signing_templates;
  result app_public.mapped_signing_templates;
begin
  select * into template from app_public.signing_templates t
  where t.id = create_mapped_signing_template.template_id
    and t.signing_account_id in (select app_private.own_signing_account_ids());
  if not found then
    raise exception 'Template not found.' using errcode = 'LL404';
  end if;
  perform app_private.check_signing_account(template.signing_account_id);
  if template.deleted then
    raise exception 'Template has been deleted, new mapped templates cannot be created from this template.'
      using errcode = 'LL409';
  end if;
  if template.sync_status <> 'synced' then
    raise exception 'Sync the template before mapping it.' using errcode = 'LL409';
  end if;
  if coalesce(trim(create_mapped_signing_template.name), '') = '' then
    raise exception 'Template name is required.' using errcode = 'LL422';
  end if;
  insert into app_public.mapped_signing_templates as m (id, signing_template_id, account_id, name, template_copy_on,
                                                        template_updated_on)
    values (coalesce(create_mapped_signing_template.id, gen_random_uuid()), template.id,
            app_private.current_account_id(), trim(create_mapped_signing_template.name), now(), template.modified_on)
    returning * into result;
  insert into app_public.signing_roles (mapped_signing_template_id, name, "order", type)
    select result.id, r ->> 'name', coalesce((r ->> 'order')::integer, o::integer),
           case when r ->> 'type' = 'cc' then 'cc' else 'signer' end
    from jsonb_array_elements(template.roles) with ordinality x(r, o)
    on conflict (mapped_signing_template_id, name) do nothing;
  insert into app_public.signing_fields (mapped_signing_template_id, signing_document_id, name, role, type, page)
    select result.id, d.id, f ->> 'name', f ->> 'role',
           case when f ->> 'type' in ('text', 'date', 'checkbox', 'signature', 'initial') then f ->> 'type' else 'text' end,
           (f ->> 'page')::integer
    from jsonb_array_elements(template.fields) f
    left join app_public.signing_documents d
      on d.signing_template_id = template.id and d.provider_document_id = f ->> 'documentId'
    on conflict (mapped_signing_template_id, name) do nothing;
  -- signature and date fields of the built-in signer fill themselves
  update app_public.signing_fields f set map_to = case f.type when 'signature' then 'signature' else 'date.signed' end,
    value_variable = case f.type when 'signature' then 'signature' else 'date.signed' end
  where f.mapped_signing_template_id = result.id and f.type in ('signature', 'date');
  return result;
end;
$function$;
grant execute on function app_public.create_mapped_signing_template(uuid, text, uuid) to app_user;
comment on function app_public.create_mapped_signing_template(uuid, text, uuid) is
  'Maps a signing template: a mapped template with a copy of the template''s roles and fields, every one not mapped.';

-- The step templates a mapped template adds to onboarding: its question sets (the questions feature's step templates,
-- app_private.question_set_step_templates(set uuid, name text) -> jsonb array, when it exists), then the signing step.
create or replace function app_private.signing_step_templates(mapped app_public.mapped_signing_templates)
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  steps jsonb := '[]'::jsonb;
  question_set uuid;
  set_name text;
  templates jsonb;
begin
  if to_regprocedure('app_private.question_set_step_templates(uuid,text)') is not null
      and to_regclass('app_public.onboarding_question_sets') is not null then
    for question_set in
      select q.onboarding_question_set_id from app_public.mapped_signing_template_question_sets q
      where q.mapped_signing_template_id = mapped.id order by q.execute_order, q.created_on, q.id
    loop
      execute 'select name from app_public.onboarding_question_sets where id = $1' into set_name using question_set;
      if set_name is not null then
        execute 'select app_private.question_set_step_templates($1, $2)' into templates using question_set, set_name;
        steps := steps || coalesce(templates, '[]'::jsonb);
      end if;
    end loop;
  end if;
  return steps || jsonb_build_array(jsonb_build_object(
    'type', 'signing',
    'renderAttributes', jsonb_build_object(
      'progressBarTitle', 'Sign', 'title', mapped.name, 'name', mapped.name,
      'instructions', case mapped.qualification_step_type
        when 'email' then 'We e-mail you a link to review and sign the document.'
        else 'Review the document and sign it electronically.' end),
    'schema', jsonb_build_object(
      'title', mapped.name, 'mappedSigningTemplateId', mapped.id, 'signingType', mapped.qualification_step_type,
      'text', 'Sign')));
end;
$function$;

-- 'Add to qualifications': a vendor qualification of the account whose step templates are the mapped template's
-- (an allocation or distribution then lists it among its qualifications as any other).
create or replace function app_public.add_mapped_signing_template_to_qualifications(id uuid)
  returns app_public.vendor_qualifications
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  mapped app_public.mapped_signing_templates;
  result app_public.vendor_qualifications;
begin
  select * into mapped from app_public.mapped_signing_templates m
  where m.id = add_mapped_signing_template_to_qualifications.id
    and m.id in (select app_private.own_mapped_signing_template_ids());
  perform app_private.require_own_row_found(found, 'Mapped template not found.');
  if not mapped.locked or not mapped.active or mapped.deleted then
    raise exception 'Only a locked and active mapped template can be added to qualifications.' using errcode = 'LL409';
  end if;
  if mapped.vendor_qualification_id is not null then
    update app_public.vendor_qualifications v set name = mapped.name, active = true,
      steps = app_private.signing_step_templates(mapped)
      where v.id = mapped.vendor_qualification_id returning * into result;
  end if;
  if result.id is null then
    insert into app_public.vendor_qualifications (account_id, name, active, steps)
      values (mapped.account_id, mapped.name, true, app_private.signing_step_templates(mapped))
      returning * into result;
    update app_public.mapped_signing_templates m set vendor_qualification_id = result.id where m.id = mapped.id;
  end if;
  return result;
end;
$function$;
grant execute on function app_public.add_mapped_signing_template_to_qualifications(uuid) to app_user;
comment on function app_public.add_mapped_signing_template_to_qualifications(uuid) is
  'Adds a locked, active mapped template to the account''s qualifications (a vendor qualification with its question-set and signing steps).';

-- A mapped template deactivated or deleted takes its qualification out of the choices.
create or replace function app_private.tg_mapped_signing_templates__qualification()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if tg_op = 'DELETE' then
    update app_public.vendor_qualifications v set active = false where v.id = old.vendor_qualification_id;
  elsif new.vendor_qualification_id is not null and (not new.active or new.deleted) then
    update app_public.vendor_qualifications v set active = false where v.id = new.vendor_qualification_id and v.active;
  end if;
  return null;
end;
$function$;
create or replace trigger _800_qualification after update or delete on app_public.mapped_signing_templates
  for each row execute function app_private.tg_mapped_signing_templates__qualification();

-- ---------------------------------------------------------------------------------------------------------------
-- The signing step (onboarding). completeStep on a 'signing' step succeeds only when its document is signed.

create or replace function app_private.signing_step_signed(step app_public.steps)
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if not exists (select 1 from app_public.sent_signing_documents d where d.step_id = step.id and d.status = 'completed') then
    raise exception 'Please sign the document first.' using errcode = 'LL422';
  end if;
end;
$function$;

grant execute on function app_private.signing_step_signed(app_public.steps) to app_user;

-- The signing step's mapped template for the server's signer: the step must be the investor's current one.
create or replace function app_private.signing_step_context(step_id uuid, investor_id uuid)
  returns jsonb
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  process app_public.processes;
  mapped app_public.mapped_signing_templates;
begin
  select s.* into step from app_public.steps s where s.id = signing_step_context.step_id;
  select p.* into process from app_public.processes p where p.id = step.process_id;
  if step.id is null or step.type <> 'signing' or process.investor_id is distinct from signing_step_context.investor_id then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  select m.* into mapped from app_public.mapped_signing_templates m
  where m.id = (step.schema ->> 'mappedSigningTemplateId')::uuid;
  if mapped.id is null or mapped.deleted or not mapped.locked then
    raise exception 'Mapped template has been deleted...' using errcode = 'LL409';
  end if;
  return jsonb_build_object('stepId', step.id, 'status', step.status, 'processId', process.id,
    'distributionId', process.distribution_id, 'investorId', process.investor_id,
    'mappedSigningTemplateId', mapped.id, 'signingTemplateId', mapped.signing_template_id,
    'signingType', coalesce(step.schema ->> 'signingType', mapped.qualification_step_type),
    'currentStepId', process.current_step_id, 'name', mapped.name);
end;
$function$;

-- A provider reported the envelope of a signing step completed (DocuSign Connect): the step completes.
create or replace function app_private.signing_envelope_completed(sent_id uuid)
  returns app_public.steps
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  sent app_public.sent_signing_documents;
  step app_public.steps;
begin
  update app_public.sent_signing_documents d set status = 'completed', completed_on = coalesce(d.completed_on, now())
    where d.id = sent_id returning * into sent;
  select s.* into step from app_public.steps s where s.id = sent.step_id for update;
  if step.id is null or step.status = 'complete' then
    return step;
  end if;
  perform app_private.require_actionable(step);
  return app_private.finish_step(step);
end;
$function$;
revoke all on function app_private.signing_envelope_completed(uuid) from public;

-- E-mail delivery: when a signing step whose mapped template signs by e-mail becomes the investor's current step,
-- the document is sent: built-in, a mail with the link to the onboarding page (the investor signs there); DocuSign, an
-- envelope the signing service creates (DocuSign e-mails the investor). The step completes when the document is signed.
create or replace function app_private.tg_steps__signing_delivery()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  process app_public.processes;
  mapped app_public.mapped_signing_templates;
  account app_public.signing_accounts;
  investor app_public.accounts;
begin
  if new.type <> 'signing' or new.status <> 'in_progress' or coalesce(new.schema ->> 'signingType', '') <> 'email'
      or (tg_op = 'UPDATE' and old.status = new.status) then
    return null;
  end if;
  if exists (select 1 from app_public.sent_signing_documents d where d.step_id = new.id and d.status <> 'voided') then
    return null;
  end if;
  select p.* into process from app_public.processes p where p.id = new.process_id;
  select m.* into mapped from app_public.mapped_signing_templates m where m.id = (new.schema ->> 'mappedSigningTemplateId')::uuid;
  select s.* into account from app_public.signing_accounts s
    join app_public.signing_templates t on t.signing_account_id = s.id where t.id = mapped.signing_template_id;
  select a.* into investor from app_public.accounts a where a.id = process.investor_id;
  if mapped.id is null or account.id is null then
    return null;
  end if;
  if account.provider = 'docusign' then
    insert into app_public.sent_signing_documents (mapped_signing_template_id, step_id, distribution_id, sent_to_id,
                                                   provider, status, delivery)
      values (mapped.id, new.id, process.distribution_id, process.investor_id, 'docusign', 'created', 'email');
    perform app_private.wake_signing_jobs();
  else
    insert into app_public.sent_signing_documents (mapped_signing_template_id, step_id, distribution_id, sent_to_id,
                                                   provider, status, delivery, sent_on)
      values (mapped.id, new.id, process.distribution_id, process.investor_id, 'builtin', 'sent', 'email', now())
      returning id into strict account.id;
    update app_public.sent_signing_documents d set envelope_id = d.id::text where d.id = account.id;
    if investor.email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
      values ('signing_request', investor.email, left('Please sign: ' || mapped.name, 200),
        'A document is ready for your signature: ' || mapped.name || '.' || chr(10) || chr(10)
          || 'Open this link to review and sign it:' || chr(10) || '{{origin}}/distribution/' || process.distribution_id::text,
        '<p>A document is ready for your signature: <strong>' || replace(replace(mapped.name, '<', ''), '>', '')
          || '</strong>.</p><p><a href="{{origin}}/distribution/' || process.distribution_id::text
          || '">Review and sign</a></p>');
      perform pg_notify('mail_outbox', '');
    end if;
  end if;
  return null;
end;
$function$;
create or replace trigger _920_signing_delivery after insert or update of status on app_public.steps
  for each row execute function app_private.tg_steps__signing_delivery();
