-- The row-level security policies of app_public.cap_table_entries, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.cap_table_entries;
create policy delete_own on app_public.cap_table_entries for delete to public
  using ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));

drop policy if exists insert_own on app_public.cap_table_entries;
create policy insert_own on app_public.cap_table_entries for insert to public
  with check ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));

drop policy if exists select_visible on app_public.cap_table_entries;
create policy select_visible on app_public.cap_table_entries for select to public
  using ((app_private.is_reader_investor(investor_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)) OR (token_id IN ( SELECT app_private.issuer_token_ids() AS issuer_token_ids))));

drop policy if exists update_own on app_public.cap_table_entries;
create policy update_own on app_public.cap_table_entries for update to public
  using ((app_private.is_reader_investor(investor_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)) OR (token_id IN ( SELECT app_private.issuer_token_ids() AS issuer_token_ids))))
  with check ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));
