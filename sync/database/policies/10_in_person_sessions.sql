-- The row-level security policies of app_public.in_person_sessions (docs/IN-PERSON.md): the host's account and the
-- investor read a session, and the platform admin; no one writes the table directly (startInPersonSession and
-- endInPersonSession do, sync/database/in-person/10_sessions.sql).

drop policy if exists select_own on app_public.in_person_sessions;
create policy select_own on app_public.in_person_sessions for select to public
  using (((host_account_id = app_private.current_account_id()) OR (investor_id = app_private.current_account_id()) OR (app_private.current_account_type() = 'admin'::text)));
