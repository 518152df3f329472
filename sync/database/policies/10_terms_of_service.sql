-- The row-level security policies of app_public.terms_of_service, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_admin on app_public.terms_of_service;
create policy insert_admin on app_public.terms_of_service for insert to public
  with check (((app_private.current_account_type() = 'admin'::text) AND app_private.can_write()));

drop policy if exists select_signed_in on app_public.terms_of_service;
create policy select_signed_in on app_public.terms_of_service for select to public
  using ((app_private.current_user_id() IS NOT NULL));

drop policy if exists update_admin on app_public.terms_of_service;
create policy update_admin on app_public.terms_of_service for update to public
  using ((app_private.current_user_id() IS NOT NULL))
  with check (((app_private.current_account_type() = 'admin'::text) AND app_private.can_write()));
