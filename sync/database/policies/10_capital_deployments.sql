-- The row-level security policies of app_public.capital_deployments, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_own on app_public.capital_deployments;
create policy delete_own on app_public.capital_deployments for delete to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write()));

drop policy if exists insert_own on app_public.capital_deployments;
create policy insert_own on app_public.capital_deployments for insert to public
  with check (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write()));

drop policy if exists select_visible on app_public.capital_deployments;
create policy select_visible on app_public.capital_deployments for select to public
  using ((round_id IN ( SELECT rounds.id
   FROM app_public.rounds)));

drop policy if exists update_own on app_public.capital_deployments;
create policy update_own on app_public.capital_deployments for update to public
  using ((round_id IN ( SELECT rounds.id
   FROM app_public.rounds)))
  with check (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) AND app_private.can_write()));
