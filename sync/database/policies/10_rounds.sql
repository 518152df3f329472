-- The row-level security policies of app_public.rounds, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.rounds;
create policy insert_own on app_public.rounds for insert to public
  with check ((asset_id IN ( SELECT app_private.editable_asset_ids() AS editable_asset_ids)));

drop policy if exists select_visible on app_public.rounds;
create policy select_visible on app_public.rounds for select to public
  using (((app_private.current_account_type() = 'broker'::text) OR (asset_id IN ( SELECT app_private.issuer_asset_ids() AS issuer_asset_ids)) OR (id IN ( SELECT app_private.related_round_ids() AS related_round_ids))));

drop policy if exists update_editable on app_public.rounds;
create policy update_editable on app_public.rounds for update to public
  using (((app_private.current_account_type() = 'broker'::text) OR (asset_id IN ( SELECT app_private.issuer_asset_ids() AS issuer_asset_ids)) OR (id IN ( SELECT app_private.related_round_ids() AS related_round_ids))))
  with check ((id IN ( SELECT app_private.issuer_editable_round_ids() AS issuer_editable_round_ids)));
