-- The row-level security policies of app_public.tokens, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.
-- No insert, update or delete policy: app_user has no write grant on this table (migration 1720). The token commands
-- (sync/database/tokens/10_tokens.sql, SECURITY DEFINER) and the server's chain jobs (sync/chain/jobs.ts) write it.

drop policy if exists select_visible on app_public.tokens;
create policy select_visible on app_public.tokens for select to public
  using (((round_id IN ( SELECT app_private.issuer_round_ids() AS issuer_round_ids)) OR (id IN ( SELECT app_private.investor_token_ids() AS investor_token_ids))));
