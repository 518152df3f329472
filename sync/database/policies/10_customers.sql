-- The row-level security policies of app_public.customers, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.customers;
create policy select_own on app_public.customers for select to public
  using (app_private.sees_customer(account_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)));

drop policy if exists update_own on app_public.customers;
create policy update_own on app_public.customers for update to public
  using (app_private.sees_customer(account_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)))
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write() AND (app_private.current_account_type() = ANY (ARRAY['issuer'::text, 'broker'::text]))));
