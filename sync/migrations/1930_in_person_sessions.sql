-- In-person sessions (issue 31 item 1; docs/IN-PERSON.md): a broker or issuer who may manage a distribution hands
-- their device to its investor. What the investor does there is recorded as done by the investor, hosted by the
-- signed-in user, at the device's time and at the server's. The session, the steps' and offline signatures' links to
-- it, and the new optional arguments of signStepOffline and submitAccreditation (the old signatures are dropped here;
-- the functions live in sync/database/in-person/, sync/database/signing/30_offline.sql and
-- sync/database/accreditation/10_accreditation.sql).
create table app_public.in_person_sessions (
  id uuid primary key default gen_random_uuid(),
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  host_user_id uuid not null references app_public.users (id) on delete cascade,
  host_account_id uuid not null references app_public.accounts (id) on delete cascade,
  device_label text,
  started_at_device timestamptz not null,
  received_at timestamptz not null default now(),
  ended_at_device timestamptz,
  end_received_at timestamptz,
  -- the investor's mail at the session's end (queued once)
  mailed_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint started_at_device_bounds check (app_private.check_date(started_at_device)),
  constraint received_at_bounds check (app_private.check_date(received_at)),
  constraint ended_at_device_bounds check (app_private.check_date(ended_at_device)),
  constraint end_received_at_bounds check (app_private.check_date(end_received_at)),
  constraint mailed_on_bounds check (app_private.check_date(mailed_on))
);
select app_private.add_text_limit('app_public.in_person_sessions', 'device_label', 200, 'Device');
select app_private.add_timestamps('app_public.in_person_sessions');
create index in_person_sessions_distribution_id_idx on app_public.in_person_sessions (distribution_id);
create index in_person_sessions_investor_id_idx on app_public.in_person_sessions (investor_id);
create index in_person_sessions_host_user_id_idx on app_public.in_person_sessions (host_user_id);
create index in_person_sessions_host_account_id_idx on app_public.in_person_sessions (host_account_id);
comment on table app_public.in_person_sessions is
  E'@omit create,update,delete\nA session in which a broker or issuer hosted an investor on their own device: started by startInPersonSession, ended by endInPersonSession.';
alter table app_public.in_person_sessions enable row level security;
grant select on app_public.in_person_sessions to app_user;
select app_private.add_write_guard('app_public.in_person_sessions', '{issuer,broker}');

-- Which session a step was done in, the device's time and the server's (NULL for a step the investor did themselves).
alter table app_public.steps
  add column in_person_session_id uuid references app_public.in_person_sessions (id) on delete set null,
  add column done_at_device timestamptz,
  add column in_person_received_at timestamptz,
  add constraint done_at_device_bounds check (app_private.check_date(done_at_device)),
  add constraint in_person_received_at_bounds check (app_private.check_date(in_person_received_at));
create index steps_in_person_session_id_idx on app_public.steps (in_person_session_id);
comment on column app_public.steps.in_person_session_id is
  E'@behavior -insert -update\nThe in-person session the step was done in (hosted on a broker''s or issuer''s device).';
comment on column app_public.steps.done_at_device is
  E'@behavior -insert -update\nWhen the step was done, by the hosting device''s clock (in-person sessions).';
comment on column app_public.steps.in_person_received_at is
  E'@behavior -insert -update\nWhen the server received the step done in an in-person session.';

-- An offline signature made in an in-person session (the audit page names its host).
alter table app_private.offline_signatures
  add column in_person_session_id uuid references app_public.in_person_sessions (id) on delete set null;
create index offline_signatures_in_person_session_id_idx on app_private.offline_signatures (in_person_session_id);

-- An accreditation submitted in an in-person session.
alter table app_public.accreditations
  add column in_person_session_id uuid references app_public.in_person_sessions (id) on delete set null;
create index accreditations_in_person_session_id_idx on app_public.accreditations (in_person_session_id);

-- The optional sessionId (and doneAtDevice) arguments change these functions' signatures.
drop function if exists app_public.sign_step_offline(uuid, text, text, jsonb, text, boolean, timestamptz);
drop function if exists app_public.submit_accreditation(uuid, uuid, text, uuid[], text[]);
