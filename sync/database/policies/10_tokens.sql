-- The row-level security policies of app_public.tokens, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.tokens;
create policy delete_own on app_public.tokens for delete to public
  using ((id IN ( SELECT app_private.editable_token_ids() AS editable_token_ids)));

drop policy if exists insert_own on app_public.tokens;
create policy insert_own on app_public.tokens for insert to public
  with check (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write()));

drop policy if exists select_visible on app_public.tokens;
create policy select_visible on app_public.tokens for select to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR (id IN ( SELECT app_private.investor_token_ids() AS investor_token_ids))));

drop policy if exists update_own on app_public.tokens;
create policy update_own on app_public.tokens for update to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR (id IN ( SELECT app_private.investor_token_ids() AS investor_token_ids))))
  with check (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write()));
