-- What investors own: holdings of a security bought in a round, and the append-only history that produced
-- them (transactions, each with ledger entries).

create table app_public.holdings (
  id uuid primary key default gen_random_uuid(),
  security_id uuid not null references app_public.securities (id) on delete restrict,
  round_id uuid not null references app_public.rounds (id) on delete restrict,
  investor_id uuid not null references app_public.accounts (id) on delete restrict,
  distribution_id uuid unique references app_public.distributions (id) on delete set null,
  amount numeric not null check (amount >= 0),
  purchase_price numeric check (purchase_price >= 0),
  issued_on timestamptz not null default now(),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index holdings_security_id_idx on app_public.holdings (security_id);
create index holdings_round_id_idx on app_public.holdings (round_id);
create index holdings_investor_id_idx on app_public.holdings (investor_id);
comment on table app_public.holdings is E'@omit create,update,delete\nCreated by makeTaRequestDistributionIssuances.';

create table app_public.transactions (
  id uuid primary key default gen_random_uuid(),
  -- The issuer whose security moved; kept here so visibility needs no join through the ledger.
  issuer_id uuid not null references app_public.accounts (id) on delete restrict,
  round_id uuid references app_public.rounds (id) on delete restrict,
  -- The broker that sanctioned it ("SANCTIONED BY"), if any.
  broker_id uuid references app_public.accounts (id) on delete restrict,
  chain_data jsonb not null default '{}'::jsonb,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index transactions_issuer_id_idx on app_public.transactions (issuer_id);
create index transactions_round_id_idx on app_public.transactions (round_id);
create index transactions_broker_id_idx on app_public.transactions (broker_id);
create index transactions_created_on_idx on app_public.transactions (created_on);
comment on table app_public.transactions is E'@omit create,update,delete\nAppend-only.';

create table app_public.ledger_entries (
  id uuid primary key default gen_random_uuid(),
  transaction_id uuid not null references app_public.transactions (id) on delete restrict,
  holding_id uuid references app_public.holdings (id) on delete restrict,
  investor_id uuid not null references app_public.accounts (id) on delete restrict,
  amount numeric not null,
  token_id uuid,
  blockchain_address_id uuid,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index ledger_entries_transaction_id_idx on app_public.ledger_entries (transaction_id);
create index ledger_entries_holding_id_idx on app_public.ledger_entries (holding_id);
create index ledger_entries_investor_id_idx on app_public.ledger_entries (investor_id);
comment on table app_public.ledger_entries is E'@omit create,update,delete\nAppend-only.';

create trigger _010_append_only before update or delete on app_public.transactions
  for each row execute function app_private.tg__append_only();
create trigger _010_append_only before update or delete on app_public.ledger_entries
  for each row execute function app_private.tg__append_only();

-- Percent of the security's total this holding represents (NULL when the total is 0).
create function app_public.holdings_percent_of_security_total(h app_public.holdings) returns numeric
  language sql stable
  as $$
    select case when s.total > 0 then h.amount / s.total * 100 end
    from app_public.securities s where s.id = h.security_id
  $$;

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.holdings', 'app_public.transactions', 'app_public.ledger_entries'
]::regclass[]) as tbl;
