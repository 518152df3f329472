-- Investor onboarding: the step process each distribution gets from its qualifications (spec part 2: qualification
-- process screen, states). build_process / insert_template_steps create the steps from the vendor qualifications'
-- templates, refresh_process keeps the process's status and current step, the complete*Step mutations move an
-- investor through it (investor_complete_step, provider_step_outcome, finish_step); the triggers build and refresh
-- processes as qualifications change. The process as the distributions read model embeds it is built by
-- process_documents_of (read-models/10_distributions.sql).

create or replace function app_private.build_process(distribution uuid)
  returns app_public.processes
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  proc uuid;
  next_order integer;
  dq record;
begin
  select p.id into proc from app_public.processes p where p.distribution_id = distribution;
  if proc is null then
    insert into app_public.processes (distribution_id, investor_id)
      select d.id, d.investor_id from app_public.distributions d where d.id = distribution
      returning id into proc;
    if proc is null then
      return null;
    end if;
  end if;
  select coalesce(max(s."order"), 0) + 1 into next_order from app_public.steps s
    where s.process_id = proc and s.parent_id is null;
  for dq in
    select q.id, v.steps from app_public.distribution_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
    where q.distribution_id = distribution
      and not exists (select 1 from app_public.steps s where s.distribution_qualification_id = q.id)
    order by app_private.pays(v.steps), q.execute_order, q.created_on, q.id
  loop
    next_order := app_private.insert_template_steps(proc, dq.id, null, dq.steps, next_order);
  end loop;
  perform app_private.payment_steps_last(proc);
  return app_private.refresh_process(proc);
end;
$function$;

-- Whether a vendor qualification's step templates hold a payment step (the round's "Payment" qualification).
create or replace function app_private.pays(templates jsonb)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select coalesce(templates @> '[{"type": "payment"}]'::jsonb, false)
$function$;

-- The investor pays last: after the subscription agreement is signed and every other step (issue 37). A qualification
-- added after the round's Payment (its order is the list's max + 1, or its steps are appended to a process already
-- built) would otherwise put its steps after the payment. Payment steps no trade has started yet (not started, or
-- current without a payment on it) move behind the process's other top-level steps and wait their turn again; one
-- under way or done stays where it is. refresh_process (the caller's next call) makes the right step current.
create or replace function app_private.payment_steps_last(process uuid)
  returns void
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  with movable as (
    select s.id, row_number() over (order by s."order", s.created_on, s.id) as n
    from app_public.steps s
    where s.process_id = payment_steps_last.process and s.parent_id is null and s.type = 'payment'
      and s.status in ('not_started', 'in_progress') and not s.output_data ? 'payment'
  ), others as (
    select coalesce(max(s."order"), 0) as last from app_public.steps s
    where s.process_id = payment_steps_last.process and s.parent_id is null
      and s.id not in (select m.id from movable m)
  )
  update app_public.steps s set "order" = others.last + movable.n,
      status = case when s.status = 'in_progress' then 'not_started' else s.status end
  from movable, others
  where s.id = movable.id
    and exists (select 1 from movable m join app_public.steps p on p.id = m.id where p."order" <= others.last)
$function$;

-- A step signed offline whose seal is pending (app_private.offline_signatures 'received', the step 'processing';
-- sync/database/signing/30_offline.sql) counts as done for the process's order: the current step is the first step
-- not complete and not waiting for its seal, so the investor's next answers (queued in the same batch, or given
-- offline after signing) are taken. Only when every open step waits for its seal is the current step the first of
-- those (the process is then 'processing', never complete). A seal that finds the document changed reopens the
-- signing step, which is the current step again; the steps done meanwhile stay done.
create or replace function app_private.step_waits_for_seal(step app_public.steps)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select step.status = 'processing' and step.type = 'signing'
    and exists (select 1 from app_private.offline_signatures o where o.step_id = step.id and o.status = 'received')
$function$;
revoke all on function app_private.step_waits_for_seal(app_public.steps) from public;

create or replace function app_private.current_child_step(parent uuid)
  returns app_public.steps
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select s.* from app_public.steps s
  where s.parent_id = parent and s.status <> 'complete'
  order by app_private.step_waits_for_seal(s), s."order", s.created_on, s.id limit 1
$function$;

create or replace function app_private.current_top_step(process uuid)
  returns app_public.steps
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select s.* from app_public.steps s
  where s.process_id = process and s.parent_id is null and s.status <> 'complete'
  order by app_private.step_waits_for_seal(s), s."order", s.created_on, s.id limit 1
$function$;

