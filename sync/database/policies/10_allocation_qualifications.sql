-- The row-level security policies of app_public.allocation_qualifications, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_editable on app_public.allocation_qualifications;
create policy delete_editable on app_public.allocation_qualifications for delete to public
  using ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists insert_editable on app_public.allocation_qualifications;
create policy insert_editable on app_public.allocation_qualifications for insert to public
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists select_visible on app_public.allocation_qualifications;
create policy select_visible on app_public.allocation_qualifications for select to public
  using ((allocation_id IN ( SELECT al.id
   FROM app_public.allocations al)));

drop policy if exists update_editable on app_public.allocation_qualifications;
create policy update_editable on app_public.allocation_qualifications for update to public
  using ((allocation_id IN ( SELECT al.id
   FROM app_public.allocations al)))
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));
