-- The row-level security policies of app_public.vendor_qualifications, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.vendor_qualifications;
create policy insert_own on app_public.vendor_qualifications for insert to public
  with check ((account_id = app_private.current_account_id()));

drop policy if exists select_visible on app_public.vendor_qualifications;
create policy select_visible on app_public.vendor_qualifications for select to public
  using (((account_id = app_private.current_account_id()) OR (id IN ( SELECT q.vendor_qualification_id
   FROM app_public.distribution_qualifications q)) OR (id IN ( SELECT q.vendor_qualification_id
   FROM app_public.allocation_qualifications q))));

drop policy if exists update_own on app_public.vendor_qualifications;
create policy update_own on app_public.vendor_qualifications for update to public
  using ((account_id = app_private.current_account_id()))
  with check ((account_id = app_private.current_account_id()));
