-- INSERT ... RETURNING (every PostGraphile create) also checks the new row against the SELECT policy, and the
-- helper functions see the table as it was before the statement. So a select policy must recognise a new row from
-- its own columns, not by looking the row up in its own table. Rounds and allocations did; fixed here.

create function app_private.issuer_asset_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select a.id from app_public.assets a
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
  $$;
grant execute on function app_private.issuer_asset_ids() to app_user;

alter policy select_visible on app_public.rounds
  using (app_private.current_account_type() = 'broker'
    or asset_id in (select app_private.issuer_asset_ids())
    or id in (select app_private.related_round_ids()));
alter policy update_editable on app_public.rounds
  using (app_private.current_account_type() = 'broker'
    or asset_id in (select app_private.issuer_asset_ids())
    or id in (select app_private.related_round_ids()))
  with check (id in (select app_private.editable_round_ids()));

alter policy select_visible on app_public.allocations
  using (round_id in (select app_private.issuer_round_ids())
    or round_id in (select app_private.broker_round_ids())
    or (owner_id = app_private.current_account_id() and app_private.current_account_type() in ('issuer', 'broker'))
    or id in (select app_private.agent_allocation_ids())
    or id in (select app_private.investor_allocation_ids()));
alter policy update_editable on app_public.allocations
  using (round_id in (select app_private.issuer_round_ids())
    or round_id in (select app_private.broker_round_ids())
    or (owner_id = app_private.current_account_id() and app_private.current_account_type() in ('issuer', 'broker'))
    or id in (select app_private.agent_allocation_ids())
    or id in (select app_private.investor_allocation_ids()))
  with check (id in (select app_private.editable_allocation_ids()));
