-- Accreditation (issue 31 item 4, issue 35: the spec's Compliance integration; docs/ACCREDITATION.md): an issuer or
-- broker adds "Compliance" and gets a vendor qualification "Accreditation verification" whose step (type
-- 'accreditation') asks the investor how they are accredited, with evidence files; a reviewer of that account
-- approves or rejects with a reason, or InvestReady answers when the server is configured for it; an approval
-- expires after the account's validity (90 days by default), and a round that requires verified accreditation does
-- not issue to an investor without a valid one. Functions, triggers and policies live in sync/database/accreditation/
-- and sync/database/policies/10_accreditation*.sql.

-- The step type.
alter table app_public.steps drop constraint steps_type_check;
alter table app_public.steps add constraint steps_type_check
  check (type in ('custom', 'link', 'iframe', 'async_iframe', 'button', 'form', 'encrypted_form', 'signing', 'payment',
                  'accreditation'));

-- The round's rules (written by the issuer through updateRoundById).
alter table app_public.rounds
  add column accreditation_required boolean not null default false,
  add column self_certification_allowed boolean not null default false;
grant insert (accreditation_required, self_certification_allowed),
  update (accreditation_required, self_certification_allowed) on app_public.rounds to app_user;
comment on column app_public.rounds.accreditation_required is
  'Holdings of this round are issued only to investors with an approved, unexpired accreditation verification.';
comment on column app_public.rounds.self_certification_allowed is
  'Investors of this round may certify their accreditation themselves (this does not count as verified).';

-- How long an approval by this account holds (setAccreditationValidity).
alter table app_public.accounts add column accreditation_valid_days integer not null default 90
  constraint accreditation_valid_days_bounds check (accreditation_valid_days between 1 and 3650);
comment on column app_public.accounts.accreditation_valid_days is
  E'@behavior -insert -update\nHow many days an accreditation approved by this account stays valid (setAccreditationValidity).';

-- Evidence may be a HEIC photo (a phone's camera) besides pdf, png, jpg, jpeg and webp.
alter table app_private.upload_slots drop constraint upload_slots_extension_check;
alter table app_private.upload_slots add constraint upload_slots_extension_check
  check (extension = any (array['csv', 'tsv', 'pdf', 'xls', 'txt', 'png', 'jpg', 'jpeg', 'webp', 'heic']));

-- One verification: the investor's submission and its decision.
create table app_public.accreditations (
  id uuid primary key default gen_random_uuid(),
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  -- the issuer or broker whose qualification asked (its owners and admins decide)
  reviewer_account_id uuid not null references app_public.accounts (id) on delete cascade,
  step_id uuid references app_public.steps (id) on delete set null,
  distribution_id uuid references app_public.distributions (id) on delete set null,
  round_id uuid references app_public.rounds (id) on delete set null,
  method text not null check (method in ('letter', 'income', 'net_worth', 'self_certification')),
  status text not null default 'submitted' check (status in ('submitted', 'approved', 'rejected', 'self_certified')),
  provider text not null default 'built_in' check (provider in ('built_in', 'investready')),
  reason text,
  submitted_by_id uuid references app_public.users (id) on delete set null,
  submitted_on timestamptz not null default now(),
  decided_on timestamptz,
  decided_by_id uuid references app_public.users (id) on delete set null,
  expires_on timestamptz,
  -- InvestReady's reference of the investor (its user hash) once the provider answered
  provider_reference text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint submitted_on_bounds check (app_private.check_date(submitted_on)),
  constraint decided_on_bounds check (app_private.check_date(decided_on)),
  constraint expires_on_bounds check (app_private.check_date(expires_on))
);
select app_private.add_text_limit('app_public.accreditations', 'method');
select app_private.add_text_limit('app_public.accreditations', 'status');
select app_private.add_text_limit('app_public.accreditations', 'provider');
select app_private.add_text_limit('app_public.accreditations', 'reason', 2000, 'Reason');
select app_private.add_text_limit('app_public.accreditations', 'provider_reference');
select app_private.add_timestamps('app_public.accreditations');
create index accreditations_investor_id_idx on app_public.accreditations (investor_id, decided_on);
create index accreditations_reviewer_account_id_idx on app_public.accreditations (reviewer_account_id, submitted_on);
create index accreditations_step_id_idx on app_public.accreditations (step_id);
create index accreditations_distribution_id_idx on app_public.accreditations (distribution_id);
create index accreditations_round_id_idx on app_public.accreditations (round_id);
create index accreditations_submitted_by_id_idx on app_public.accreditations (submitted_by_id);
create index accreditations_decided_by_id_idx on app_public.accreditations (decided_by_id);
comment on table app_public.accreditations is
  E'@omit create,update,delete\nAn investor''s accreditation verification: submitted by submitAccreditation, decided by reviewAccreditation or by InvestReady.';

-- The evidence files of a verification: upload slots (the device's file-queue keys).
create table app_public.accreditation_evidence (
  id uuid primary key default gen_random_uuid(),
  accreditation_id uuid not null references app_public.accreditations (id) on delete cascade,
  file_key uuid not null references app_private.upload_slots (key) on delete cascade,
  name text not null,
  position integer not null default 0 check (position >= 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (accreditation_id, file_key)
);
select app_private.add_text_limit('app_public.accreditation_evidence', 'name', 500, 'File name');
select app_private.add_timestamps('app_public.accreditation_evidence');
create index accreditation_evidence_file_key_idx on app_public.accreditation_evidence (file_key);
comment on table app_public.accreditation_evidence is
  E'@omit create,update,delete,all\nThe evidence files of an accreditation verification (downloaded through /api/v2/accreditations/<id>/evidence/<key>).';

alter table app_public.accreditations enable row level security;
alter table app_public.accreditation_evidence enable row level security;
grant select on app_public.accreditations to app_user;
grant select on app_public.accreditation_evidence to app_user;
select app_private.add_write_guard('app_public.accreditations', '{investor,issuer,broker}');
select app_private.add_write_guard('app_public.accreditation_evidence', '{investor,issuer,broker}');

-- Whether this server is configured for InvestReady (the server writes it at start: sync/accreditation/), read by
-- the accreditation step's schema.
create table app_private.accreditation_settings (
  singleton boolean primary key default true check (singleton),
  investready boolean not null default false
);
insert into app_private.accreditation_settings default values;

-- InvestReady's sign-in state of a step (the `state` of POST /api/v2/integration/investready-credential): the
-- provider's answer is matched back to the step and the verification it makes.
create table app_private.investready_states (
  state text primary key,
  step_id uuid not null references app_public.steps (id) on delete cascade,
  accreditation_id uuid not null,
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  user_id uuid references app_public.users (id) on delete set null,
  created_on timestamptz not null default now()
);
create index investready_states_step_id_idx on app_private.investready_states (step_id);

-- Each decision is in the audit trail (kind 'accreditation'), built-in or InvestReady's.
alter table app_public.audit_events drop constraint audit_events_kind_check;
alter table app_public.audit_events add constraint audit_events_kind_check
  check (kind in ('command', 'sign_in', 'account_switch', 'membership', 'ownership_transfer', 'accreditation'));

insert into app_private.replicated_models (model) values ('accreditations') on conflict do nothing;
