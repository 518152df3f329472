-- The row-level security policies of app_public.distribution_annotations, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.distribution_annotations;
create policy insert_editable on app_public.distribution_annotations for insert to public
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists select_staff on app_public.distribution_annotations;
create policy select_staff on app_public.distribution_annotations for select to public
  using ((app_private.sees_distribution_annotations(( SELECT app_private.current_account_type() AS current_account_type)) AND (distribution_id IN ( SELECT distributions.id
   FROM app_public.distributions))));
