-- The row-level security policies of app_public.contracts, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.contracts;
create policy delete_own on app_public.contracts for delete to public
  using ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));

drop policy if exists insert_own on app_public.contracts;
create policy insert_own on app_public.contracts for insert to public
  with check ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));

drop policy if exists select_visible on app_public.contracts;
create policy select_visible on app_public.contracts for select to public
  using (((token_id IN ( SELECT app_private.issuer_token_ids() AS issuer_token_ids)) OR (token_id IN ( SELECT app_private.investor_token_ids() AS investor_token_ids))));

drop policy if exists update_own on app_public.contracts;
create policy update_own on app_public.contracts for update to public
  using (((token_id IN ( SELECT app_private.issuer_token_ids() AS issuer_token_ids)) OR (token_id IN ( SELECT app_private.investor_token_ids() AS investor_token_ids))))
  with check ((token_id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));
