-- The audit trail and the admin console (issue 19, docs/ADMIN.md).
--
-- * app_public.audit_events: append-only, ledger-grade. Every accepted command, sign-in, account switch, membership
--   change and ownership transfer: who (user), which account, when, from which device (session, device id, IP, user
--   agent) and what changed. No foreign keys on purpose: the trail outlives the users, accounts and sessions it names
--   (a cascade would have to change it). Written only by the triggers of sync/database/audit/ (SECURITY DEFINER);
--   app_user may only read it (select policy: own account, admins everything).
-- * app_private.sessions gets the sign-in's IP and user agent, so every event of a session names its device.
-- * app_public.form_definitions: the platform's onboarding step form definitions, versioned: a version is never
--   changed (append-only); a new version is a new row under the same key. Steps copy the schema of the version they
--   were made from, so a new version never changes a step already answered.
-- Functions, policies and triggers live in sync/database/audit/, sync/database/admin/ and sync/database/policies/.

alter table app_private.sessions add column ip text, add column user_agent text;

create table app_public.audit_events (
  id uuid primary key default gen_random_uuid(),
  kind text not null
    check (kind in ('command', 'sign_in', 'account_switch', 'membership', 'ownership_transfer')),
  -- the command's mutation name, or what happened ('signed in', 'role account_admin -> account_viewer', ...)
  action text not null,
  user_id uuid,
  account_id uuid,
  session_id uuid,
  device_id text,
  ip text,
  user_agent text,
  -- what changed: a command's variables, a membership's before and after
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index audit_events_account_idx on app_public.audit_events (account_id, created_on desc);
create index audit_events_created_idx on app_public.audit_events (created_on desc);
comment on table app_public.audit_events is E'@omit create,update,delete\nThe audit trail: append-only, written by the server only.';

alter table app_public.audit_events enable row level security;
grant select on app_public.audit_events to app_user;
select app_private.add_text_limit('app_public.audit_events'::regclass, 'kind');
select app_private.add_text_limit('app_public.audit_events'::regclass, 'action');
select app_private.add_text_limit('app_public.audit_events'::regclass, 'device_id');
select app_private.add_text_limit('app_public.audit_events'::regclass, 'ip');
select app_private.add_text_limit('app_public.audit_events'::regclass, 'user_agent', 2000, 'User agent');

create table app_public.form_definitions (
  id uuid primary key default gen_random_uuid(),
  key text not null check (key ~ '^[a-z0-9][a-z0-9_-]*$'),
  version integer not null check (version > 0),
  name text not null check (length(trim(name)) > 0),
  step_type text not null default 'form' check (step_type in ('form', 'encrypted_form', 'custom', 'button')),
  -- progressBarTitle, title, instructions, about
  render_attributes jsonb not null default '{}'::jsonb check (jsonb_typeof(render_attributes) = 'object'),
  -- title; fields (key, displayKey, type, regex, error, message, options, order); disclosures; text; link
  schema jsonb not null default '{}'::jsonb check (jsonb_typeof(schema) = 'object'),
  created_by uuid,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (key, version)
);
comment on table app_public.form_definitions is E'@omit create,update,delete\nAn onboarding step form definition, one row per version (never changed).';

alter table app_public.form_definitions enable row level security;
grant select on app_public.form_definitions to app_user;
select app_private.add_text_limit('app_public.form_definitions'::regclass, 'key');
select app_private.add_text_limit('app_public.form_definitions'::regclass, 'name');
select app_private.add_text_limit('app_public.form_definitions'::regclass, 'step_type');
