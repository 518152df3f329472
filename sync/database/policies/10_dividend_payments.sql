-- The row-level security policies of app_public.dividend_payments, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_own on app_public.dividend_payments;
create policy insert_own on app_public.dividend_payments for insert to public
  with check ((holding_id IN ( SELECT app_private.editable_issuer_holding_ids() AS editable_issuer_holding_ids)));

drop policy if exists select_visible on app_public.dividend_payments;
create policy select_visible on app_public.dividend_payments for select to public
  using ((holding_id IN ( SELECT h.id
   FROM app_public.holdings h)));
