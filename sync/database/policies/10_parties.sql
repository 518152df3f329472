-- The row-level security policies of app_public.parties, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.parties;
create policy select_own on app_public.parties for select to public
  using (((account_id = app_private.current_account_id()) OR (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids))));

drop policy if exists update_own on app_public.parties;
create policy update_own on app_public.parties for update to public
  using (((account_id = app_private.current_account_id()) OR (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids))))
  with check (((account_id = app_private.current_account_id()) AND app_private.can_write()));
