-- A redemption's chosen holdings (issue 32 item 2, docs/CORPORATE-ACTIONS.md): the typed rows of redeemUnits, one per
-- holding with the units bought back. The command lives in sync/database/corporate-actions/20_redemptions.sql.
create type app_public.redemption_line as (
  holding_id uuid,
  units numeric
);
comment on type app_public.redemption_line is 'One holding of a redemption and the units bought back from it.';
