-- The admin console (issue 19, docs/ADMIN.md): the platform's figures, the reference types with their usage, the
-- deletion of an unused type, the onboarding step form definitions (versioned) and the platform reports. Every
-- function here is for platform admins only (a session whose account is of type admin): anyone else gets LL403.

create or replace function app_private.require_platform_admin()
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if app_private.current_user_id() is null or app_private.current_account_type() is distinct from 'admin' then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end;
$function$;
grant execute on function app_private.require_platform_admin() to app_user;

-- The admin home's figures, one object: accounts by type, users by status, today's commands (UTC day) accepted and
-- rejected, mail delivered and failed (today and in all), sessions and devices seen in the last 24 hours (a device:
-- a signed-in session with an account chosen; and the devices that sent commands).
create or replace function app_public.platform_figures()
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  today timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
begin
  perform app_private.require_platform_admin();
  return jsonb_build_object(
    'accountsByType', coalesce((select jsonb_object_agg(type, n) from (
        select a.type, count(*) as n from app_public.accounts a group by a.type) t), '{}'::jsonb),
    'users', (select count(*) from app_public.users),
    'usersActive', (select count(*) from app_public.users u where u.status = 'active'),
    'usersSuspended', (select count(*) from app_public.users u where u.status <> 'active'),
    'memberships', (select count(*) from app_public.users_accounts),
    'commandsAcceptedToday', (select count(*) from app_private.command_log l
                               where l.received_on >= today and l.status = 'accepted'),
    'commandsRejectedToday', (select count(*) from app_private.command_log l
                               where l.received_on >= today and l.status = 'rejected'),
    'mailDeliveredToday', (select count(*) from app_private.mail_outbox m
                            where m.status in ('sent', 'logged') and m.delivered_on >= today),
    'mailFailedToday', (select count(*) from app_private.mail_outbox m
                         where m.status = 'failed' and m.updated_on >= today),
    'mailQueued', (select count(*) from app_private.mail_outbox m where m.status = 'queued'),
    'mailFailed', (select count(*) from app_private.mail_outbox m where m.status = 'failed'),
    'sessionsActive', (select count(*) from app_private.sessions s
                        where s.expires_on > now() and greatest(s.created_on, s.updated_on) > now() - interval '24 hours'),
    -- a signed-in browser with an account chosen, used in the last 24 hours, is a device that syncs
    'devicesSyncing', (select count(*) from app_private.sessions s
                        where s.expires_on > now() and s.account_id is not null
                          and greatest(s.created_on, s.updated_on) > now() - interval '24 hours'),
    'devicesSendingCommands', (select count(distinct l.device_id) from app_private.command_log l
                        where l.received_on > now() - interval '24 hours' and l.device_id is not null)
  );
end;
$function$;
comment on function app_public.platform_figures() is 'The platform''s figures for the admin home (admins only).';
grant execute on function app_public.platform_figures() to app_user;

-- The reference types with how often each is used: asset types (assets), investor account types (investor
-- accounts), document sharing allowed shares (sharings of that document type to that role), question types (the
-- onboarding questions of that type, when the question tables exist).
create or replace function app_public.reference_types()
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  questions jsonb := null;
begin
  perform app_private.require_platform_admin();
  if to_regclass('app_public.onboarding_question_types') is not null
     and to_regclass('app_public.onboarding_questions') is not null then
    begin
      execute $q$
        select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'fieldType', t.field_type,
                  'regex', t.regex,
                  'uses', (select count(*) from app_public.onboarding_questions q where q.type_id = t.id))
                  order by t.name), '[]'::jsonb)
        from app_public.onboarding_question_types t $q$ into questions;
    exception when undefined_column or undefined_table then
      questions := null;
    end;
  end if;
  return jsonb_build_object(
    'assetTypes', (select coalesce(jsonb_agg(jsonb_build_object('type', t.type, 'name', t.name,
        'accountingType', t.accounting_type,
        'uses', (select count(*) from app_public.assets a where a.type = t.type)) order by t.type), '[]'::jsonb)
      from app_public.asset_types t),
    'investorAccountTypes', (select coalesce(jsonb_agg(jsonb_build_object('type', t.type,
        'isIndividual', t.is_individual, 'isJoint', t.is_joint,
        'uses', (select count(*) from app_public.accounts a where a.investor_type = t.type)) order by t.type), '[]'::jsonb)
      from app_public.investor_account_types t),
    'documentSharingAllowedShares', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'type', s.type,
        'fromAccountType', s.from_account_type, 'toRole', s.to_role, 'name', s.name,
        'uses', (select count(*) from app_public.document_sharings ds
                   join app_public.documents d on d.id = ds.document_id
                  where d.type = s.type and ds.to_role = s.to_role))
        order by s.type, s.from_account_type, s.to_role), '[]'::jsonb)
      from app_public.document_sharing_allowed_shares s),
    'questionTypes', questions
  );
