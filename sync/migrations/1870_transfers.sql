-- Transfers between holders (issue 32 items 1, 4 and 6; docs/TRANSFERS.md): the transfer rules an issuer sets per
-- security, and the transfer requests a holder makes of some or all units of a holding, approved or rejected by the
-- issuer (or a broker on a round it manages) and cancelled by the holder while open. Written only through the
-- commands of sync/database/transfers/ (setTransferRules, requestTransfer, approveTransfer, rejectTransfer,
-- cancelTransfer); an approval writes the ledger in the same transaction (one transaction row, two ledger entries).

create table app_public.transfer_rules (
  id uuid primary key default gen_random_uuid(),
  security_id uuid not null unique references app_public.securities (id) on delete cascade,
  -- no transfer before this day (inclusive of the day after it)
  lockup_ends_on date,
  -- days from the holding's issue date before its units may move
  minimum_holding_days integer check (minimum_holding_days between 0 and 36500),
  -- days from the request during which the issuer may decline it (an earlier approval waives the right)
  first_refusal_days integer check (first_refusal_days between 0 and 36500),
  transferee_qualification_required boolean not null default false,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint lockup_ends_on_bounds check (app_private.check_date(lockup_ends_on))
);
select app_private.add_timestamps('app_public.transfer_rules');
comment on table app_public.transfer_rules is
  E'@omit create,update,delete\nA security''s transfer rules: lock-up, minimum holding period, right of first refusal, transferee qualification (setTransferRules).';

create table app_public.transfers (
  id uuid primary key default gen_random_uuid(),
  holding_id uuid not null references app_public.holdings (id) on delete restrict,
  security_id uuid not null references app_public.securities (id) on delete restrict,
  round_id uuid not null references app_public.rounds (id) on delete restrict,
  issuer_id uuid not null references app_public.accounts (id) on delete restrict,
  -- the holder (transferor) and the user who asked
  requester_id uuid not null references app_public.accounts (id) on delete restrict,
  requested_by_id uuid references app_public.users (id) on delete set null,
  transferee_id uuid not null references app_public.accounts (id) on delete restrict,
  units numeric not null check (units > 0),
  reason text not null check (reason in ('sale', 'gift', 'estate', 'other')),
  price_per_unit numeric,
  -- upload slots of the documents the holder attached (the device's file queue, as makeHoldingDocument)
  document_keys uuid[] not null default '{}',
  status text not null default 'open' check (status in ('open', 'approved', 'rejected', 'cancelled')),
  requested_on timestamptz not null default now(),
  decided_on timestamptz,
  decided_by_id uuid references app_public.users (id) on delete set null,
  decided_by_account_id uuid references app_public.accounts (id) on delete restrict,
  rejection_reason text,
  transaction_id uuid references app_public.transactions (id) on delete restrict,
  new_holding_id uuid references app_public.holdings (id) on delete restrict,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint units_bounds check (app_private.units_ok(units)),
  constraint price_per_unit_bounds check (app_private.price_ok(price_per_unit)),
  constraint requested_on_bounds check (app_private.check_date(requested_on)),
  constraint decided_on_bounds check (app_private.check_date(decided_on))
);
select app_private.add_text_limit('app_public.transfers', 'reason');
select app_private.add_text_limit('app_public.transfers', 'status');
select app_private.add_text_limit('app_public.transfers', 'rejection_reason', 5000, 'Reason');
select app_private.add_timestamps('app_public.transfers');
create index transfers_holding_id_idx on app_public.transfers (holding_id);
create index transfers_security_id_idx on app_public.transfers (security_id);
create index transfers_round_id_idx on app_public.transfers (round_id);
create index transfers_issuer_id_idx on app_public.transfers (issuer_id);
create index transfers_requester_id_idx on app_public.transfers (requester_id);
create index transfers_transferee_id_idx on app_public.transfers (transferee_id);
create index transfers_requested_by_id_idx on app_public.transfers (requested_by_id);
create index transfers_decided_by_id_idx on app_public.transfers (decided_by_id);
create index transfers_decided_by_account_id_idx on app_public.transfers (decided_by_account_id);
create index transfers_transaction_id_idx on app_public.transfers (transaction_id);
create index transfers_new_holding_id_idx on app_public.transfers (new_holding_id);
comment on table app_public.transfers is
  E'@omit create,update,delete\nA request to transfer units of a holding to another investor, and its decision (requestTransfer, approveTransfer, rejectTransfer, cancelTransfer).';

alter table app_public.transfer_rules enable row level security;
alter table app_public.transfers enable row level security;
grant select on app_public.transfer_rules to app_user;
grant select on app_public.transfers to app_user;

-- Replicated as a kind of the device's `records` collection (sync/database/transfers/20_read_model.sql).
insert into app_private.replicated_models (model) values ('transfers') on conflict do nothing;
