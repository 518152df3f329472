-- The row-level security policies of app_public.country_provinces, written as PostgreSQL prints them back (pg_policies). The
-- helper functions they call (app_private.*_ids()) are still defined in the migrations.

drop policy if exists select_all on app_public.country_provinces;
create policy select_all on app_public.country_provinces for select to public
  using (true);