end;
$function$;
comment on function app_public.reference_types() is 'The reference types with their usage counts (admins only).';
grant execute on function app_public.reference_types() to app_user;

-- Deletes a reference type nothing uses. kind: asset_type (key: its type), investor_account_type (its type),
-- document_sharing_allowed_share (its id), question_type (its id). A type in use stays: LL409 naming the use.
create or replace function app_public.delete_reference_type(kind text, key text)
  returns boolean
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  uses bigint;
  label text;
  share app_public.document_sharing_allowed_shares;
begin
  perform app_private.require_platform_admin();
  if kind = 'asset_type' then
    select t.name into label from app_public.asset_types t where t.type = key for update;
    if not found then
      raise exception 'Asset type not found.' using errcode = 'LL404';
    end if;
    select count(*) into uses from app_public.assets a where a.type = key;
    if uses > 0 then
      raise exception 'The asset type "%" is used by % asset% and cannot be deleted.', label, uses,
        case when uses = 1 then '' else 's' end using errcode = 'LL409';
    end if;
    delete from app_public.asset_types t where t.type = key;
  elsif kind = 'investor_account_type' then
    perform 1 from app_public.investor_account_types t where t.type = key for update;
    if not found then
      raise exception 'Investor account type not found.' using errcode = 'LL404';
    end if;
    select count(*) into uses from app_public.accounts a where a.investor_type = key;
    if uses > 0 then
      raise exception 'The investor account type "%" is used by % account% and cannot be deleted.', key, uses,
        case when uses = 1 then '' else 's' end using errcode = 'LL409';
    end if;
    delete from app_public.investor_account_types t where t.type = key;
  elsif kind = 'document_sharing_allowed_share' then
    select * into share from app_public.document_sharing_allowed_shares s
      where s.id::text = key for update;
    if not found then
      raise exception 'Document sharing option not found.' using errcode = 'LL404';
    end if;
    select count(*) into uses from app_public.document_sharings ds
      join app_public.documents d on d.id = ds.document_id
     where d.type = share.type and ds.to_role = share.to_role;
    if uses > 0 then
      raise exception 'The sharing option "%" is used by % shared document% and cannot be deleted.', share.name,
        uses, case when uses = 1 then '' else 's' end using errcode = 'LL409';
    end if;
    delete from app_public.document_sharing_allowed_shares s where s.id = share.id;
  elsif kind = 'question_type' and to_regclass('app_public.onboarding_question_types') is not null then
    execute 'select t.name from app_public.onboarding_question_types t where t.id::text = $1 for update'
      into label using key;
    if label is null then
      raise exception 'Question type not found.' using errcode = 'LL404';
    end if;
    execute 'select count(*) from app_public.onboarding_questions q where q.type_id::text = $1' into uses using key;
    if uses > 0 then
      raise exception 'The question type "%" is used by % question% and cannot be deleted.', label, uses,
        case when uses = 1 then '' else 's' end using errcode = 'LL409';
    end if;
    execute 'delete from app_public.onboarding_question_types t where t.id::text = $1' using key;
  else
    raise exception 'Unknown type kind: %', kind using errcode = 'LL422';
  end if;
  return true;
end;
$function$;
comment on function app_public.delete_reference_type(text, text) is
  'Deletes an unused reference type (asset_type, investor_account_type, document_sharing_allowed_share); admins only.';
grant execute on function app_public.delete_reference_type(text, text) to app_user;

-- The schema of a step form as the onboarding renderer and app_private.validate_step_blob read it: LL422 with the
-- field's problem otherwise.
create or replace function app_private.check_form_schema(step_type text, schema jsonb)
  returns void
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  field jsonb;
  keys text[] := '{}';
  k text;
