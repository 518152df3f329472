-- The row-level security policies of app_public.holding_blockchain_addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.holding_blockchain_addresses;
create policy delete_own on app_public.holding_blockchain_addresses for delete to public
  using ((holding_id IN ( SELECT app_private.editable_issuer_holding_ids() AS editable_issuer_holding_ids)));

drop policy if exists insert_own on app_public.holding_blockchain_addresses;
create policy insert_own on app_public.holding_blockchain_addresses for insert to public
  with check ((holding_id IN ( SELECT app_private.editable_issuer_holding_ids() AS editable_issuer_holding_ids)));

drop policy if exists select_visible on app_public.holding_blockchain_addresses;
create policy select_visible on app_public.holding_blockchain_addresses for select to public
  using ((holding_id IN ( SELECT holdings.id
   FROM app_public.holdings)));

drop policy if exists update_own on app_public.holding_blockchain_addresses;
create policy update_own on app_public.holding_blockchain_addresses for update to public
  using ((holding_id IN ( SELECT holdings.id
   FROM app_public.holdings)))
  with check ((holding_id IN ( SELECT app_private.editable_issuer_holding_ids() AS editable_issuer_holding_ids)));
