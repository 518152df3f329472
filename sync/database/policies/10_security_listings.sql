-- The row-level security policies of app_public.security_listings, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.security_listings;
create policy delete_own on app_public.security_listings for delete to public
  using (((security_id IN ( SELECT app_private.editable_security_ids() AS editable_security_ids)) AND (app_private.current_account_type() = 'issuer'::text)));

drop policy if exists insert_own on app_public.security_listings;
create policy insert_own on app_public.security_listings for insert to public
  with check (((security_id IN ( SELECT app_private.editable_security_ids() AS editable_security_ids)) AND (app_private.current_account_type() = 'issuer'::text) AND (app_private.account_type_of(exchange_id) = 'ats'::text)));

drop policy if exists select_visible on app_public.security_listings;
create policy select_visible on app_public.security_listings for select to public
  using (((security_id IN ( SELECT securities.id
   FROM app_public.securities)) OR (exchange_id = app_private.current_account_id())));

drop policy if exists update_own on app_public.security_listings;
create policy update_own on app_public.security_listings for update to public
  using (((security_id IN ( SELECT securities.id
   FROM app_public.securities)) OR (exchange_id = app_private.current_account_id())))
  with check (((security_id IN ( SELECT app_private.editable_security_ids() AS editable_security_ids)) AND (app_private.current_account_type() = 'issuer'::text) AND (app_private.account_type_of(exchange_id) = 'ats'::text)));
