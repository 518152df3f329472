-- The row-level security policies of app_public.vendor_default_email_preferences, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.vendor_default_email_preferences;
create policy insert_own on app_public.vendor_default_email_preferences for insert to public
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write()));

drop policy if exists select_own on app_public.vendor_default_email_preferences;
create policy select_own on app_public.vendor_default_email_preferences for select to public
  using ((account_id = app_private.current_account_id()));

drop policy if exists update_own on app_public.vendor_default_email_preferences;
create policy update_own on app_public.vendor_default_email_preferences for update to public
  using ((account_id = app_private.current_account_id()))
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write()));
