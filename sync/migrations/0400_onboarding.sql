-- Investor onboarding: vendor qualifications linked to allocations and distributions (executeOrder), and the step
-- process each distribution gets from its qualifications (spec part 2: qualification process screen, states).
--
-- * A vendor qualification (an issuer's or broker's) describes the steps it adds to a process: a JSON array of
--   {type, renderAttributes, schema, retryLimit, children}. Linking it to an allocation links it to every
--   distribution created in that allocation afterwards; linking it to a distribution appends its steps.
-- * A process has ordered steps; nested steps have a parent step. Only the current step can be acted on: the
--   first top-level step that is not complete, and inside it the first child that is not complete.
-- * Investors complete steps through completeStep / completeChildStep / completeParentStep (validated here);
--   link, iframe and async_iframe steps are completed by their provider (sync/http/integrations.ts, the built-in
--   local provider) through app_private.provider_step_outcome. When the last step completes, an open
--   distribution becomes closed (shown Pending) and waits for issuance.
-- * Submitted form data is kept in app_private.step_submissions: never exposed through the API nor replicated.

create table app_public.vendor_qualifications (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  active boolean not null default true,
  steps jsonb not null default '[]'::jsonb check (jsonb_typeof(steps) = 'array'),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index vendor_qualifications_account_id_idx on app_public.vendor_qualifications (account_id);
comment on table app_public.vendor_qualifications is E'@omit delete\nA qualification an issuer or broker requires; `steps` are the step templates it adds to a process.';

create table app_public.allocation_qualifications (
  id uuid primary key default gen_random_uuid(),
  allocation_id uuid not null references app_public.allocations (id) on delete cascade,
  vendor_qualification_id uuid not null references app_public.vendor_qualifications (id) on delete cascade,
  execute_order integer not null default 0,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (allocation_id, vendor_qualification_id)
);
create index allocation_qualifications_vq_idx on app_public.allocation_qualifications (vendor_qualification_id);

create table app_public.distribution_qualifications (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  vendor_qualification_id uuid not null references app_public.vendor_qualifications (id) on delete cascade,
  execute_order integer not null default 0,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (distribution_id, vendor_qualification_id)
);
create index distribution_qualifications_vq_idx on app_public.distribution_qualifications (vendor_qualification_id);

create table app_public.processes (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null unique references app_public.distributions (id) on delete cascade,
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  status text not null default 'not_started'
    check (status in ('not_started', 'in_progress', 'processing', 'complete', 'failed')),
  -- Kept by app_private.refresh_process: the top-level step that can be acted on (NULL when none is left).
  current_step_id uuid,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index processes_investor_id_idx on app_public.processes (investor_id);
comment on table app_public.processes is E'@omit create,update,delete\nThe onboarding step process of a distribution.';

create table app_public.steps (
  id uuid primary key default gen_random_uuid(),
  process_id uuid not null references app_public.processes (id) on delete cascade,
  parent_id uuid references app_public.steps (id) on delete cascade,
  distribution_qualification_id uuid references app_public.distribution_qualifications (id) on delete cascade,
  "order" integer not null,
  status text not null default 'not_started'
    check (status in ('not_started', 'in_progress', 'processing', 'complete', 'failed', 'restart', 'retry',
                      'retry_limit')),
  type text not null
    check (type in ('custom', 'link', 'iframe', 'async_iframe', 'button', 'form', 'encrypted_form')),
  -- progressBarTitle, title, instructions, about, name, message
  render_attributes jsonb not null default '{}'::jsonb check (jsonb_typeof(render_attributes) = 'object'),
  -- title; fields (key, displayKey, type, regex, error, message, options, order, optional); disclosures; text; link
  schema jsonb not null default '{}'::jsonb check (jsonb_typeof(schema) = 'object'),
  -- What the provider reported ({error} after a failure); never the investor's answers.
  output_data jsonb not null default '{}'::jsonb check (jsonb_typeof(output_data) = 'object'),
  retry_count integer not null default 0 check (retry_count >= 0),
  retry_limit integer not null default 3 check (retry_limit > 0),
  completed_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index steps_process_id_idx on app_public.steps (process_id, parent_id, "order");
create index steps_parent_id_idx on app_public.steps (parent_id);
create index steps_dq_idx on app_public.steps (distribution_qualification_id);
comment on table app_public.steps is E'@omit create,update,delete\nA step of an onboarding process; written by completeStep and the providers.';

create table app_private.step_submissions (
  id uuid primary key default gen_random_uuid(),
  step_id uuid not null references app_public.steps (id) on delete cascade,
  data jsonb not null,
  created_on timestamptz not null default now()
);
create index step_submissions_step_id_idx on app_private.step_submissions (step_id);

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.vendor_qualifications', 'app_public.allocation_qualifications',
  'app_public.distribution_qualifications', 'app_public.processes', 'app_public.steps'
]::regclass[]) as tbl;

-- ---------------------------------------------------------------------------------------------------------------
-- Row-level security.

alter table app_public.vendor_qualifications enable row level security;
create policy select_visible on app_public.vendor_qualifications for select
  using (account_id = app_private.current_account_id()
    or id in (select q.vendor_qualification_id from app_public.distribution_qualifications q)
    or id in (select q.vendor_qualification_id from app_public.allocation_qualifications q));
create policy insert_own on app_public.vendor_qualifications for insert
  with check (account_id = app_private.current_account_id());
create policy update_own on app_public.vendor_qualifications for update
  using (account_id = app_private.current_account_id())
  with check (account_id = app_private.current_account_id());
grant select on app_public.vendor_qualifications to app_user;
grant insert (id, account_id, name, active, steps), update (name, active, steps)
  on app_public.vendor_qualifications to app_user;
select app_private.add_write_guard('app_public.vendor_qualifications', '{issuer,broker}');

alter table app_public.allocation_qualifications enable row level security;
create policy select_visible on app_public.allocation_qualifications for select
  using (allocation_id in (select al.id from app_public.allocations al));
create policy insert_editable on app_public.allocation_qualifications for insert
  with check (allocation_id in (select app_private.editable_allocation_ids()));
create policy update_editable on app_public.allocation_qualifications for update
  using (allocation_id in (select al.id from app_public.allocations al))
  with check (allocation_id in (select app_private.editable_allocation_ids()));
create policy delete_editable on app_public.allocation_qualifications for delete
  using (allocation_id in (select app_private.editable_allocation_ids()));
grant select, delete on app_public.allocation_qualifications to app_user;
grant insert (id, allocation_id, vendor_qualification_id, execute_order), update (execute_order)
  on app_public.allocation_qualifications to app_user;
select app_private.add_write_guard('app_public.allocation_qualifications', '{issuer,broker}');

alter table app_public.distribution_qualifications enable row level security;
create policy select_visible on app_public.distribution_qualifications for select
  using (distribution_id in (select d.id from app_public.distributions d));
create policy insert_editable on app_public.distribution_qualifications for insert
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy update_editable on app_public.distribution_qualifications for update
  using (distribution_id in (select d.id from app_public.distributions d))
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy delete_editable on app_public.distribution_qualifications for delete
  using (distribution_id in (select app_private.editable_distribution_ids()));
grant select, delete on app_public.distribution_qualifications to app_user;
grant insert (id, distribution_id, vendor_qualification_id, execute_order), update (execute_order)
  on app_public.distribution_qualifications to app_user;
select app_private.add_write_guard('app_public.distribution_qualifications', '{issuer,broker}');

-- The investor sees its own processes; issuers, brokers and agents those of the distributions they see.
alter table app_public.processes enable row level security;
create policy select_visible on app_public.processes for select
  using (distribution_id in (select d.id from app_public.distributions d));
grant select on app_public.processes to app_user;

alter table app_public.steps enable row level security;
create policy select_visible on app_public.steps for select
  using (process_id in (select p.id from app_public.processes p));
grant select on app_public.steps to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- Building and advancing a process (SECURITY DEFINER: the callers check who may act).

create function app_private.insert_template_steps(process uuid, dq uuid, parent uuid, templates jsonb, first_order integer)
  returns integer
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

-- The step that can be acted on: the first top-level step not complete (NULL when the process is done).
create function app_private.current_top_step(process uuid) returns app_public.steps
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select s.* from app_public.steps s
  where s.process_id = process and s.parent_id is null and s.status <> 'complete'
  order by s."order", s.created_on, s.id limit 1
$$;

create function app_private.current_child_step(parent uuid) returns app_public.steps
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select s.* from app_public.steps s
  where s.parent_id = parent and s.status <> 'complete'
  order by s."order", s.created_on, s.id limit 1
$$;

-- Recomputes the current step and the process status; the current step (and its current child) move from
-- not_started to in_progress.
create function app_private.refresh_process(process uuid) returns app_public.processes
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

-- The process of a distribution, created when missing, with the steps of every linked qualification not yet in it
-- (in executeOrder, after the existing steps).
create function app_private.build_process(distribution uuid) returns app_public.processes
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
    order by q.execute_order, q.created_on, q.id
  loop
    next_order := app_private.insert_template_steps(proc, dq.id, null, dq.steps, next_order);
  end loop;
  return app_private.refresh_process(proc);
end;
$$;

-- A new distribution takes its allocation's qualifications and gets its process.
create function app_private.tg_distributions__process() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
    select new.id, q.vendor_qualification_id, q.execute_order
    from app_public.allocation_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id and v.active
    where q.allocation_id = new.allocation_id
    on conflict do nothing;
  perform app_private.build_process(new.id);
  return null;
end;
$$;
create trigger _500_process after insert on app_public.distributions
  for each row execute function app_private.tg_distributions__process();

create function app_private.tg_distribution_qualifications__process() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;
create trigger _500_process after insert or delete on app_public.distribution_qualifications
  for each row execute function app_private.tg_distribution_qualifications__process();

-- ---------------------------------------------------------------------------------------------------------------
-- Completing steps.

create function app_private.step_title(step app_public.steps) returns text
  language sql immutable
as $$
  select coalesce(nullif(step.render_attributes ->> 'title', ''), nullif(step.render_attributes ->> 'name', ''),
                  nullif(step.schema ->> 'title', ''), 'Step ' || step."order")
$$;

-- Validates a form blob against the step schema's fields; returns the normalised answers (Yes/No -> boolean,
-- integers as numbers). A failing field raises LL422 '<field>: <its error or Invalid input>'.
create function app_private.validate_step_blob(schema jsonb, blob jsonb) returns jsonb
  language plpgsql immutable
  set search_path = pg_catalog
