-- The row-level security policies of app_public.cap_table_entries, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.
-- No insert, update or delete policy: app_user has no write grant on this table (migration 1720). Only the server's
-- reconciliation (sync/chain/jobs.ts, as the database owner) writes it: each entry is the contract's balanceOf.

drop policy if exists select_visible on app_public.cap_table_entries;
create policy select_visible on app_public.cap_table_entries for select to public
  using ((app_private.is_reader_investor(investor_id, ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)) OR (token_id IN ( SELECT app_private.issuer_token_ids() AS issuer_token_ids))));
