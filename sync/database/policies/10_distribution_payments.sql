-- The row-level security policies of app_public.distribution_payments, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_editable on app_public.distribution_payments;
create policy delete_editable on app_public.distribution_payments for delete to public
  using ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists insert_editable on app_public.distribution_payments;
create policy insert_editable on app_public.distribution_payments for insert to public
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists select_visible on app_public.distribution_payments;
create policy select_visible on app_public.distribution_payments for select to public
  using ((distribution_id IN ( SELECT app_private.payment_distribution_ids() AS payment_distribution_ids)));

drop policy if exists update_editable on app_public.distribution_payments;
create policy update_editable on app_public.distribution_payments for update to public
  using ((distribution_id IN ( SELECT app_private.payment_distribution_ids() AS payment_distribution_ids)))
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));
