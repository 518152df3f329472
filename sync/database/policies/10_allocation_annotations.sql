-- The row-level security policies of app_public.allocation_annotations, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.allocation_annotations;
create policy insert_editable on app_public.allocation_annotations for insert to public
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists select_staff on app_public.allocation_annotations;
create policy select_staff on app_public.allocation_annotations for select to public
  using (((app_private.current_account_type() <> 'agent'::text) AND (allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids))));
