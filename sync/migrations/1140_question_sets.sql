-- Question sets (issue 17 items 4-6; spec part 2: question set management, qualification answers; docs/QUESTIONS.md):
-- an issuer's or broker's onboarding questions (name, description, error message, a type with its regex), grouped
-- into question sets by joins with an execute order. A locked set is frozen (its questions cannot be edited, none
-- added or removed) and becomes a vendor qualification of its account, so it can be required on an allocation or a
-- distribution like any other qualification: its step asks the set's questions. The investor's answers are kept as
-- instanced account information, encrypted at rest, and fill the same questions the next time.
-- Functions, policies, triggers and the read models live in sync/database/questions/.

create table app_public.onboarding_question_types (
  id uuid primary key,
  name text not null unique,
  -- how the step form asks it: text (checked by the regex), integer, boolean (Yes / No) or select (the question's
  -- options)
  field_type text not null check (field_type in ('text', 'integer', 'boolean', 'select')),
  regex text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.onboarding_question_sets (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  active boolean not null default true,
  locked boolean not null default false,
  -- the qualification a locked set is required through (kept by sync/database/questions/)
  vendor_qualification_id uuid references app_public.vendor_qualifications (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create unique index onboarding_question_sets_name_idx on app_public.onboarding_question_sets (account_id, lower(name));

create table app_public.onboarding_questions (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  description text not null,
  error_message text not null,
  type_id uuid not null references app_public.onboarding_question_types (id) on delete restrict,
  -- the choices of a select question (an array of strings)
  options jsonb not null default '[]'::jsonb check (jsonb_typeof(options) = 'array'),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create unique index onboarding_questions_name_idx on app_public.onboarding_questions (account_id, lower(name));
create index onboarding_questions_type_id_idx on app_public.onboarding_questions (type_id);

create table app_public.onboarding_question_joins (
  id uuid primary key default gen_random_uuid(),
  question_set_id uuid not null references app_public.onboarding_question_sets (id) on delete cascade,
  question_id uuid not null references app_public.onboarding_questions (id) on delete cascade,
  execute_order integer not null default 0 check (execute_order >= 0 and execute_order < 1000000),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (question_set_id, question_id)
);
create index onboarding_question_joins_question_id_idx on app_public.onboarding_question_joins (question_id);

-- The investor's latest answer to each question (spec: instanced account information, field and value). The value
-- is kept encrypted in app_private.instanced_account_values; the investor reads it through the read model.
create table app_public.instanced_account_information (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  vendor_id uuid not null references app_public.accounts (id) on delete cascade,
  vendor_name text not null,
  question_id uuid not null references app_public.onboarding_questions (id) on delete cascade,
  question_set_id uuid references app_public.onboarding_question_sets (id) on delete set null,
  question_set_name text,
  step_id uuid references app_public.steps (id) on delete set null,
  field text not null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (account_id, question_id)
);
create index instanced_account_information_vendor_id_idx on app_public.instanced_account_information (vendor_id);
create index instanced_account_information_question_set_id_idx
  on app_public.instanced_account_information (question_set_id);
create index instanced_account_information_step_id_idx on app_public.instanced_account_information (step_id);

create table app_private.instanced_account_values (
  id uuid primary key references app_public.instanced_account_information (id) on delete cascade,
  sealed bytea not null
);

comment on table app_public.onboarding_question_types is E'@omit create,update,delete\nThe types a question can have, each with the regex its answers must match.';
comment on table app_public.onboarding_question_sets is E'@omit delete\nAn issuer''s or broker''s set of onboarding questions.';
comment on table app_public.onboarding_questions is E'@omit delete\nAn onboarding question of an issuer or broker.';
comment on table app_public.onboarding_question_joins is E'@omit update\nA question of a question set, in its execute order.';
comment on table app_public.instanced_account_information is E'@omit create,update,delete\nAn investor''s latest answer to an onboarding question (the value is encrypted at rest).';

alter table app_public.onboarding_question_types enable row level security;
alter table app_public.onboarding_question_sets enable row level security;
alter table app_public.onboarding_questions enable row level security;
alter table app_public.onboarding_question_joins enable row level security;
alter table app_public.instanced_account_information enable row level security;
grant select on app_public.onboarding_question_types, app_public.instanced_account_information to app_user;
grant select on app_public.onboarding_question_sets to app_user;
grant insert (id, name, active, locked), update (name, active, locked) on app_public.onboarding_question_sets to app_user;
grant select on app_public.onboarding_questions to app_user;
grant insert (id, name, description, error_message, type_id, options), update (name, description, error_message, type_id, options)
  on app_public.onboarding_questions to app_user;
grant select, delete on app_public.onboarding_question_joins to app_user;
grant insert (id, question_set_id, question_id, execute_order) on app_public.onboarding_question_joins to app_user;

select app_private.add_text_limit('app_public.onboarding_question_types'::regclass, 'name');
select app_private.add_text_limit('app_public.onboarding_question_types'::regclass, 'field_type');
select app_private.add_text_limit('app_public.onboarding_question_types'::regclass, 'regex', 2000, 'Regex');
select app_private.add_text_limit('app_public.onboarding_question_sets'::regclass, 'name');
select app_private.add_text_limit('app_public.onboarding_questions'::regclass, 'name');
select app_private.add_text_limit('app_public.onboarding_questions'::regclass, 'description', 5000, 'Description');
select app_private.add_text_limit('app_public.onboarding_questions'::regclass, 'error_message', 5000, 'Error message');
select app_private.add_text_limit('app_public.instanced_account_information'::regclass, 'vendor_name');
select app_private.add_text_limit('app_public.instanced_account_information'::regclass, 'question_set_name');
select app_private.add_text_limit('app_public.instanced_account_information'::regclass, 'field');

-- The question types (src/domain/questions.ts keeps the same list for the device's checks before queueing).
insert into app_public.onboarding_question_types (id, name, field_type, regex) values
  ('7b000000-0000-4000-8000-000000000001', 'Text', 'text', '^.{1,200}$'),
  ('7b000000-0000-4000-8000-000000000002', 'Whole number', 'integer', '^[0-9]+$'),
  ('7b000000-0000-4000-8000-000000000003', 'Yes / No', 'boolean', '^(Yes|No)$'),
  ('7b000000-0000-4000-8000-000000000004', 'Email', 'text', '^[^@ ]+@[^@ ]+\.[^@ ]+$'),
  ('7b000000-0000-4000-8000-000000000005', 'Date (MM/DD/YYYY)', 'text', '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$'),
  ('7b000000-0000-4000-8000-000000000006', 'Amount (USD)', 'text', '^[0-9]{1,15}(\.[0-9]{1,2})?$'),
  ('7b000000-0000-4000-8000-000000000007', 'Choice', 'select', null);

-- Read models: kinds of the device's shared `records` collection.
insert into app_private.replicated_models (model)
  values ('onboarding_question_sets'), ('onboarding_questions'), ('qualification_answers') on conflict do nothing;
