-- The row-level security policies of app_public.addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.addresses;
create policy select_own on app_public.addresses for select to public
  using ((id IN ( SELECT app_private.own_address_ids(false) AS own_address_ids)));

drop policy if exists update_own on app_public.addresses;
create policy update_own on app_public.addresses for update to public
  using ((id IN ( SELECT app_private.own_address_ids(false) AS own_address_ids)))
  with check (((id IN ( SELECT app_private.own_address_ids(true) AS own_address_ids)) AND app_private.can_write()));
