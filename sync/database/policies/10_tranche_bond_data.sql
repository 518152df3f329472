-- The row-level security policies of app_public.tranche_bond_data, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.tranche_bond_data;
create policy insert_editable on app_public.tranche_bond_data for insert to public
  with check ((round_id IN ( SELECT app_private.issuer_editable_round_ids() AS issuer_editable_round_ids)));

drop policy if exists select_visible on app_public.tranche_bond_data;
create policy select_visible on app_public.tranche_bond_data for select to public
  using ((round_id IN ( SELECT rounds.id
   FROM app_public.rounds)));

drop policy if exists update_editable on app_public.tranche_bond_data;
create policy update_editable on app_public.tranche_bond_data for update to public
  using ((round_id IN ( SELECT rounds.id
   FROM app_public.rounds)))
  with check ((round_id IN ( SELECT app_private.issuer_editable_round_ids() AS issuer_editable_round_ids)));
