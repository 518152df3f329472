-- The row-level security policies of app_public.currencies, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_all on app_public.currencies;
create policy select_all on app_public.currencies for select to public
  using (true);
