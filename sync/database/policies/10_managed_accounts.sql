-- The row-level security policies of app_public.managed_accounts, written as PostgreSQL prints them back (pg_policies). The
-- helper functions they call (app_private.*_ids()) are still defined in the migrations.

drop policy if exists select_own on app_public.managed_accounts;
create policy select_own on app_public.managed_accounts for select to public
  using (((manager_id = app_private.current_account_id()) OR (account_id = app_private.current_account_id())));
