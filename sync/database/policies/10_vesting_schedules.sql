-- The row-level security policies of app_public.vesting_schedules, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.vesting_schedules;
create policy insert_editable on app_public.vesting_schedules for insert to public
  with check (((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)) OR (allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids))));

drop policy if exists select_visible on app_public.vesting_schedules;
create policy select_visible on app_public.vesting_schedules for select to public
  using (((distribution_id IN ( SELECT distributions.id
   FROM app_public.distributions)) OR (allocation_id IN ( SELECT allocations.id
   FROM app_public.allocations))));

drop policy if exists update_editable on app_public.vesting_schedules;
create policy update_editable on app_public.vesting_schedules for update to public
  using (((distribution_id IN ( SELECT distributions.id
   FROM app_public.distributions)) OR (allocation_id IN ( SELECT allocations.id
   FROM app_public.allocations))))
  with check (((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)) OR (allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids))));
