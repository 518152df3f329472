-- The row-level security policies of app_public.users, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own_and_delegates on app_public.users;
create policy select_own_and_delegates on app_public.users for select to public
  using (((id = app_private.current_user_id()) OR (id IN ( SELECT app_private.account_user_ids() AS account_user_ids))));

drop policy if exists update_self on app_public.users;
create policy update_self on app_public.users for update to public
  using (((id = app_private.current_user_id()) OR (id IN ( SELECT app_private.account_user_ids() AS account_user_ids))))
  with check ((id = app_private.current_user_id()));
