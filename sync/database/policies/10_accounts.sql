-- The row-level security policies of app_public.accounts, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.accounts;
create policy select_visible on app_public.accounts for select to public
  using (app_private.sees_account(id, type, (id IN ( SELECT app_private.member_account_ids() AS member_account_ids)), (id IN ( SELECT app_private.related_account_ids() AS related_account_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)));

drop policy if exists update_own on app_public.accounts;
create policy update_own on app_public.accounts for update to public
  using (app_private.sees_account(id, type, (id IN ( SELECT app_private.member_account_ids() AS member_account_ids)), (id IN ( SELECT app_private.related_account_ids() AS related_account_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)))
  with check (((id = app_private.current_account_id()) AND app_private.can_write()));
