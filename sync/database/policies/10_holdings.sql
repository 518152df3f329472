-- The row-level security policies of app_public.holdings, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.holdings;
create policy select_visible on app_public.holdings for select to public
  using (app_private.sees_holding(investor_id, (round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)), (round_id IN ( SELECT app_private.broker_round_ids() AS broker_round_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)));