create or replace function app_private.finish_step(step app_public.steps)
  returns app_public.steps
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  done app_public.steps;
  process app_public.processes;
begin
  update app_public.steps s set status = 'complete', completed_on = now(), output_data = s.output_data - 'error'
    where s.id = step.id returning * into done;
  if done.parent_id is not null and not exists (
      select 1 from app_public.steps s where s.parent_id = done.parent_id and s.status <> 'complete') then
    update app_public.steps s set status = 'complete', completed_on = now()
      where s.id = done.parent_id and s.type = 'custom';
  end if;
  process := app_private.refresh_process(done.process_id);
  if process.status = 'complete' then
    update app_public.distributions d set status = 'closed'
      where d.id = process.distribution_id and d.status = 'open' and not d.locked;
  end if;
  return done;
end;
$function$;

create or replace function app_private.insert_template_steps(process uuid, dq uuid, parent uuid, templates jsonb, first_order integer)
  returns integer
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  template jsonb;
  position integer := first_order;
  step_id uuid;
begin
  for template in select t from jsonb_array_elements(coalesce(templates, '[]'::jsonb)) t loop
    insert into app_public.steps (process_id, parent_id, distribution_qualification_id, "order", type,
                                  render_attributes, schema, retry_limit)
      values (process, parent, dq, position, template ->> 'type',
              coalesce(template -> 'renderAttributes', '{}'::jsonb), coalesce(template -> 'schema', '{}'::jsonb),
              coalesce((template ->> 'retryLimit')::integer, 3))
      returning id into step_id;
    if jsonb_typeof(template -> 'children') = 'array' then
      perform app_private.insert_template_steps(process, dq, step_id, template -> 'children', 1);
    end if;
    position := position + 1;
  end loop;
  return position;
end;
$function$;

-- Completes a step of the given investor's process (the investor's own commands below, and an in-person session's
-- completeStepInPerson, sync/database/in-person/10_sessions.sql, whose host the caller checked first). Internal: the
-- caller decides who the investor is.
create or replace function app_private.complete_step_as(investor uuid, blob jsonb, step_id uuid, expected_parent uuid, parent_only boolean)
  returns app_public.steps
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  process app_public.processes;
  answers jsonb;
begin
  select s.* into step from app_public.steps s where s.id = complete_step_as.step_id for update;
  select p.* into process from app_public.processes p where p.id = step.process_id;
  if step.id is null or investor is null or process.investor_id is distinct from investor then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  if expected_parent is not null and step.parent_id is distinct from expected_parent then
    raise exception 'This step is not part of the given parent step.' using errcode = 'LL422';
  end if;
  if parent_only and not exists (select 1 from app_public.steps c where c.parent_id = step.id) then
    raise exception 'This step has no nested steps.' using errcode = 'LL422';
  end if;
  if exists (select 1 from app_public.steps c where c.parent_id = step.id and c.status <> 'complete') then
    raise exception 'Please complete the nested steps first.' using errcode = 'LL422';
  end if;
  perform app_private.require_actionable(step);
  if step.type in ('link', 'iframe', 'async_iframe') then
    raise exception 'This step is completed through its provider.' using errcode = 'LL422';
  end if;
  if step.type in ('form', 'encrypted_form') then
    answers := app_private.validate_step_blob(step.schema, blob);
    insert into app_private.step_submissions (step_id, data) values (step.id, answers);
  elsif step.type = 'signing' then
    -- signed through POST /api/v2/signing/steps/{id}/sign or the provider (sync/database/signing/10_signing.sql)
    perform app_private.signing_step_signed(step);
  elsif step.type = 'payment' then
    -- completed when the payment arrives (sync/database/payments/30_payment_step.sql)
    raise exception 'This step is complete once your payment arrives.' using errcode = 'LL422';
  elsif step.type not in ('button', 'custom') then
    raise exception 'Please contact your issuer to learn how to complete your investment.' using errcode = 'LL422';
  end if;
  return app_private.finish_step(step);
end;
$function$;
revoke all on function app_private.complete_step_as(uuid,jsonb,uuid,uuid,boolean) from public;

-- The investor's own completion: a writer of an investor account, on their own process.
create or replace function app_private.investor_complete_step(blob jsonb, step_id uuid, expected_parent uuid, parent_only boolean)
  returns app_public.steps
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.require_writer('{investor}');
  return app_private.complete_step_as(app_private.current_account_id(), blob, step_id, expected_parent, parent_only);
end;
$function$;
grant execute on function app_private.investor_complete_step(jsonb,uuid,uuid,boolean) to app_user;

