-- The row-level security policies of app_public.transactions, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_visible on app_public.transactions;
create policy select_visible on app_public.transactions for select to public
  using (((id IN ( SELECT app_private.staff_transaction_ids() AS staff_transaction_ids)) OR (id IN ( SELECT app_private.investor_transaction_ids() AS investor_transaction_ids))));
