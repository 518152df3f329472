-- Question sets (docs/QUESTIONS.md): who reads and writes the question tables, the rules of each write (spec part 2:
-- validation texts, 'editable by account_admin or account_owner', 'questions in a locked set cannot be edited or
-- added'), the vendor qualification a locked set is required through, the step that asks a set's questions, and
-- the investor's answers kept as instanced account information (encrypted at rest, like encrypted_form answers).

-- ---------------------------------------------------------------------------------------------------------------
-- Timestamps and the write guard (owners and admins of issuers and brokers; viewers never write).

select app_private.add_timestamps(t)
from unnest(array['app_public.onboarding_question_types', 'app_public.onboarding_question_sets',
                  'app_public.onboarding_questions', 'app_public.onboarding_question_joins',
                  'app_public.instanced_account_information']::regclass[]) t;

-- Written by issuers and brokers only (the write guard of schema/40_helpers.sql).
select app_private.add_write_guard(t, '{issuer,broker}')
from unnest(array['app_public.onboarding_question_sets', 'app_public.onboarding_questions',
                  'app_public.onboarding_question_joins']::regclass[]) t;

-- ---------------------------------------------------------------------------------------------------------------
-- Row-level security: an account reads and writes its own sets and questions; the types are for everyone; an
-- investor reads its own answers.

drop policy if exists select_all on app_public.onboarding_question_types;
create policy select_all on app_public.onboarding_question_types for select to public using (true);

drop policy if exists select_own on app_public.onboarding_question_sets;
create policy select_own on app_public.onboarding_question_sets for select to public
  using ((account_id = app_private.current_account_id()));
drop policy if exists insert_own on app_public.onboarding_question_sets;
create policy insert_own on app_public.onboarding_question_sets for insert to public
  with check ((account_id = app_private.current_account_id()));
drop policy if exists update_own on app_public.onboarding_question_sets;
create policy update_own on app_public.onboarding_question_sets for update to public
  using ((account_id = app_private.current_account_id()))
  with check ((account_id = app_private.current_account_id()));

drop policy if exists select_own on app_public.onboarding_questions;
create policy select_own on app_public.onboarding_questions for select to public
  using ((account_id = app_private.current_account_id()));
drop policy if exists insert_own on app_public.onboarding_questions;
create policy insert_own on app_public.onboarding_questions for insert to public
  with check ((account_id = app_private.current_account_id()));
drop policy if exists update_own on app_public.onboarding_questions;
create policy update_own on app_public.onboarding_questions for update to public
  using ((account_id = app_private.current_account_id()))
  with check ((account_id = app_private.current_account_id()));

drop policy if exists select_own on app_public.onboarding_question_joins;
create policy select_own on app_public.onboarding_question_joins for select to public
  using ((question_set_id IN ( SELECT s.id FROM app_public.onboarding_question_sets s)));
drop policy if exists insert_own on app_public.onboarding_question_joins;
create policy insert_own on app_public.onboarding_question_joins for insert to public
  with check (((question_set_id IN ( SELECT s.id FROM app_public.onboarding_question_sets s))
    AND (question_id IN ( SELECT q.id FROM app_public.onboarding_questions q))));
drop policy if exists delete_own on app_public.onboarding_question_joins;
create policy delete_own on app_public.onboarding_question_joins for delete to public
  using ((question_set_id IN ( SELECT s.id FROM app_public.onboarding_question_sets s)));

drop policy if exists select_own on app_public.instanced_account_information;
create policy select_own on app_public.instanced_account_information for select to public
  using (((account_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'investor'::text)));

-- ---------------------------------------------------------------------------------------------------------------
-- Rules.

-- The step templates of a locked set's vendor qualification: one encrypted_form step whose fields the steps
-- trigger below fills from the set's questions when a process gets it.
create or replace function app_private.question_set_step_templates(set_id uuid, set_name text)
  returns jsonb
  language sql
  immutable
as $function$
  select jsonb_build_array(jsonb_build_object(
    'type', 'encrypted_form',
    'renderAttributes', jsonb_build_object(
      'progressBarTitle', set_name,
      'title', set_name,
      'about', 'The issuer asks these questions to confirm that you qualify for this offering.',
      'instructions', 'Answer every question. Your answers are kept encrypted and fill this form the next time.'),
    'schema', jsonb_build_object('title', set_name, 'text', 'Submit answers', 'questionSetId', set_id)))
$function$;

create or replace function app_private.tg_onboarding_question_sets__rules()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  qualification uuid;
begin
  new.name := trim(coalesce(new.name, ''));
  if new.name = '' then
    raise exception 'Name field is required' using errcode = 'LL422';
  end if;
  if tg_op = 'UPDATE' and old.locked then
    if not new.locked or new.name <> old.name then
      raise exception 'A locked question set can only be activated or deactivated.' using errcode = 'LL423';
    end if;
  end if;
  if exists (select 1 from app_public.onboarding_question_sets s
             where s.account_id = new.account_id and lower(s.name) = lower(new.name) and s.id <> new.id) then
    raise exception 'Question set names must be unique.' using errcode = 'LL409';
  end if;
  if new.locked and (tg_op = 'INSERT' or not old.locked) then
    if tg_op = 'INSERT' or not exists (select 1 from app_public.onboarding_question_joins j
                                       where j.question_set_id = new.id) then
      raise exception 'Add at least one question before locking the question set.' using errcode = 'LL422';
    end if;
  end if;
  -- A locked set is a qualification of its account: created when it locks, named and (de)activated with it.
  if new.locked then
    if new.vendor_qualification_id is null then
      insert into app_public.vendor_qualifications (account_id, name, active, steps)
        values (new.account_id, new.name, new.active, app_private.question_set_step_templates(new.id, new.name))
        returning id into qualification;
      new.vendor_qualification_id := qualification;
    else
      update app_public.vendor_qualifications v set name = new.name, active = new.active
        where v.id = new.vendor_qualification_id and (v.name, v.active) is distinct from (new.name, new.active);
    end if;
  end if;
  return new;
end;
$function$;

create or replace trigger _200_rules before insert or update on app_public.onboarding_question_sets
  for each row execute function app_private.tg_onboarding_question_sets__rules();

create or replace function app_private.tg_onboarding_questions__rules()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  kind text;
begin
  if tg_op = 'UPDATE' and exists (
      select 1 from app_public.onboarding_question_joins j
        join app_public.onboarding_question_sets s on s.id = j.question_set_id
      where j.question_id = old.id and s.locked) then
    raise exception 'Questions that are part of a question set cannot be edited.' using errcode = 'LL423';
  end if;
  new.name := trim(coalesce(new.name, ''));
  new.description := trim(coalesce(new.description, ''));
  new.error_message := trim(coalesce(new.error_message, ''));
  if new.name = '' then
    raise exception 'Field name is required' using errcode = 'LL422';
  end if;
  if new.type_id is null then
    raise exception 'Field type is required' using errcode = 'LL422';
  end if;
  if new.description = '' then
    raise exception 'Description is required' using errcode = 'LL422';
  end if;
  if new.error_message = '' then
    raise exception 'error message is required' using errcode = 'LL422';
  end if;
  select t.field_type into kind from app_public.onboarding_question_types t where t.id = new.type_id;
  if kind is null then
    raise exception 'Field type is required' using errcode = 'LL422';
  end if;
  new.options := coalesce(new.options, '[]'::jsonb);
  if kind = 'select' then
    if jsonb_array_length(new.options) = 0 then
      raise exception 'A choice question needs at least one option.' using errcode = 'LL422';
    end if;
    if exists (select 1 from jsonb_array_elements(new.options) o
               where jsonb_typeof(o) <> 'string' or trim(o #>> '{}') = '' or length(o #>> '{}') > 200) then
      raise exception 'Each option must be a text of 1 to 200 characters.' using errcode = 'LL422';
    end if;
    if jsonb_array_length(new.options) > 50 then
      raise exception 'A choice question has at most 50 options.' using errcode = 'LL422';
    end if;
  else
    new.options := '[]'::jsonb;
  end if;
  if exists (select 1 from app_public.onboarding_questions q
             where q.account_id = new.account_id and lower(q.name) = lower(new.name) and q.id <> new.id) then
    raise exception 'Questions must have a unique name.' using errcode = 'LL409';
  end if;
  return new;
end;
$function$;

create or replace trigger _200_rules before insert or update on app_public.onboarding_questions
  for each row execute function app_private.tg_onboarding_questions__rules();

create or replace function app_private.tg_onboarding_question_joins__rules()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  set_id uuid := case when tg_op = 'DELETE' then old.question_set_id else new.question_set_id end;
begin
  if exists (select 1 from app_public.onboarding_question_sets s where s.id = set_id and s.locked) then
    raise exception 'Questions cannot be added to or removed from a locked question set.' using errcode = 'LL423';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if exists (select 1 from app_public.onboarding_question_joins j
             where j.question_set_id = new.question_set_id and j.question_id = new.question_id and j.id <> new.id) then
    raise exception 'This question is already part of the question set.' using errcode = 'LL409';
  end if;
  return new;
end;
$function$;

create or replace trigger _200_rules before insert or delete on app_public.onboarding_question_joins
  for each row execute function app_private.tg_onboarding_question_joins__rules();

-- ---------------------------------------------------------------------------------------------------------------
-- The step that asks a set's questions: its fields come from the set's questions in execute order when the step
-- is created (the set is locked by then, so they no longer change).

create or replace function app_private.question_set_fields(set_id uuid)
  returns jsonb
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'key', q.id::text, 'displayKey', q.name, 'type', t.field_type, 'regex', t.regex, 'error', q.error_message,
      'message', q.description, 'options', case when t.field_type = 'select' then q.options end,
      'order', j.execute_order))
    order by j.execute_order, j.created_on, j.id), '[]'::jsonb)
  from app_public.onboarding_question_joins j
    join app_public.onboarding_questions q on q.id = j.question_id
    join app_public.onboarding_question_types t on t.id = q.type_id
  where j.question_set_id = set_id
