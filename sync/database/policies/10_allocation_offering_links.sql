-- The row-level security policies of app_public.allocation_offering_links, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_editable on app_public.allocation_offering_links;
create policy delete_editable on app_public.allocation_offering_links for delete to public
  using ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists insert_editable on app_public.allocation_offering_links;
create policy insert_editable on app_public.allocation_offering_links for insert to public
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists select_visible on app_public.allocation_offering_links;
create policy select_visible on app_public.allocation_offering_links for select to public
  using (((allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)) OR ((agent_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'agent'::text))));

drop policy if exists update_editable on app_public.allocation_offering_links;
create policy update_editable on app_public.allocation_offering_links for update to public
  using ((allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)))
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));
