-- The row-level security policies of app_public.distribution_qualifications, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists delete_editable on app_public.distribution_qualifications;
create policy delete_editable on app_public.distribution_qualifications for delete to public
  using ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists insert_editable on app_public.distribution_qualifications;
create policy insert_editable on app_public.distribution_qualifications for insert to public
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));

drop policy if exists select_visible on app_public.distribution_qualifications;
create policy select_visible on app_public.distribution_qualifications for select to public
  using ((distribution_id IN ( SELECT d.id
   FROM app_public.distributions d)));

drop policy if exists update_editable on app_public.distribution_qualifications;
create policy update_editable on app_public.distribution_qualifications for update to public
  using ((distribution_id IN ( SELECT d.id
   FROM app_public.distributions d)))
  with check ((distribution_id IN ( SELECT app_private.editable_distribution_ids() AS editable_distribution_ids)));