$function$;

-- The set a question-set step asks: only a set of the account whose qualification made the step (a vendor
-- qualification written by hand cannot name another account's set); NULL otherwise.
create or replace function app_private.step_question_set(step_schema jsonb, dq uuid)
  returns uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.id
  from app_public.onboarding_question_sets s
    join app_public.vendor_qualifications v on v.account_id = s.account_id
    join app_public.distribution_qualifications q on q.vendor_qualification_id = v.id
  where step_schema ->> 'questionSetId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and s.id = (step_schema ->> 'questionSetId')::uuid
    and q.id = dq
$function$;

create or replace function app_private.tg_steps__question_set()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  set_id uuid;
begin
  if new.schema ? 'questionSetId' then
    set_id := app_private.step_question_set(new.schema, new.distribution_qualification_id);
    if set_id is null then
      new.schema := new.schema - 'questionSetId';
    else
      new.schema := new.schema || jsonb_build_object('fields', app_private.question_set_fields(set_id));
    end if;
  end if;
  return new;
end;
$function$;

create or replace trigger _150_question_set before insert on app_public.steps
  for each row execute function app_private.tg_steps__question_set();

-- ---------------------------------------------------------------------------------------------------------------
-- The investor's answers: every accepted submission of a question set step becomes (or replaces) the account's
-- instanced account information for those questions, its value sealed with the server's key.

create or replace function app_private.tg_step_submissions__question_answers()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  investor uuid;
  question_set app_public.onboarding_question_sets;
  vendor text;
  answers jsonb;
  field jsonb;
  raw jsonb;
  answer text;
  row_id uuid;
begin
  select s.* into step from app_public.steps s where s.id = new.step_id;
  if step.id is null or not (step.schema ? 'questionSetId') then
    return null;
  end if;
  select p.investor_id into investor from app_public.processes p where p.id = step.process_id;
  select s.* into question_set from app_public.onboarding_question_sets s
    where s.id = app_private.step_question_set(step.schema, step.distribution_qualification_id);
  if question_set.id is null then
    return null;
  end if;
  select a.name into vendor from app_public.accounts a where a.id = question_set.account_id;
  answers := coalesce(new.data, app_private.unseal(new.sealed));
  for field in select f from jsonb_array_elements(coalesce(step.schema -> 'fields', '[]'::jsonb)) f loop
    raw := answers -> (field ->> 'key');
    continue when raw is null or jsonb_typeof(raw) = 'null';
    answer := case jsonb_typeof(raw)
      when 'boolean' then case when raw = 'true'::jsonb then 'Yes' else 'No' end
      else raw #>> '{}' end;
    continue when not exists (select 1 from app_public.onboarding_question_joins j
                              where j.question_set_id = question_set.id and j.question_id::text = field ->> 'key');
    insert into app_public.instanced_account_information as i
        (account_id, vendor_id, vendor_name, question_id, question_set_id, question_set_name, step_id, field)
      values (investor, question_set.account_id, left(coalesce(vendor, ''), 200), (field ->> 'key')::uuid,
              question_set.id, left(question_set.name, 200), step.id, left(coalesce(field ->> 'displayKey', ''), 200))
      on conflict (account_id, question_id) do update
        set vendor_id = excluded.vendor_id, vendor_name = excluded.vendor_name,
            question_set_id = excluded.question_set_id, question_set_name = excluded.question_set_name,
            step_id = excluded.step_id, field = excluded.field, updated_on = now()
      returning i.id into row_id;
    insert into app_private.instanced_account_values (id, sealed)
      values (row_id, app_private.seal(to_jsonb(answer)))
      on conflict (id) do update set sealed = excluded.sealed;
  end loop;
  return null;
end;
$function$;

create or replace trigger _500_question_answers after insert on app_private.step_submissions
  for each row execute function app_private.tg_step_submissions__question_answers();

-- The answer itself, decrypted, for the investor it belongs to (GraphQL InstancedAccountInformation.value).
create or replace function app_private.instanced_answer(information_id uuid)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select app_private.unseal(v.sealed) #>> '{}'
  from app_public.instanced_account_information i
    join app_private.instanced_account_values v on v.id = i.id
  where i.id = information_id
    and i.account_id = app_private.current_account_id()
    and app_private.current_account_type() = 'investor'
$function$;
grant execute on function app_private.instanced_answer(uuid) to app_user;

create or replace function app_public.instanced_account_information_value(information app_public.instanced_account_information)
  returns text
  language sql
  stable
as $function$ select app_private.instanced_answer(information.id) $function$;
comment on function app_public.instanced_account_information_value(app_public.instanced_account_information) is
  'The answer (decrypted for the investor it belongs to; NULL for anyone else).';
grant execute on function app_public.instanced_account_information_value(app_public.instanced_account_information) to app_user;
