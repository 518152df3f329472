-- The embedded chain opens without executing its history (docs/CHAIN.md "Persistence"): each stored block keeps its
-- state root and its receipts, and the state trie's nodes (accounts, storage, code; keyed by their hash) are kept
-- beside the blocks. A block, its receipts and the nodes it wrote are saved in one transaction, so a stop in the
-- middle of a save leaves the previous block as the newest complete one. Blocks stored before this migration have
-- neither: the first open replays them once and fills both in.
alter table app_private.chain_blocks
  add column state_root text,
  add column receipts jsonb;

create table app_private.chain_state_nodes (
  chain text not null,
  key text not null check (key ~ '^[0-9a-f]+$'),
  value bytea not null,
  primary key (chain, key)
);
