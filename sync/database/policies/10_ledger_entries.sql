-- The row-level security policies of app_public.ledger_entries, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql. An entry is visible with its transaction (the transactions' policy), and to an
-- investor only its own entries of it.

drop policy if exists select_visible on app_public.ledger_entries;
create policy select_visible on app_public.ledger_entries for select to public
  using (((transaction_id IN ( SELECT transactions.id
   FROM app_public.transactions)) AND ((app_private.current_account_type() <> 'investor'::text) OR (investor_id = app_private.current_account_id()))));
