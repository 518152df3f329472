-- The row-level security policies of app_public.account_phone_numbers, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.account_phone_numbers;
create policy select_own on app_public.account_phone_numbers for select to public
  using (((account_id = app_private.current_account_id()) OR (account_id IN ( SELECT app_private.member_account_ids() AS member_account_ids))));