create or replace function app_private.provider_step_outcome(step_id uuid, account_id uuid, outcome text, error text DEFAULT NULL::text)
  returns app_public.steps
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  process app_public.processes;
begin
  select s.* into step from app_public.steps s where s.id = provider_step_outcome.step_id for update;
  select p.* into process from app_public.processes p where p.id = step.process_id;
  if step.id is null or process.investor_id is distinct from provider_step_outcome.account_id then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  if step.type not in ('link', 'iframe', 'async_iframe') then
    raise exception 'This step is not completed by a provider.' using errcode = 'LL422';
  end if;
  if outcome = 'complete' and step.status = 'processing' then
    return app_private.finish_step(step);
  end if;
  perform app_private.require_actionable(step);
  case outcome
  when 'complete' then
    return app_private.finish_step(step);
  when 'processing' then
    update app_public.steps s set status = 'processing' where s.id = step.id returning * into step;
  when 'failed' then
    update app_public.steps s
      set retry_count = s.retry_count + 1,
          status = case when s.retry_count + 1 >= s.retry_limit then 'retry_limit' else 'failed' end,
          output_data = s.output_data || jsonb_build_object('error', coalesce(error, 'The provider reported a failure.'))
      where s.id = step.id returning * into step;
  else
    raise exception 'Unknown outcome %', outcome using errcode = 'LL422';
  end case;
  perform app_private.refresh_process(step.process_id);
  return step;
end;
$function$;

create or replace function app_private.refresh_process(process uuid)
  returns app_public.processes
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  top app_public.steps;
  child app_public.steps;
  next_status text;
  result app_public.processes;
begin
  top := app_private.current_top_step(process);
  if top.id is not null and top.status = 'not_started' then
    update app_public.steps set status = 'in_progress' where id = top.id returning * into top;
  end if;
  if top.id is not null then
    child := app_private.current_child_step(top.id);
    if child.id is not null and child.status = 'not_started' then
      update app_public.steps set status = 'in_progress' where id = child.id;
    end if;
  end if;
  next_status := case
    when top.id is null then 'complete'
    when coalesce(child.status, top.status) = 'processing' then 'processing'
    when coalesce(child.status, top.status) = 'retry_limit' then 'failed'
    when exists (select 1 from app_public.steps s where s.process_id = process and s.status <> 'not_started')
      then 'in_progress'
    else 'not_started'
  end;
  update app_public.processes p set status = next_status, current_step_id = top.id
    where p.id = process and (p.status, p.current_step_id) is distinct from (next_status, top.id)
    returning * into result;
  if result.id is null then
    select p.* into result from app_public.processes p where p.id = process;
  end if;
  return result;
end;
$function$;

create or replace function app_private.require_actionable(step app_public.steps)
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  top app_public.steps := app_private.current_top_step(step.process_id);
  child app_public.steps;
  current app_public.steps;
begin
  if step.status = 'complete' then
    raise exception 'Step complete!' using errcode = 'LL409';
  end if;
  if top.id is not null then
    child := app_private.current_child_step(top.id);
  end if;
  current := case when child.id is not null then child else top end;
  if current.id is distinct from step.id and not (step.id = top.id and child.id is null) then
    raise exception 'This is not the current active step, please select "%" to continue the onboarding process',
      app_private.step_title(coalesce(current, top)) using errcode = 'LL422';
  end if;
  if step.status = 'retry_limit' then
    raise exception 'Retry limit reached. Please contact your issuer for assistance.' using errcode = 'LL422';
  end if;
  if step.status = 'processing' then
    raise exception 'Step is processing.' using errcode = 'LL409';
  end if;
end;
$function$;

create or replace function app_private.step_title(step app_public.steps)
  returns text
  language sql
  immutable
as $function$
  select coalesce(nullif(step.render_attributes ->> 'title', ''), nullif(step.render_attributes ->> 'name', ''),
                  nullif(step.schema ->> 'title', ''), 'Step ' || step."order")
$function$;

create or replace function app_private.tg_distribution_qualifications__process()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  process uuid;
begin
  if tg_op = 'DELETE' then
    select p.id into process from app_public.processes p where p.distribution_id = old.distribution_id;
    if process is not null then
      perform app_private.refresh_process(process);
    end if;
  else
    perform app_private.build_process(new.distribution_id);
  end if;
  return null;
end;
$function$;

create or replace function app_private.tg_distributions__process()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
    select new.id, q.vendor_qualification_id, q.execute_order
    from app_public.allocation_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id and v.active
    where q.allocation_id = new.allocation_id
      -- units received by transfer are paid to their holder, not the issuer (transfers/12_onboarding.sql)
      and not (app_private.pays(v.steps) and app_private.is_transfer_distribution(new.id))
    on conflict do nothing;
  perform app_private.build_process(new.id);
  return null;
