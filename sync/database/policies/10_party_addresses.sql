-- The row-level security policies of app_public.party_addresses, written as PostgreSQL prints them back (pg_policies), with
-- the sets of ids of 00_visibility.sql.

drop policy if exists select_own on app_public.party_addresses;
create policy select_own on app_public.party_addresses for select to public
  using ((party_id IN ( SELECT parties.id
   FROM app_public.parties)));
