-- Issue 35, item 1 (LedgerlineIO webhooks, docs/API.md "Webhooks"): an issuer's or broker's endpoints, the secret
-- each delivery is signed with, the deliveries queued by the events' triggers (sync/database/webhooks/) and the
-- answer of every attempt. The server's runner (sync/webhooks/runner.ts) claims each delivery (a lease) so several
-- server processes send it once. The account's members read their endpoints, deliveries and attempts; owners and
-- admins write only through registerWebhookEndpoint, removeWebhookEndpoint and resendWebhookDelivery.

-- Whether plain http to this computer (localhost, 127.0.0.1, ::1) is accepted: set by the server at start (off in
-- production), read by registerWebhookEndpoint and by the runner.
create table app_private.webhook_settings (
  id boolean primary key default true check (id),
  allow_loopback_http boolean not null default false,
  updated_on timestamptz not null default now()
);
insert into app_private.webhook_settings default values;

create table app_public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  url text not null,
  event_types text[] not null,
  created_by_id uuid default app_private.current_user_id() references app_public.users (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint webhook_endpoints_event_types_check check (
    cardinality(event_types) > 0 and event_types <@ array['distribution.made', 'distribution.changed',
      'step.completed', 'holding.issued', 'payment.settled', 'token.minted', 'document.signed']::text[])
);
select app_private.add_text_limit('app_public.webhook_endpoints', 'url');
select app_private.add_timestamps('app_public.webhook_endpoints');
create index webhook_endpoints_account_id_idx on app_public.webhook_endpoints (account_id);
comment on table app_public.webhook_endpoints is
  E'@omit create,update,delete\nWhere the account''s webhooks are sent; written by registerWebhookEndpoint and removeWebhookEndpoint.';

-- What registerWebhookEndpoint answers.
create type app_public.webhook_registration as (endpoint_id uuid, secret text);
comment on type app_public.webhook_registration is
  'A registered webhook endpoint and its signing secret (shown this once, never again).';

-- The signing secret of each endpoint: shown once by registerWebhookEndpoint, read only by the server's runner.
create table app_private.webhook_secrets (
  endpoint_id uuid primary key references app_public.webhook_endpoints (id) on delete cascade,
  secret text not null
);

create table app_public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references app_public.webhook_endpoints (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  event_type text not null,
  -- the JSON body sent, built from the account's own rows when the event happened
  payload jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'delivered', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_on timestamptz not null default now(),
  -- failed attempts are retried until then (a day after the event, or after Send again)
  retry_until timestamptz not null default now() + interval '1 day',
  claimed_by text,
  claimed_until timestamptz,
  last_status_code integer,
  last_answer text,
  delivered_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint next_attempt_on_bounds check (app_private.check_date(next_attempt_on)),
  constraint retry_until_bounds check (app_private.check_date(retry_until)),
  constraint claimed_until_bounds check (app_private.check_date(claimed_until)),
  constraint delivered_on_bounds check (app_private.check_date(delivered_on))
);
select app_private.add_text_limit('app_public.webhook_deliveries', 'event_type');
select app_private.add_text_limit('app_public.webhook_deliveries', 'status');
select app_private.add_text_limit('app_public.webhook_deliveries', 'claimed_by');
select app_private.add_text_limit('app_public.webhook_deliveries', 'last_answer', 500, 'Answer');
select app_private.add_timestamps('app_public.webhook_deliveries');
create index webhook_deliveries_due_idx on app_public.webhook_deliveries (status, next_attempt_on);
create index webhook_deliveries_endpoint_id_idx on app_public.webhook_deliveries (endpoint_id, created_on);
create index webhook_deliveries_account_id_idx on app_public.webhook_deliveries (account_id);
comment on table app_public.webhook_deliveries is
  E'@omit create,update,delete\nAn event sent to a webhook endpoint: its body, where it stands and the last answer.';

create table app_public.webhook_attempts (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid not null references app_public.webhook_deliveries (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  -- the HTTP status the endpoint answered (null: no answer: timeout, refused connection)
  status_code integer,
  answer text,
  error text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
select app_private.add_text_limit('app_public.webhook_attempts', 'answer', 500, 'Answer');
select app_private.add_text_limit('app_public.webhook_attempts', 'error', 500, 'Error');
select app_private.add_timestamps('app_public.webhook_attempts');
create index webhook_attempts_delivery_id_idx on app_public.webhook_attempts (delivery_id, created_on);
create index webhook_attempts_account_id_idx on app_public.webhook_attempts (account_id);
comment on table app_public.webhook_attempts is
  E'@omit create,update,delete\nOne attempt to send a webhook delivery and the endpoint''s answer.';

alter table app_public.webhook_endpoints enable row level security;
alter table app_public.webhook_deliveries enable row level security;
alter table app_public.webhook_attempts enable row level security;
grant select (id, account_id, url, event_types, created_by_id, created_on, updated_on)
  on app_public.webhook_endpoints to app_user;
grant select (id, endpoint_id, account_id, event_type, payload, status, attempts, next_attempt_on, retry_until,
  last_status_code, last_answer, delivered_on, created_on, updated_on) on app_public.webhook_deliveries to app_user;
grant select on app_public.webhook_attempts to app_user;
