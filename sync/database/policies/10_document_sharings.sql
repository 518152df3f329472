-- The row-level security policies of app_public.document_sharings, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.document_sharings;
create policy delete_own on app_public.document_sharings for delete to public
  using (((document_id IN ( SELECT app_private.own_document_ids() AS own_document_ids)) AND app_private.can_write()));

drop policy if exists insert_own on app_public.document_sharings;
create policy insert_own on app_public.document_sharings for insert to public
  with check (((document_id IN ( SELECT app_private.own_document_ids() AS own_document_ids)) AND app_private.can_write() AND (EXISTS ( SELECT 1
   FROM (app_public.documents d
     JOIN app_public.document_sharing_allowed_shares s ON ((s.type = d.type)))
  WHERE ((d.id = document_sharings.document_id) AND (s.from_account_type = app_private.current_account_type()) AND (s.to_role = document_sharings.to_role))))));

drop policy if exists select_visible on app_public.document_sharings;
create policy select_visible on app_public.document_sharings for select to public
  using ((document_id IN ( SELECT documents.id
   FROM app_public.documents)));
