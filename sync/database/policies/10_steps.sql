-- The row-level security policies of app_public.steps, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.steps;
create policy select_visible on app_public.steps for select to public
  using ((process_id IN ( SELECT p.id
   FROM app_public.processes p)));
