-- A process's computed columns: its current step and its steps in short form.

create or replace function app_public.processes_current_step(p app_public.processes)
  returns app_public.steps
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select s from app_public.steps s where s.id = p.current_step_id and s.process_id = p.id
$function$;
grant execute on function app_public.processes_current_step(app_public.processes) to app_user;

create or replace function app_public.processes_short_steps(p app_public.processes)
  returns setof app_public.steps
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select s from app_public.steps s where s.process_id = p.id and s.parent_id is null order by s."order", s.id
$function$;
grant execute on function app_public.processes_short_steps(app_public.processes) to app_user;

-- The spec's Step.dynamicData: what a step's screen needs that changes while the investor works through it, read
-- now: its title, whether it is its process's current step, the retries left, the error of its last outcome and its
-- link. Computed as the caller (the steps' policy already let the caller read the step).
create or replace function app_public.steps_dynamic_data(s app_public.steps)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select jsonb_build_object(
    'title', coalesce(nullif(s.render_attributes ->> 'title', ''), nullif(s.render_attributes ->> 'name', ''),
                      nullif(s.schema ->> 'title', ''), 'Step ' || s."order"),
    'current', exists (select 1 from app_public.processes p where p.id = s.process_id and p.current_step_id = s.id),
    'retriesLeft', greatest(s.retry_limit - s.retry_count, 0),
    'error', s.output_data -> 'error',
    'link', s.schema -> 'link')
$function$;
comment on function app_public.steps_dynamic_data(app_public.steps) is
  'The step''s data of the moment: title, current (its process''s current step), retriesLeft, error, link.';
grant execute on function app_public.steps_dynamic_data(app_public.steps) to app_user;