end;
$function$;

create or replace function app_private.tg_steps__changes()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.record_document_change('distributions', p.distribution_id)
  from app_public.processes p
  where p.id = case when tg_op = 'DELETE' then old.process_id else new.process_id end;
  return null;
end;
$function$;

create or replace function app_private.validate_step_blob(schema jsonb, blob jsonb)
  returns jsonb
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  field jsonb;
  key text;
  label text;
  message text;
  raw jsonb;
  answer text;
  regex text;
  options jsonb;
  answers jsonb := '{}'::jsonb;
begin
  if blob is null or jsonb_typeof(blob) <> 'object' then
    raise exception 'Invalid input' using errcode = 'LL422';
  end if;
  for field in select f from jsonb_array_elements(coalesce(schema -> 'fields', '[]'::jsonb)) f loop
    key := field ->> 'key';
    label := coalesce(nullif(field ->> 'displayKey', ''), key);
    message := label || ': ' || coalesce(nullif(field ->> 'error', ''), 'Invalid input');
    raw := blob -> key;
    answer := case jsonb_typeof(raw)
      when 'string' then trim(raw #>> '{}')
      when 'number' then raw #>> '{}'
      when 'boolean' then case when raw = 'true'::jsonb then 'Yes' else 'No' end
      else null end;
    if answer is null or answer = '' then
      if coalesce((field ->> 'optional')::boolean, false) then
        continue;
      end if;
      raise exception '%', message using errcode = 'LL422', detail = key;
    end if;
    regex := nullif(field ->> 'regex', '');
    if field ->> 'type' = 'boolean' then
      if answer not in ('Yes', 'No') then
        raise exception '%', message using errcode = 'LL422', detail = key;
      end if;
      answers := answers || jsonb_build_object(key, answer = 'Yes');
      continue;
    end if;
    if field ->> 'type' = 'integer' or regex in ('^[0-9]+$', '^\d+$', '^[0-9]*$', '^\d*$') then
      if answer !~ '^[0-9]{1,18}$' then
        raise exception '%', message using errcode = 'LL422', detail = key;
      end if;
    end if;
    if regex is not null and answer !~ regex then
      raise exception '%', message using errcode = 'LL422', detail = key;
    end if;
    options := field -> 'options';
    if jsonb_typeof(options) = 'array' and jsonb_array_length(options) > 0 and not exists (
        select 1 from jsonb_array_elements(options) o
        where coalesce(o ->> 'value', o #>> '{}') = answer) then
      raise exception '%', message using errcode = 'LL422', detail = key;
    end if;
    answers := answers || jsonb_build_object(key,
      case when field ->> 'type' = 'integer' then to_jsonb(answer::numeric) else to_jsonb(answer) end);
  end loop;
  return answers;
end;
$function$;

create or replace function app_public.complete_child_step(blob jsonb, step_id uuid, parent_step_id uuid)
  returns app_public.steps
  language sql
as $function$ select * from app_private.investor_complete_step(blob, step_id, parent_step_id, false) $function$;

comment on function app_public.complete_child_step(jsonb,uuid,uuid) is
  'Completes the current nested step of the given parent step.';
grant execute on function app_public.complete_child_step(jsonb,uuid,uuid) to app_user;

create or replace function app_public.complete_parent_step(blob jsonb, step_id uuid)
  returns app_public.steps
  language sql
as $function$ select * from app_private.investor_complete_step(blob, step_id, null, true) $function$;

comment on function app_public.complete_parent_step(jsonb,uuid) is
  'Completes a parent step once its nested steps are complete.';
grant execute on function app_public.complete_parent_step(jsonb,uuid) to app_user;

create or replace function app_public.complete_step(blob jsonb, step_id uuid)
  returns app_public.steps
  language sql
as $function$ select * from app_private.investor_complete_step(blob, step_id, null, false) $function$;

comment on function app_public.complete_step(jsonb,uuid) is
  'Completes the current step of the investor''s process.';
grant execute on function app_public.complete_step(jsonb,uuid) to app_user;

-- Where these functions fire.
create or replace trigger _500_process AFTER INSERT OR DELETE ON app_public.distribution_qualifications FOR EACH ROW
  execute function app_private.tg_distribution_qualifications__process();
create or replace trigger _500_process AFTER INSERT ON app_public.distributions FOR EACH ROW
  execute function app_private.tg_distributions__process();

-- Where tg_steps__changes fires.
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.steps FOR EACH ROW EXECUTE FUNCTION app_private.tg_steps__changes();
