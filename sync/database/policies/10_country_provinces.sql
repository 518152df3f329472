-- The row-level security policies of app_public.country_provinces, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_all on app_public.country_provinces;
create policy select_all on app_public.country_provinces for select to public
  using (true);
