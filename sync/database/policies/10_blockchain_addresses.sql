-- The row-level security policies of app_public.blockchain_addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.blockchain_addresses;
create policy delete_own on app_public.blockchain_addresses for delete to public
  using ((app_private.can_write() AND (account_id = app_private.current_account_id())));

drop policy if exists insert_own on app_public.blockchain_addresses;
create policy insert_own on app_public.blockchain_addresses for insert to public
  with check ((app_private.can_write() AND ((account_id = app_private.current_account_id()) OR (account_id IN ( SELECT app_private.issuer_investor_ids() AS issuer_investor_ids)))));

drop policy if exists select_visible on app_public.blockchain_addresses;
create policy select_visible on app_public.blockchain_addresses for select to public
  using (((account_id = app_private.current_account_id()) OR (id IN ( SELECT app_private.issuer_address_ids() AS issuer_address_ids))));

drop policy if exists update_own on app_public.blockchain_addresses;
create policy update_own on app_public.blockchain_addresses for update to public
  using (((account_id = app_private.current_account_id()) OR (id IN ( SELECT app_private.issuer_address_ids() AS issuer_address_ids))))
  with check ((app_private.can_write() AND (account_id = app_private.current_account_id())));
