-- Tokens on a real chain (issue 16, docs/CHAIN.md): the embedded chain's blocks, the signing keys (the operator's
-- and the investors' custodial keys, encrypted at rest like the encrypted answers: app_private.seal), the durable
-- chain jobs (deploy and mint), and the fields the token view and the Stakeholder Ledger read: a contract's last
-- failure and deploy block, a holding address's mint failure, block and transaction, a cap table entry's block.
-- The functions, triggers and the `tokens` read model live in sync/database/tokens/.

alter table app_public.contracts
  add column failure text,
  add column block_number bigint,
  add column tx_hash text;
alter table app_public.holding_blockchain_addresses
  add column failure text,
  add column block_number bigint,
  add column tx_hash text;
alter table app_public.cap_table_entries
  add column block_number bigint;
-- Text lengths as 0812 states them for every text column of app_public: a failure is the chain's reason (the jobs cut
-- it to 2,000 characters), a transaction hash 66.
select app_private.add_text_limit('app_public.contracts', 'failure', 2000);
select app_private.add_text_limit('app_public.contracts', 'tx_hash');
select app_private.add_text_limit('app_public.holding_blockchain_addresses', 'failure', 2000);
select app_private.add_text_limit('app_public.holding_blockchain_addresses', 'tx_hash');

-- The embedded chain (ethereum-ledgerline): every mined block's RLP (its transactions included); opening the chain
-- replays them in number order (sync/chain/embedded.ts).
create table app_private.chain_blocks (
  chain text not null,
  number bigint not null check (number > 0),
  hash text not null,
  rlp bytea not null,
  transactions integer not null default 0,
  created_on timestamptz not null default now(),
  primary key (chain, number)
);

-- Signing keys the server holds: the operator of a chain (deploys and mints; for the embedded chain also funded at
-- genesis) and custodial investor keys. `sealed` is app_private.seal('{"key": "0x..."}').
create table app_private.chain_keys (
  chain text not null,
  address text not null check (address ~ '^0x[0-9a-f]{40}$'),
  purpose text not null check (purpose in ('operator', 'custodial')),
  account_id uuid references app_public.accounts (id) on delete set null,
  sealed bytea not null,
  created_on timestamptz not null default now(),
  primary key (chain, address)
);
create unique index chain_keys_operator_idx on app_private.chain_keys (chain) where purpose = 'operator';

-- Durable chain work. A job is signed (raw transaction, hash and nonce stored) before it is sent, so after a stop
-- the runner sends the same transaction again or finds it mined: a holding is never minted twice.
--   queued -> signed -> done | failed
create table app_private.chain_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('deploy', 'mint')),
  chain text not null,
  contract_id uuid not null references app_public.contracts (id) on delete cascade,
  holding_id uuid references app_public.holdings (id) on delete cascade,
  address text,
  amount numeric,
  status text not null default 'queued' check (status in ('queued', 'signed', 'done', 'failed')),
  nonce bigint,
  raw_tx text,
  tx_hash text,
  block_number bigint,
  failure text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create unique index chain_jobs_mint_once_idx on app_private.chain_jobs (contract_id, holding_id) where kind = 'mint';
create index chain_jobs_open_idx on app_private.chain_jobs (chain, status) where status in ('queued', 'signed');

-- The issuer's token view and Stakeholder Ledger: a kind of the device's shared `records` collection.
insert into app_private.replicated_models (model) values ('tokens') on conflict do nothing;

-- Which chains a token may be set up on or moved to, written by the server at start from its configuration
-- (sync/chain/chains.ts): the embedded chain always; Tezos only with a configured RPC and key.
create table app_private.chain_settings (
  chain text primary key,
  enabled boolean not null,
  reason text,
  updated_on timestamptz not null default now()
);
insert into app_private.chain_settings (chain, enabled, reason) values
  ('ethereum-ledgerline', true, null),
  ('tezos-mainnet', false, 'Tezos is not configured on this server.');
