-- Corporate actions on a security (issue 32 item 2, docs/CORPORATE-ACTIONS.md): a split or reverse split by a ratio
-- applied to every holding at once (fractions rounded down and paid as cash in lieu at the issuer's price), and a
-- redemption of units from chosen holders at a price. One row per action and one line per holding it changed, each
-- with its units before and after and its cash. Written only through the commands of sync/database/corporate-actions/
-- (SECURITY DEFINER, who acts checked first), which write the ledger in the same transaction.

create table app_public.corporate_actions (
  id uuid primary key default gen_random_uuid(),
  security_id uuid not null references app_public.securities (id) on delete restrict,
  issuer_id uuid not null references app_public.accounts (id) on delete restrict,
  kind text not null check (kind in ('split', 'redemption')),
  -- a split: ratio_new units for every ratio_old units (2 for 1; a reverse split 1 for 3)
  ratio_new integer check (ratio_new between 1 and 1000000),
  ratio_old integer check (ratio_old between 1 and 1000000),
  -- a split: the cash in lieu price per unit after the split; a redemption: the price paid per unit
  price_per_unit numeric not null,
  units_before numeric not null,
  units_after numeric not null,
  cash_total numeric not null,
  authorized_before numeric not null,
  authorized_after numeric not null,
  transaction_id uuid not null references app_public.transactions (id) on delete restrict,
  created_by_id uuid references app_public.users (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint price_per_unit_bounds check (app_private.price_ok(price_per_unit)),
  constraint units_before_bounds check (app_private.units_ok(units_before)),
  constraint units_after_bounds check (app_private.units_ok(units_after)),
  constraint cash_total_bounds check (app_private.money_ok(cash_total)),
  constraint authorized_before_bounds check (app_private.units_ok(authorized_before)),
  constraint authorized_after_bounds check (app_private.units_ok(authorized_after))
);
select app_private.add_text_limit('app_public.corporate_actions', 'kind');
select app_private.add_timestamps('app_public.corporate_actions');
create index corporate_actions_security_id_idx on app_public.corporate_actions (security_id);
create index corporate_actions_issuer_id_idx on app_public.corporate_actions (issuer_id);
create index corporate_actions_transaction_id_idx on app_public.corporate_actions (transaction_id);
create index corporate_actions_created_by_id_idx on app_public.corporate_actions (created_by_id);
comment on table app_public.corporate_actions is
  E'@omit create,update,delete\nA corporate action on a security: a split or reverse split, or a redemption (splitSecurity, redeemUnits).';

create table app_public.corporate_action_lines (
  id uuid primary key default gen_random_uuid(),
  action_id uuid not null references app_public.corporate_actions (id) on delete restrict,
  holding_id uuid not null references app_public.holdings (id) on delete restrict,
  investor_id uuid not null references app_public.accounts (id) on delete restrict,
  units_before numeric not null,
  units_after numeric not null,
  -- a split: the fraction of a unit rounded down (to the units' 6 decimals) and paid in cash
  fraction_units numeric not null default 0,
  cash numeric not null default 0,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint units_before_bounds check (app_private.units_ok(units_before)),
  constraint units_after_bounds check (app_private.units_ok(units_after)),
  constraint fraction_units_bounds check (app_private.units_ok(fraction_units)),
  constraint cash_bounds check (app_private.money_ok(cash))
);
select app_private.add_timestamps('app_public.corporate_action_lines');
create index corporate_action_lines_action_id_idx on app_public.corporate_action_lines (action_id);
create index corporate_action_lines_holding_id_idx on app_public.corporate_action_lines (holding_id);
create index corporate_action_lines_investor_id_idx on app_public.corporate_action_lines (investor_id);
comment on table app_public.corporate_action_lines is
  E'@omit create,update,delete\nOne holding''s change in a corporate action: units before and after, the fraction paid as cash in lieu, the cash.';

alter table app_public.corporate_actions enable row level security;
alter table app_public.corporate_action_lines enable row level security;
grant select on app_public.corporate_actions to app_user;
grant select on app_public.corporate_action_lines to app_user;

-- One line of a corporate action's preview (splitPreview): what the action would do to one holding.
create type app_public.corporate_action_preview_line as (
  holding_id uuid,
  investor_id uuid,
  investor text,
  round text,
  units_before numeric,
  units_after numeric,
  fraction_units numeric,
  cash numeric
);
comment on type app_public.corporate_action_preview_line is
  'One holding in the preview of a corporate action: units before and after, the fraction paid as cash in lieu, the cash.';
