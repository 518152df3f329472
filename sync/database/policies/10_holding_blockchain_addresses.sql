-- The row-level security policies of app_public.holding_blockchain_addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.
-- No insert, update or delete policy: app_user has no write grant on this table (migration 1720). Only the server's
-- chain jobs (sync/chain/jobs.ts, as the database owner) write it: a holding's mint and its outcome on the chain.

drop policy if exists select_visible on app_public.holding_blockchain_addresses;
create policy select_visible on app_public.holding_blockchain_addresses for select to public
  using ((holding_id IN ( SELECT holdings.id
   FROM app_public.holdings)));
