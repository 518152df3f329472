-- The account details step of an in-person session (issue 31 item 1; docs/IN-PERSON.md "Account details"): the
-- investor completes the normal onboarding's account setup (name, type, address, tax id, date of birth) on the host's
-- device, with or without a network. setupAccountInPerson checks the host (app_private.hosted_session, the session's
-- one refusal otherwise), checks the arguments' shapes as setupAccount does, then sets up the session's investor
-- account with setupAccount's own body (app_private.set_up_investor_account, sync/database/onboarding/
-- 20_setup_account.sql; the same rules and messages), except that no party may be made a delegate there. The session
-- records the device's time and the server's; the investor's audit trail says it was done in person, with no personal
-- value (the command log and the host's audit events keep the variables redacted, app_private.personal_redacted).
-- The investor's own account is not signed in anywhere: the host's session runs it.

create or replace function app_public.setup_account_in_person(session_id uuid, done_at_device timestamptz, account_name text, attestation boolean, tax_id text, type text, formation_date timestamp with time zone, addresses jsonb, parties jsonb, phone text default null)
  returns app_public.in_person_sessions
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions := app_private.hosted_session(setup_account_in_person.session_id);
  account app_public.accounts;
begin
  perform app_private.check_device_time(done_at_device, 'The time the step was done is required.');
  perform app_private.setup_account_input_check(formation_date, addresses, parties);
  account := app_private.set_up_investor_account(session.investor_id, account_name, attestation, tax_id, type,
                                                  formation_date, addresses, parties, phone, false);
  update app_public.in_person_sessions s
     set account_set_up_at_device = setup_account_in_person.done_at_device, account_set_up_received_at = now()
   where s.id = session.id
  returning * into session;
  perform app_private.audit_in_person(session.id, 'set up the account in person',
    jsonb_build_object('doneAtDevice', setup_account_in_person.done_at_device, 'investorType', account.investor_type));
  return session;
end;
$function$;
grant execute on function app_public.setup_account_in_person(uuid, timestamptz, text, boolean, text, text, timestamptz, jsonb, jsonb, text) to app_user;
comment on function app_public.setup_account_in_person(uuid, timestamptz, text, boolean, text, text, timestamptz, jsonb, jsonb, text) is
  E'@nullable account_name\n@nullable formation_date\nSets up an in-person session''s investor account, as setupAccount would for the investor (the same rules and messages; no delegate), hosted by the signed-in user.';
