-- The row-level security policies of app_public.processes, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.processes;
create policy select_visible on app_public.processes for select to public
  using ((distribution_id IN ( SELECT d.id
   FROM app_public.distributions d)));