begin
  if schema is null or jsonb_typeof(schema) <> 'object' then
    raise exception 'The form schema must be an object.' using errcode = 'LL422';
  end if;
  if coalesce(trim(schema ->> 'title'), '') = '' then
    raise exception 'Title is required.' using errcode = 'LL422', detail = 'title';
  end if;
  if schema ? 'fields' and jsonb_typeof(schema -> 'fields') <> 'array' then
    raise exception 'Fields must be a list.' using errcode = 'LL422', detail = 'fields';
  end if;
  if step_type in ('form', 'encrypted_form') and jsonb_array_length(coalesce(schema -> 'fields', '[]')) = 0 then
    raise exception 'A form needs at least one field.' using errcode = 'LL422', detail = 'fields';
  end if;
  if schema ? 'disclosures' and jsonb_typeof(schema -> 'disclosures') <> 'array' then
    raise exception 'Disclosures must be a list of texts.' using errcode = 'LL422', detail = 'disclosures';
  end if;
  for field in select f from jsonb_array_elements(coalesce(schema -> 'fields', '[]'::jsonb)) f loop
    k := trim(coalesce(field ->> 'key', ''));
    if k = '' then
      raise exception 'Every field needs a key.' using errcode = 'LL422', detail = 'fields';
    end if;
    if k !~ '^[A-Za-z][A-Za-z0-9_]*$' then
      raise exception 'Field key "%" may only contain letters, digits and _ (starting with a letter).', k
        using errcode = 'LL422', detail = 'fields';
    end if;
    if k = any (keys) then
      raise exception 'Field key "%" appears more than once.', k using errcode = 'LL422', detail = 'fields';
    end if;
    keys := keys || k;
    if coalesce(field ->> 'type', 'text') not in ('text', 'integer', 'boolean', 'select') then
      raise exception 'Field "%": the type must be text, integer, boolean or select.', k
        using errcode = 'LL422', detail = 'fields';
    end if;
    if coalesce(field ->> 'regex', '') <> '' then
      begin
        perform '' ~ (field ->> 'regex');
      exception when others then
        raise exception 'Field "%": the regex is not valid.', k using errcode = 'LL422', detail = 'fields';
      end;
    end if;
    if field ->> 'type' = 'select' and jsonb_array_length(coalesce(field -> 'options', '[]')) = 0 then
      raise exception 'Field "%": a select needs options.', k using errcode = 'LL422', detail = 'fields';
    end if;
  end loop;
end;
$function$;

-- A new form definition, or a new version of an existing key (versions count from 1; a version never changes).
create or replace function app_public.make_form_definition(key text, name text, step_type text,
  render_attributes jsonb, schema jsonb, id uuid default null)
  returns app_public.form_definitions
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  made app_public.form_definitions;
  next_version integer;
begin
  perform app_private.require_platform_admin();
  if coalesce(trim(key), '') = '' then
    raise exception 'Key is required.' using errcode = 'LL422', detail = 'key';
  end if;
  if key !~ '^[a-z0-9][a-z0-9_-]*$' then
    raise exception 'Key may only contain lowercase letters, digits, - and _.' using errcode = 'LL422', detail = 'key';
  end if;
  if coalesce(trim(name), '') = '' then
    raise exception 'Name is required.' using errcode = 'LL422', detail = 'name';
  end if;
  if coalesce(step_type, '') not in ('form', 'encrypted_form', 'custom', 'button') then
    raise exception 'Step type must be form, encrypted_form, custom or button.' using errcode = 'LL422',
      detail = 'stepType';
  end if;
  if render_attributes is not null and jsonb_typeof(render_attributes) <> 'object' then
    raise exception 'Render attributes must be an object.' using errcode = 'LL422', detail = 'renderAttributes';
  end if;
  perform app_private.check_form_schema(step_type, schema);
  -- One version number per key even under concurrent saves.
  perform pg_advisory_xact_lock(7402, hashtext(key));
  select coalesce(max(f.version), 0) + 1 into next_version from app_public.form_definitions f where f.key = $1;
  insert into app_public.form_definitions (id, key, version, name, step_type, render_attributes, schema, created_by)
  values (coalesce($6, gen_random_uuid()), $1, next_version, trim($2), $3, coalesce($4, '{}'::jsonb), $5,
          app_private.current_user_id())
  returning * into made;
  return made;
end;
$function$;
comment on function app_public.make_form_definition(text, text, text, jsonb, jsonb, uuid) is
  E'@nullable render_attributes\nSaves an onboarding step form definition: a new key starts at version 1, an existing key gets the next version.';
grant execute on function app_public.make_form_definition(text, text, text, jsonb, jsonb, uuid) to app_user;

-- Versions are history: never changed or removed.
create or replace trigger _010_append_only before update or delete on app_public.form_definitions
  for each row execute function app_private.tg__append_only();