as $$
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
$$;

-- Raises unless `step` is the one the investor can act on now.
create function app_private.require_actionable(step app_public.steps) returns void
  language plpgsql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

-- Marks a step complete, completes a 'custom' parent (a plain group) when it was the parent's last child (other
-- parents wait for completeParentStep), advances the process and
-- closes the distribution (Onboarding -> Pending) when the last step is done.
create function app_private.finish_step(step app_public.steps) returns app_public.steps
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

-- The investor's side: validates and completes the current step. `expected_parent` is the parent step id the
-- client names for a nested step (completeChildStep); `parent_only` says the client completes a parent step.
create function app_private.investor_complete_step(blob jsonb, step_id uuid, expected_parent uuid, parent_only boolean)
  returns app_public.steps
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  step app_public.steps;
  process app_public.processes;
  answers jsonb;
begin
  perform app_private.require_writer('{investor}');
  select s.* into step from app_public.steps s where s.id = investor_complete_step.step_id for update;
  select p.* into process from app_public.processes p where p.id = step.process_id;
  if step.id is null or process.investor_id is distinct from app_private.current_account_id() then
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
  elsif step.type not in ('button', 'custom') then
    raise exception 'Please contact your issuer to learn how to complete your investment.' using errcode = 'LL422';
  end if;
  return app_private.finish_step(step);
