-- Opening the embedded chain reads only its newest blocks (docs/CHAIN.md "Persistence"); an older block or
-- transaction is read from the database when a JSON-RPC call names it: each block keeps its transactions' hashes.
-- Blocks saved without them are saved again by the next open (it replays them once, state roots checked).
alter table app_private.chain_blocks add column tx_hashes text[];
create index chain_blocks_tx_hashes_idx on app_private.chain_blocks using gin (tx_hashes);
create index chain_blocks_hash_idx on app_private.chain_blocks (chain, hash);
update app_private.chain_blocks set receipts = null, state_root = null where tx_hashes is null;
