-- The account details step done in an in-person session (issue 31 item 1; docs/IN-PERSON.md "Account details"):
-- setupAccountInPerson sets up the session's investor account as setupAccount would for the investor, hosted by the
-- signed-in user. The session records when, by the device's clock and by the server's (the function lives in
-- sync/database/in-person/20_account_setup.sql).
alter table app_public.in_person_sessions
  add column account_set_up_at_device timestamptz,
  add column account_set_up_received_at timestamptz,
  add constraint account_set_up_at_device_bounds check (app_private.check_date(account_set_up_at_device)),
  add constraint account_set_up_received_at_bounds check (app_private.check_date(account_set_up_received_at));
comment on column app_public.in_person_sessions.account_set_up_at_device is
  'When the investor''s account details were completed in the session, by the hosting device''s clock.';
comment on column app_public.in_person_sessions.account_set_up_received_at is
  'When the server received the account details completed in the session.';