end;
$$;

create function app_public.complete_step(blob jsonb, step_id uuid) returns app_public.steps
  language sql volatile
  as $$ select * from app_private.investor_complete_step(blob, step_id, null, false) $$;
comment on function app_public.complete_step(jsonb, uuid) is 'Completes the current step of the investor''s process.';

create function app_public.complete_child_step(blob jsonb, step_id uuid, parent_step_id uuid) returns app_public.steps
  language sql volatile
  as $$ select * from app_private.investor_complete_step(blob, step_id, parent_step_id, false) $$;
comment on function app_public.complete_child_step(jsonb, uuid, uuid) is 'Completes the current nested step of the given parent step.';

create function app_public.complete_parent_step(blob jsonb, step_id uuid) returns app_public.steps
  language sql volatile
  as $$ select * from app_private.investor_complete_step(blob, step_id, null, true) $$;
comment on function app_public.complete_parent_step(jsonb, uuid) is 'Completes a parent step once its nested steps are complete.';

-- The provider's side (called by the server for link, iframe and async_iframe steps after it checked that the
-- signed-in account is the step's investor): outcome 'processing', 'complete' or 'failed' (with an error).
create function app_private.provider_step_outcome(step_id uuid, account_id uuid, outcome text, error text default null)
  returns app_public.steps
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

grant execute on function
  app_public.complete_step(jsonb, uuid),
  app_public.complete_child_step(jsonb, uuid, uuid),
  app_public.complete_parent_step(jsonb, uuid),
  app_private.investor_complete_step(jsonb, uuid, uuid, boolean)
  to app_user;

-- Existing distributions get their (empty) processes.
select app_private.build_process(d.id) from app_public.distributions d;

-- ---------------------------------------------------------------------------------------------------------------
-- Replication: the process and its steps travel inside the distribution document (`process`), so the step process
-- renders offline without a collection of its own (RxDB's free tier opens 13 collections per page). The existing
-- document function is kept (renamed) and wrapped, so fields others add to it stay.

create function app_private.process_document(distribution uuid) returns jsonb
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select app_private.row_document(to_jsonb(p), 'app_public.processes')
    || jsonb_build_object('steps', (
      select app_private.row_documents(
        jsonb_agg(to_jsonb(s) order by s.parent_id nulls first, s."order", s.created_on, s.id), 'app_public.steps')
      from app_public.steps s where s.process_id = p.id))
  from app_public.processes p where p.distribution_id = distribution
$$;

alter function app_private.docs_distributions(uuid[]) rename to docs_distributions_before_process;

create function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, b.doc || jsonb_build_object('process', app_private.process_document(b.id))
  from app_private.docs_distributions_before_process(ids) b
$$;

grant execute on function
  app_private.process_document(uuid),
  app_private.docs_distributions(uuid[])
  to app_user;

select app_private.replicate('app_public.processes', 'distributions', 'distribution_id');

create function app_private.tg_steps__changes() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  perform app_private.record_document_change('distributions', p.distribution_id)
  from app_public.processes p
  where p.id = case when tg_op = 'DELETE' then old.process_id else new.process_id end;
  return null;
end;
$$;
create trigger _900_changes_distributions after insert or update or delete on app_public.steps
  for each row execute function app_private.tg_steps__changes();
