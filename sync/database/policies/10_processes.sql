-- The row-level security policies of app_public.processes, written as PostgreSQL prints them back (pg_policies). The
-- helper functions they call (app_private.*_ids()) are still defined in the migrations.

drop policy if exists select_visible on app_public.processes;
create policy select_visible on app_public.processes for select to public
  using ((distribution_id IN ( SELECT d.id
   FROM app_public.distributions d)));