-- A step template may name a form definition instead of carrying its schema: {"schema": {"formKey": "kyc"}}
-- (optionally "formVersion"). The step gets a copy of that version's schema (the latest when none is named) with
-- formKey and formVersion, so a later version never changes a step already made, answered or not.
create or replace function app_private.tg__steps_form_definition()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  def app_public.form_definitions;
begin
  if not (new.schema ? 'formKey') or new.schema ? 'fields' then
    return new;
  end if;
  select * into def from app_public.form_definitions f
   where f.key = new.schema ->> 'formKey'
     and (not (new.schema ? 'formVersion') or f.version = (new.schema ->> 'formVersion')::integer)
   order by f.version desc limit 1;
  if not found then
    raise exception 'Form definition "%" not found.', new.schema ->> 'formKey' using errcode = 'LL404';
  end if;
  new.schema := def.schema || jsonb_build_object('formKey', def.key, 'formVersion', def.version);
  if new.render_attributes = '{}'::jsonb then
    new.render_attributes := def.render_attributes;
  end if;
  return new;
end;
$function$;

create or replace trigger _005_form_definition before insert on app_public.steps
  for each row execute function app_private.tg__steps_form_definition();

-- A platform report as rows (each an object with the same keys, in column order): the client writes the CSV.
-- accounts: per account type and setup status; memberships: every user with each membership; commands: per command
-- name, status and error code; mail: per kind and status; sync: per account, its sessions and commands.
create or replace function app_public.platform_report(kind text)
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
begin
  perform app_private.require_platform_admin();
  if kind = 'accounts' then
    return (select coalesce(jsonb_agg(r order by r ->> 'type', r ->> 'status'), '[]'::jsonb) from (
      select jsonb_build_object('type', a.type,
               'status', case when a.setup then 'set up' else 'not set up' end,
               'accounts', count(*),
               'activeMembers', sum((select count(*) from app_public.users_accounts ua
                                      where ua.account_id = a.id and ua.status = 'active'))) as r
      from app_public.accounts a group by a.type, a.setup) t);
  elsif kind = 'memberships' then
    return (select coalesce(jsonb_agg(r order by r ->> 'email', r ->> 'account'), '[]'::jsonb) from (
      select jsonb_build_object('email', m.email, 'firstName', u.first_name, 'lastName', u.last_name,
               'userStatus', u.status, 'account', a.name, 'accountType', a.type, 'role', ua.role,
               'membershipStatus', ua.status) as r
      from app_public.users u
      left join app_public.user_emails m on m.user_id = u.id and m.is_primary
      left join app_public.users_accounts ua on ua.user_id = u.id
      left join app_public.accounts a on a.id = ua.account_id) t);
  elsif kind = 'commands' then
    return (select coalesce(jsonb_agg(r order by r ->> 'command', r ->> 'status', r ->> 'errorCode'), '[]'::jsonb) from (
      select jsonb_build_object('command', l.mutation, 'status', l.status, 'errorCode', coalesce(l.error_code, ''),
               'count', count(*), 'last', max(l.received_on)) as r
      from app_private.command_log l group by l.mutation, l.status, l.error_code) t);
  elsif kind = 'mail' then
    return (select coalesce(jsonb_agg(r order by r ->> 'kind', r ->> 'status'), '[]'::jsonb) from (
      select jsonb_build_object('kind', m.kind, 'status', m.status, 'count', count(*),
               'lastDelivered', max(m.delivered_on), 'lastError', (array_agg(m.error order by m.updated_on desc)
                 filter (where m.error is not null))[1]) as r
      from app_private.mail_outbox m group by m.kind, m.status) t);
  elsif kind = 'sync' then
    return (select coalesce(jsonb_agg(r order by r ->> 'account'), '[]'::jsonb) from (
      select jsonb_build_object('account', a.name, 'accountType', a.type,
               'activeSessions', (select count(*) from app_private.sessions s
                                   where s.account_id = a.id and s.expires_on > now()),
               'devices24h', (select count(distinct l.device_id) from app_private.command_log l
                               where l.account_id = a.id and l.received_on > now() - interval '24 hours'),
               'commandsAccepted24h', (select count(*) from app_private.command_log l
                                        where l.account_id = a.id and l.status = 'accepted'
                                          and l.received_on > now() - interval '24 hours'),
               'commandsRejected24h', (select count(*) from app_private.command_log l
                                        where l.account_id = a.id and l.status = 'rejected'
                                          and l.received_on > now() - interval '24 hours'),
               'lastCommand', (select max(l.received_on) from app_private.command_log l where l.account_id = a.id))
               as r
      from app_public.accounts a) t);
  end if;
  raise exception 'Unknown report: %', kind using errcode = 'LL422';
end;
$function$;
comment on function app_public.platform_report(text) is
  'A platform report (accounts, memberships, commands, mail, sync) as rows; admins only.';
grant execute on function app_public.platform_report(text) to app_user;
