-- The row-level security policies of app_public.user_emails, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own_and_delegates on app_public.user_emails;
create policy select_own_and_delegates on app_public.user_emails for select to public
  using (((user_id = app_private.current_user_id()) OR (user_id IN ( SELECT app_private.account_user_ids() AS account_user_ids))));
