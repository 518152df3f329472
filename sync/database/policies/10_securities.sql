-- The row-level security policies of app_public.securities, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.securities;
create policy insert_own on app_public.securities for insert to public
  with check (((issuer_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'issuer'::text) AND app_private.can_write()));

drop policy if exists select_visible on app_public.securities;
create policy select_visible on app_public.securities for select to public
  using ((((issuer_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'issuer'::text)) OR (app_private.current_account_type() = 'broker'::text) OR (id IN ( SELECT app_private.related_security_ids() AS related_security_ids))));

drop policy if exists update_editable on app_public.securities;
create policy update_editable on app_public.securities for update to public
  using ((((issuer_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'issuer'::text)) OR (app_private.current_account_type() = 'broker'::text) OR (id IN ( SELECT app_private.related_security_ids() AS related_security_ids))))
  with check ((id IN ( SELECT app_private.issuer_editable_security_ids() AS issuer_editable_security_ids)));
