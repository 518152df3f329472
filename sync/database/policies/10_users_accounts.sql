-- The row-level security policies of app_public.users_accounts, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own_and_account on app_public.users_accounts;
create policy select_own_and_account on app_public.users_accounts for select to public
  using (((user_id = app_private.current_user_id()) OR ((account_id = app_private.current_account_id()) AND (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids)))));

drop policy if exists update_delegates on app_public.users_accounts;
create policy update_delegates on app_public.users_accounts for update to public
  using (((user_id = app_private.current_user_id()) OR ((account_id = app_private.current_account_id()) AND (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids)))))
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write() AND (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids)) AND (role <> 'account_owner'::text)));
