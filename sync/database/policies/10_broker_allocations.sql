-- The row-level security policies of app_public.broker_allocations, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own_round on app_public.broker_allocations;
create policy insert_own_round on app_public.broker_allocations for insert to public
  with check (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write() AND (status = 'sent'::text) AND (app_private.account_type_of(broker_id) = 'broker'::text)));

drop policy if exists select_visible on app_public.broker_allocations;
create policy select_visible on app_public.broker_allocations for select to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR ((broker_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'broker'::text))));

drop policy if exists update_party on app_public.broker_allocations;
create policy update_party on app_public.broker_allocations for update to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR ((broker_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'broker'::text))))
  with check ((app_private.can_write() AND ((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR ((broker_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'broker'::text)))));
