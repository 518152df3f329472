-- The row-level security policies of app_public.managed_accounts, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.managed_accounts;
create policy select_own on app_public.managed_accounts for select to public
  using (app_private.sees_managed_account(manager_id, account_id, ( SELECT app_private.current_account_id() AS current_account_id)));
