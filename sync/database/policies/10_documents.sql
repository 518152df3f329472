-- The row-level security policies of app_public.documents, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.documents;
create policy delete_own on app_public.documents for delete to public
  using (((uploaded_by_id = app_private.current_account_id()) AND app_private.can_write()));

drop policy if exists insert_own on app_public.documents;
create policy insert_own on app_public.documents for insert to public
  with check (((uploaded_by_id = app_private.current_account_id()) AND app_private.can_write() AND ((security_id IN ( SELECT securities.id
   FROM app_public.securities)) OR (holding_id IN ( SELECT holdings.id
   FROM app_public.holdings))) AND (EXISTS ( SELECT 1
   FROM app_public.document_sharing_allowed_shares s
  WHERE ((s.type = documents.type) AND (s.from_account_type = app_private.current_account_type()))))));

drop policy if exists select_visible on app_public.documents;
create policy select_visible on app_public.documents for select to public
  using (((uploaded_by_id = app_private.current_account_id()) OR ((id IN ( SELECT app_private.shared_document_ids() AS shared_document_ids)) AND ((security_id IN ( SELECT securities.id
   FROM app_public.securities)) OR (holding_id IN ( SELECT holdings.id
   FROM app_public.holdings))))));

drop policy if exists update_own on app_public.documents;
create policy update_own on app_public.documents for update to public
  using (((uploaded_by_id = app_private.current_account_id()) OR ((id IN ( SELECT app_private.shared_document_ids() AS shared_document_ids)) AND ((security_id IN ( SELECT securities.id
   FROM app_public.securities)) OR (holding_id IN ( SELECT holdings.id
   FROM app_public.holdings))))))
  with check (((uploaded_by_id = app_private.current_account_id()) AND app_private.can_write()));
