-- A tokenized holding's transfer moves on the chain (issue 32 item 1, docs/TRANSFERS.md "On the chain"): approving it
-- queues a chain job of kind `transfer` (the contract's forceTransfer(from, to, amount) through the token's
-- controller key), applied once per transfer request, and the request carries the chain's answer for people to read.
-- Written only by approveTransfer, retryTransferOnChain and the job runner (sync/chain/transfer-jobs.ts).
alter table app_private.chain_jobs drop constraint chain_jobs_kind_check;
alter table app_private.chain_jobs add constraint chain_jobs_kind_check check (kind in ('deploy', 'mint', 'transfer'));
alter table app_private.chain_jobs
  -- a transfer job: its request, the holding the units leave and the address they leave (`address` is where they go,
  -- `holding_id` the transferee's new holding, `amount` the units)
  add column transfer_id uuid references app_public.transfers (id) on delete cascade,
  add column from_holding_id uuid references app_public.holdings (id) on delete cascade,
  add column from_address text;
create unique index chain_jobs_transfer_once_idx on app_private.chain_jobs (transfer_id) where kind = 'transfer';
create index chain_jobs_from_holding_id_idx on app_private.chain_jobs (from_holding_id) where from_holding_id is not null;

-- The chain's side of an approved transfer of a tokenized holding: queued at approval, pending once signed, done
-- with the transaction and its block, or failed with the chain's reason (retryTransferOnChain queues it again).
alter table app_public.transfers
  add column chain text,
  add column chain_status text check (chain_status in ('queued', 'pending', 'done', 'failed')),
  add column chain_failure text,
  add column chain_tx_hash text,
  add column chain_block_number bigint;
select app_private.add_text_limit('app_public.transfers', 'chain');
select app_private.add_text_limit('app_public.transfers', 'chain_status');
select app_private.add_text_limit('app_public.transfers', 'chain_failure', 2000, 'Failure');
select app_private.add_text_limit('app_public.transfers', 'chain_tx_hash');
