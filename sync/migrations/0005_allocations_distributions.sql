-- How a round is sold: allocations (owned by the issuer or a broker), broker invitations, distributions
-- (an investor's purchase of units) with prices, payments, notes, custom fields and vesting.

create table app_public.allocations (
  id uuid primary key default gen_random_uuid(),
  round_id uuid not null references app_public.rounds (id) on delete cascade,
  owner_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  status text not null default 'drafted' check (status in ('drafted', 'open', 'active', 'closed', 'stale')),
  opens_on timestamptz not null,
  closes_on timestamptz not null,
  blockchain_address_id uuid,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index allocations_round_id_idx on app_public.allocations (round_id);
create index allocations_owner_id_idx on app_public.allocations (owner_id);
comment on table app_public.allocations is E'@omit delete';

-- An invitation to a broker to manage (part of) a round.
create table app_public.broker_allocations (
  id uuid primary key default gen_random_uuid(),
  round_id uuid not null references app_public.rounds (id) on delete cascade,
  broker_id uuid not null references app_public.accounts (id) on delete cascade,
  name text not null default '',
  managed_units numeric not null default 0 check (managed_units >= 0),
  status text not null default 'sent' check (status in ('sent', 'accepted', 'rejected')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (round_id, broker_id)
);
create index broker_allocations_broker_id_idx on app_public.broker_allocations (broker_id);
comment on table app_public.broker_allocations is E'@omit delete';

-- Offering links of an allocation; the agent named here sees the allocation's distributions.
create table app_public.allocation_offering_links (
  id uuid primary key default gen_random_uuid(),
  allocation_id uuid not null references app_public.allocations (id) on delete cascade,
  agent_id uuid references app_public.accounts (id) on delete cascade,
  name text not null,
  authorized_link text,
  unauthorized_link text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index allocation_offering_links_allocation_id_idx on app_public.allocation_offering_links (allocation_id);
create index allocation_offering_links_agent_id_idx on app_public.allocation_offering_links (agent_id);

create table app_public.distributions (
  id uuid primary key default gen_random_uuid(),
  allocation_id uuid not null references app_public.allocations (id) on delete cascade,
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  -- Contact name given when the investor was invited.
  name text,
  amount numeric not null check (amount > 0),
  status text not null default 'drafted' check (status in ('drafted', 'open', 'closed')),
  -- Set when the distribution is issued as a holding; a locked distribution is history.
  locked boolean not null default false,
  issuance_status text not null default 'not_issued'
    check (issuance_status in ('not_issued', 'requested', 'issued', 'failed')),
  purchase_price numeric check (purchase_price >= 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index distributions_allocation_id_idx on app_public.distributions (allocation_id);
create index distributions_investor_id_idx on app_public.distributions (investor_id);
create index distributions_status_idx on app_public.distributions (status);
comment on table app_public.distributions is E'@omit create,delete\nCreated by makeDistribution.';

create table app_public.distribution_prices (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  currency_id integer not null default 1 references app_public.currencies (id) on delete restrict,
  price numeric not null check (price >= 0),
  is_purchase boolean not null default false,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (distribution_id, currency_id)
);

create table app_public.distribution_payments (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  currency_id integer not null default 1 references app_public.currencies (id) on delete restrict,
  amount numeric not null check (amount > 0),
  paid_on timestamptz not null,
  status text not null default 'paid' check (status in ('pending', 'paid', 'failed', 'refunded')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index distribution_payments_distribution_id_idx on app_public.distribution_payments (distribution_id);

create table app_public.distribution_annotations (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  annotation text not null check (length(trim(annotation)) > 0),
  author_id uuid default app_private.current_user_id() references app_public.users (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index distribution_annotations_distribution_id_idx on app_public.distribution_annotations (distribution_id);
comment on table app_public.distribution_annotations is E'@omit update,delete';

create table app_public.allocation_annotations (
  id uuid primary key default gen_random_uuid(),
  allocation_id uuid not null references app_public.allocations (id) on delete cascade,
  annotation text not null check (length(trim(annotation)) > 0),
  author_id uuid default app_private.current_user_id() references app_public.users (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index allocation_annotations_allocation_id_idx on app_public.allocation_annotations (allocation_id);
comment on table app_public.allocation_annotations is E'@omit update,delete';

create table app_public.distribution_custom_fields (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  value text not null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (distribution_id, name)
);

-- One schedule per distribution, or the default schedule of an allocation.
create table app_public.vesting_schedules (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid unique references app_public.distributions (id) on delete cascade,
  allocation_id uuid unique references app_public.allocations (id) on delete cascade,
  cliff integer not null default 1 check (cliff >= 0),
  periods integer not null check (periods > 0),
  duration text not null default 'month' check (duration = 'month'),
  automatic boolean not null default true,
  starts_on timestamptz not null default now(),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  check ((distribution_id is null) <> (allocation_id is null))
);

create table app_public.allocation_email_preferences (
  id uuid primary key default gen_random_uuid(),
  allocation_id uuid not null unique references app_public.allocations (id) on delete cascade,
  send_distribution boolean not null default true,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.allocation_email_preferences is E'@omit delete';

-- Locked distributions are history: no status change, no custom field edits.
create function app_private.tg_distributions__locked() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if old.locked and (new.status is distinct from old.status or new.amount is distinct from old.amount
      or new.allocation_id is distinct from old.allocation_id or new.investor_id is distinct from old.investor_id
      or not new.locked) then
    raise exception 'Cannot update status on locked distribution: %', coalesce(old.name, old.id::text)
      using errcode = 'LL423';
  end if;
  return new;
end
$$;
create trigger _200_locked before update on app_public.distributions
  for each row execute function app_private.tg_distributions__locked();

create function app_private.tg_distribution_children__locked() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog
  as $$
declare
  target uuid := case when tg_op = 'DELETE' then old.distribution_id else new.distribution_id end;
begin
  if exists (select 1 from app_public.distributions where id = target and locked) then
    raise exception 'Locked distribution cannot be changed.' using errcode = 'LL423';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger _200_locked before insert or update or delete on app_public.distribution_custom_fields
  for each row execute function app_private.tg_distribution_children__locked();
create trigger _200_locked before insert or update or delete on app_public.distribution_prices
  for each row execute function app_private.tg_distribution_children__locked();

-- One price per currency, with the spec's message instead of a bare unique violation.
create function app_private.tg_distribution_prices__one_per_currency() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog
  as $$
begin
  if exists (select 1 from app_public.distribution_prices
             where distribution_id = new.distribution_id and currency_id = new.currency_id and id <> new.id) then
    raise exception 'Multiple prices of the same currency is not supported.' using errcode = 'LL409';
  end if;
  return new;
end
$$;
create trigger _300_one_per_currency before insert or update on app_public.distribution_prices
  for each row execute function app_private.tg_distribution_prices__one_per_currency();

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.allocations', 'app_public.broker_allocations', 'app_public.allocation_offering_links',
  'app_public.distributions', 'app_public.distribution_prices', 'app_public.distribution_payments',
  'app_public.distribution_annotations', 'app_public.allocation_annotations',
  'app_public.distribution_custom_fields', 'app_public.vesting_schedules', 'app_public.allocation_email_preferences'
]::regclass[]) as tbl;
