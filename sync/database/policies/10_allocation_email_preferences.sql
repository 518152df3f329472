-- The row-level security policies of app_public.allocation_email_preferences, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists insert_editable on app_public.allocation_email_preferences;
create policy insert_editable on app_public.allocation_email_preferences for insert to public
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));

drop policy if exists select_staff on app_public.allocation_email_preferences;
create policy select_staff on app_public.allocation_email_preferences for select to public
  using ((allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)));

drop policy if exists update_editable on app_public.allocation_email_preferences;
create policy update_editable on app_public.allocation_email_preferences for update to public
  using ((allocation_id IN ( SELECT app_private.staff_allocation_ids() AS staff_allocation_ids)))
  with check ((allocation_id IN ( SELECT app_private.editable_allocation_ids() AS editable_allocation_ids)));
