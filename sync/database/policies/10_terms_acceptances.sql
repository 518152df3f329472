-- The row-level security policies of app_public.terms_acceptances, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.terms_acceptances;
create policy insert_own on app_public.terms_acceptances for insert to public
  with check ((user_id = app_private.current_user_id()));

drop policy if exists select_own on app_public.terms_acceptances;
create policy select_own on app_public.terms_acceptances for select to public
  using ((user_id = app_private.current_user_id()));
