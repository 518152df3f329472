-- Signing offline (issue 31 item 2; docs/SIGNING.md "Signing offline"): a signature made on the device with no network
-- arrives as the command signStepOffline with the fingerprint of what the device showed. It waits here until the
-- signing runner checks the fingerprint against the template and values the server holds: equal, the PDF is sealed
-- (sent_signing_documents, signing_audits) and the step completes; different, nothing is sealed and the step reopens
-- with the reason. Never exposed: the investor follows the step's status, the issuer the sent document.
create table app_private.offline_signatures (
  id uuid primary key default gen_random_uuid(),
  step_id uuid not null references app_public.steps (id) on delete cascade,
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  user_id uuid not null references app_public.users (id) on delete cascade,
  fingerprint text not null check (fingerprint ~ '^[0-9a-f]{64}$'),
  template_sha256 text not null check (template_sha256 ~ '^[0-9a-f]{64}$'),
  field_values jsonb not null check (jsonb_typeof(field_values) = 'object'),
  typed_name text not null check (length(typed_name) between 1 and 200),
  signed_at_device timestamptz not null,
  received_on timestamptz not null default now(),
  -- the delivering session, as the audit page names it
  ip text,
  user_agent text,
  status text not null default 'received' check (status in ('received', 'sealed', 'reopened')),
  reason text,
  sealed_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
-- at most one signature waits per step (the step is 'processing' meanwhile)
create unique index offline_signatures_waiting on app_private.offline_signatures (step_id) where status = 'received';
create index offline_signatures_received on app_private.offline_signatures (received_on) where status = 'received';
