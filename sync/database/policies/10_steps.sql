-- The row-level security policies of app_public.steps, written as PostgreSQL prints them back (pg_policies). The
-- helper functions they call (app_private.*_ids()) are still defined in the migrations.

drop policy if exists select_visible on app_public.steps;
create policy select_visible on app_public.steps for select to public
  using ((process_id IN ( SELECT p.id
   FROM app_public.processes p)));
