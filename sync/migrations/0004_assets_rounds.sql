-- What issuers offer: assets, their rounds (offerings) with tranche bond data for debt, securities and where
-- they are listed, and capital deployments of a round.

create table app_public.assets (
  id uuid primary key default gen_random_uuid(),
  issuer_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  -- The asset type cannot change on an existing asset: it is not in the update grant.
  type text not null references app_public.asset_types (type) on delete restrict on update cascade,
  status text not null default 'drafted' check (status in ('drafted', 'active', 'closed', 'stale')),
  authorized_total numeric not null check (authorized_total >= 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index assets_issuer_id_idx on app_public.assets (issuer_id);
create index assets_type_idx on app_public.assets (type);
comment on table app_public.assets is E'@omit delete';

create table app_public.securities (
  id uuid primary key default gen_random_uuid(),
  issuer_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  ticker text,
  symbol text,
  total numeric not null check (total >= 0),
  -- Latest price per unit.
  unit_value numeric check (unit_value >= 0),
  blockchain_address_id uuid,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index securities_issuer_id_idx on app_public.securities (issuer_id);
comment on table app_public.securities is E'@omit delete';

create table app_public.rounds (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references app_public.assets (id) on delete cascade,
  name text not null,
  opens_on timestamptz not null,
  closes_on timestamptz not null,
  status text not null default 'drafted' check (status in ('drafted', 'active', 'closed', 'stale')),
  total numeric not null check (total >= 0),
  terms_url text not null,
  price numeric not null check (price >= 0),
  managed_units numeric not null default 0 check (managed_units >= 0),
  security_id uuid references app_public.securities (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index rounds_asset_id_idx on app_public.rounds (asset_id);
create index rounds_security_id_idx on app_public.rounds (security_id);
create index rounds_status_idx on app_public.rounds (status);
comment on table app_public.rounds is E'@omit create,delete\nCreated by makeRound and makeTranche.';

create table app_public.tranche_bond_data (
  id uuid primary key default gen_random_uuid(),
  round_id uuid not null unique references app_public.rounds (id) on delete cascade,
  -- Years to maturity.
  term numeric not null check (term > 0),
  -- Percent.
  coupon numeric not null check (coupon >= 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.tranche_bond_data is E'@omit create,delete\nCreated by makeTranche.';

create table app_public.security_listings (
  id uuid primary key default gen_random_uuid(),
  security_id uuid not null unique references app_public.securities (id) on delete cascade,
  -- An ats account.
  exchange_id uuid not null references app_public.accounts (id) on delete cascade,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index security_listings_exchange_id_idx on app_public.security_listings (exchange_id);

create table app_public.capital_deployments (
  id uuid primary key default gen_random_uuid(),
  round_id uuid not null references app_public.rounds (id) on delete cascade,
  amount numeric not null check (amount > 0),
  deployed_on timestamptz not null default now(),
  description text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index capital_deployments_round_id_idx on app_public.capital_deployments (round_id);

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.assets', 'app_public.securities', 'app_public.rounds', 'app_public.tranche_bond_data',
  'app_public.security_listings', 'app_public.capital_deployments'
]::regclass[]) as tbl;
