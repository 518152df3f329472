-- The row-level security policies of app_public.document_sharing_allowed_shares, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_admin on app_public.document_sharing_allowed_shares;
create policy insert_admin on app_public.document_sharing_allowed_shares for insert to public
  with check (((app_private.current_account_type() = 'admin'::text) AND app_private.can_write()));

drop policy if exists select_all on app_public.document_sharing_allowed_shares;
create policy select_all on app_public.document_sharing_allowed_shares for select to public
  using (true);

drop policy if exists update_admin on app_public.document_sharing_allowed_shares;
create policy update_admin on app_public.document_sharing_allowed_shares for update to public
  using (true)
  with check (((app_private.current_account_type() = 'admin'::text) AND app_private.can_write()));
