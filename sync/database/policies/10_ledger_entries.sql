-- The row-level security policies of app_public.ledger_entries, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.ledger_entries;
create policy select_visible on app_public.ledger_entries for select to public
  using (app_private.sees_ledger_entry(investor_id, (transaction_id IN ( SELECT app_private.staff_transaction_ids() AS staff_transaction_ids)), ( SELECT app_private.current_account_id() AS current_account_id), ( SELECT app_private.current_account_type() AS current_account_type)));
