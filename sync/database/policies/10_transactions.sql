-- The row-level security policies of app_public.transactions, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql. The select policy is a test on the row itself (the issuer's or the broker's own
-- transactions, those of a round the broker distributes) or the investor's transactions: the pull reads transactions
-- under it directly (read-models/10_transactions.sql), so it is stated here only.

drop policy if exists select_visible on app_public.transactions;
create policy select_visible on app_public.transactions for select to public
  using ((((issuer_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'issuer'::text)) OR ((broker_id = app_private.current_account_id()) AND (app_private.current_account_type() = 'broker'::text)) OR (round_id IN ( SELECT app_private.broker_round_ids() AS broker_round_ids)) OR (id IN ( SELECT app_private.investor_transaction_ids() AS investor_transaction_ids))));

-- Replaced by the row test above (the ledger entries' policy now reads the visible transactions).
drop function if exists app_private.staff_transaction_ids();
