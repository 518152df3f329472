-- The row-level security policies of app_public.distributions, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.distributions;
create policy select_visible on app_public.distributions for select to public
  using (app_private.sees_distribution(investor_id, (allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)));

drop policy if exists update_editable on app_public.distributions;
create policy update_editable on app_public.distributions for update to public
  using (app_private.sees_distribution(investor_id, (allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)))
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists update_round_issuer_status on app_public.distributions;
create policy update_round_issuer_status on app_public.distributions for update to public
  using ((allocation_id IN ( SELECT app_private.issuer_status_allocation_ids() AS issuer_status_allocation_ids)))
  with check ((allocation_id IN ( SELECT app_private.issuer_status_allocation_ids() AS issuer_status_allocation_ids)));
