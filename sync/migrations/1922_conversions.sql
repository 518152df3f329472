-- Conversions (issue 32 item 2, docs/CORPORATE-ACTIONS.md): a debt round's holdings converted into units of an equity
-- round at a conversion price or ratio. The action records both rounds and the ratio; each line the new holding.
-- The command lives in sync/database/corporate-actions/30_conversions.sql.
alter table app_public.corporate_actions drop constraint corporate_actions_kind_check;
alter table app_public.corporate_actions add constraint corporate_actions_kind_check
  check (kind in ('split', 'redemption', 'conversion'));
alter table app_public.corporate_actions
  add column from_round_id uuid references app_public.rounds (id) on delete restrict,
  add column to_round_id uuid references app_public.rounds (id) on delete restrict,
  -- equity units per debt unit (a conversion price P gives principal per unit / P)
  add column conversion_ratio numeric,
  add constraint conversion_ratio_bounds check (app_private.price_ok(conversion_ratio));
create index corporate_actions_from_round_id_idx on app_public.corporate_actions (from_round_id);
create index corporate_actions_to_round_id_idx on app_public.corporate_actions (to_round_id);
alter table app_public.corporate_action_lines
  add column to_holding_id uuid references app_public.holdings (id) on delete restrict;
create index corporate_action_lines_to_holding_id_idx on app_public.corporate_action_lines (to_holding_id);
