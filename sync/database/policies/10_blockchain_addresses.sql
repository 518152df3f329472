-- The row-level security policies of app_public.blockchain_addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.
-- No insert, update or delete policy: app_user has no write grant on this table (migration 1720). makeBlockchainAddress
-- (sync/database/tokens/10_tokens.sql, SECURITY DEFINER) adds an investor's own address; the server's chain jobs
-- (sync/chain/jobs.ts) add the custodial ones.

drop policy if exists select_visible on app_public.blockchain_addresses;
create policy select_visible on app_public.blockchain_addresses for select to public
  using (((account_id = app_private.current_account_id()) OR (id IN ( SELECT app_private.issuer_address_ids() AS issuer_address_ids))));
