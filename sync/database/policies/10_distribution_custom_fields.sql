-- The row-level security policies of app_public.distribution_custom_fields, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_editable on app_public.distribution_custom_fields;
create policy delete_editable on app_public.distribution_custom_fields for delete to public
  using ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists insert_editable on app_public.distribution_custom_fields;
create policy insert_editable on app_public.distribution_custom_fields for insert to public
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists select_staff on app_public.distribution_custom_fields;
create policy select_staff on app_public.distribution_custom_fields for select to public
  using ((app_private.sees_distribution_custom_fields(( SELECT app_private.current_account_type() AS current_account_type)) AND (distribution_id IN ( SELECT distributions.id
   FROM app_public.distributions))));

drop policy if exists update_editable on app_public.distribution_custom_fields;
create policy update_editable on app_public.distribution_custom_fields for update to public
  using ((app_private.sees_distribution_custom_fields(( SELECT app_private.current_account_type() AS current_account_type)) AND (distribution_id IN ( SELECT distributions.id
   FROM app_public.distributions))))
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));
