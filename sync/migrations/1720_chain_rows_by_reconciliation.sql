-- Issue 36, finding 4: what the chain decides is not writable by hand (docs/CHAIN.md "Who writes the chain's rows").
-- Tokens (their status), contracts (status, address, block), holding addresses (the mint records), blockchain
-- addresses (where the tokens are) and cap table entries (balanceOf) were open to the issuer's raw CRUD mutations
-- (updateCapTableEntryById, createCapTableEntry, updateContractById, deleteTokenById, ...) and to the investor's
-- (createBlockchainAddress, updateBlockchainAddressById, deleteBlockchainAddressById), so the ledger could be made to
-- disagree with the chain. From here app_user writes none of these tables: the token commands (makeToken,
-- deployContract, tokenizeHoldings, swapTokenChain, makeBlockchainAddress: SECURITY DEFINER functions of
-- sync/database/tokens/10_tokens.sql that check who acts and what may be set) and the server's job runner
-- (sync/chain/jobs.ts, as the database owner: deploys, mints, custodial addresses and the reconciliation of balanceOf
-- into the cap table entries) write them. The write policies go with the grants (their files under
-- sync/database/policies keep the select policies), and so do the two id sets only those policies used.
drop policy if exists insert_own on app_public.tokens;
drop policy if exists update_own on app_public.tokens;
drop policy if exists delete_own on app_public.tokens;
drop policy if exists insert_own on app_public.contracts;
drop policy if exists update_own on app_public.contracts;
drop policy if exists delete_own on app_public.contracts;
drop policy if exists insert_own on app_public.cap_table_entries;
drop policy if exists update_own on app_public.cap_table_entries;
drop policy if exists delete_own on app_public.cap_table_entries;
drop policy if exists insert_own on app_public.holding_blockchain_addresses;
drop policy if exists update_own on app_public.holding_blockchain_addresses;
drop policy if exists delete_own on app_public.holding_blockchain_addresses;
drop policy if exists insert_own on app_public.blockchain_addresses;
drop policy if exists update_own on app_public.blockchain_addresses;
drop policy if exists delete_own on app_public.blockchain_addresses;
drop function if exists app_private.editable_token_ids();
drop function if exists app_private.issuer_investor_ids();

-- Revoking a table privilege revokes the column privileges of the same kind with it.
revoke insert, update, delete on app_public.tokens, app_public.contracts, app_public.cap_table_entries,
  app_public.holding_blockchain_addresses, app_public.blockchain_addresses from app_user;

comment on table app_public.tokens is E'@omit create,update,delete\nA round''s token. Written by makeToken (Setup Token, Edit), deployContract, tokenizeHoldings, swapTokenChain and the server''s chain jobs; its status is the chain''s.';
comment on table app_public.contracts is E'@omit create,update,delete\nA token''s contract on a chain (the newest is the current one). Written by the token commands and the server''s chain jobs: status, address, block and transaction are the chain''s.';
comment on table app_public.cap_table_entries is E'@omit create,update,delete\nAn address''s balance of a token: the contract''s balanceOf, written only by the server''s reconciliation of the chain.';
comment on table app_public.holding_blockchain_addresses is E'@omit create,update,delete\nA holding''s mint to an address (pending, trade with block and transaction, failed with the reason): written only by the server''s chain jobs.';
comment on table app_public.blockchain_addresses is E'@omit create,update,delete\nAn account''s address on a chain: the investor''s own (makeBlockchainAddress) or a custodial one the server made at the first mint.';
