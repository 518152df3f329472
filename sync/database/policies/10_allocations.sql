-- The row-level security policies of app_public.allocations, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.allocations;
create policy insert_editable on app_public.allocations for insert to public
  with check (((owner_id = app_private.current_account_id()) AND (round_id IN ( SELECT app_private.editable_round_ids() AS editable_round_ids))));

drop policy if exists select_visible on app_public.allocations;
create policy select_visible on app_public.allocations for select to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR (round_id IN ( SELECT app_private.broker_round_ids() AS broker_round_ids)) OR app_private.is_reader_allocation_owner(owner_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)) OR (id IN ( SELECT app_private.agent_allocation_ids() AS agent_allocation_ids)) OR (id IN ( SELECT app_private.investor_allocation_ids() AS investor_allocation_ids))));

drop policy if exists update_editable on app_public.allocations;
create policy update_editable on app_public.allocations for update to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR (round_id IN ( SELECT app_private.broker_round_ids() AS broker_round_ids)) OR app_private.is_reader_allocation_owner(owner_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)) OR (id IN ( SELECT app_private.agent_allocation_ids() AS agent_allocation_ids)) OR (id IN ( SELECT app_private.investor_allocation_ids() AS investor_allocation_ids))))
  with check ((id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));
