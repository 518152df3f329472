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
