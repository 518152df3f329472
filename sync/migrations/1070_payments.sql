-- Payments and integrations (issue 18, docs/PAYMENTS.md): the integrations an account may add and its account
-- integrations with their process; the payment provider's account, issuers, instruments (offerings) and trades as
-- the server last synced them, with the mapping of a provider issuer to the account and of an offering to a round;
-- the provider events applied exactly once, the durable provider jobs, and the built-in provider's own books.
-- Functions, policies, triggers and the read models live in sync/database/payments/.

create table app_public.integrations (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('portfolio', 'compliance', 'signing', 'ledgerlineIO', 'payment')),
  service text not null unique,
  description text,
  steps text[] not null default '{}',
  partner_name text not null,
  partner_logo text,
  partner_url text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.account_integrations (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  integration_id uuid not null references app_public.integrations (id) on delete cascade,
  -- the process: the order of the current step in the integration's steps (1-based); past the last: complete
  current_step integer not null default 1 check (current_step > 0),
  status text not null default 'in_progress' check (status in ('in_progress', 'complete')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (account_id, integration_id)
);

create table app_public.payment_accounts (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null unique references app_public.accounts (id) on delete cascade,
  provider text not null check (provider in ('builtin', 'north-capital')),
  provider_name text not null,
  synced_on timestamptz,
  sync_status text not null default 'never' check (sync_status in ('never', 'queued', 'synced', 'failed')),
  failure text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.payment_issuers (
  id uuid primary key default gen_random_uuid(),
  payment_account_id uuid not null references app_public.payment_accounts (id) on delete cascade,
  payment_issuer_id text not null,
  name text not null,
  email text,
  -- the mapping: the Ledgerline issuer account this provider issuer is (only the payment account's own account)
  issuer_id uuid references app_public.accounts (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (payment_account_id, payment_issuer_id)
);

create table app_public.payment_instruments (
  id uuid primary key default gen_random_uuid(),
  payment_account_id uuid not null references app_public.payment_accounts (id) on delete cascade,
  payment_issuer_row_id uuid not null references app_public.payment_issuers (id) on delete cascade,
  payment_issuer_id text not null,
  payment_instrument_id text not null,
  name text not null,
  status text,
  -- the mapping: the round whose distributions this offering's trades pay
  round_id uuid references app_public.rounds (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (payment_issuer_row_id, payment_instrument_id)
);

create table app_public.payment_trades (
  id uuid primary key default gen_random_uuid(),
  payment_account_id uuid not null references app_public.payment_accounts (id) on delete cascade,
  payment_instrument_row_id uuid not null references app_public.payment_instruments (id) on delete cascade,
  distribution_id uuid not null references app_public.distributions (id) on delete cascade,
  payment_trade_id text,
  amount numeric not null constraint amount_bounds check (app_private.money_ok(amount)),
  status text not null default 'QUEUED'
    check (status in ('QUEUED', 'CREATED', 'FUNDED', 'SETTLED', 'UNWIND PENDING', 'UNWIND SETTLED', 'CANCELLED', 'FAILED')),
  failure text,
  distribution_payment_id uuid references app_public.distribution_payments (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index payment_trades_distribution_id_idx on app_public.payment_trades (distribution_id);
create unique index payment_trades_provider_idx on app_public.payment_trades (payment_instrument_row_id, payment_trade_id);

comment on table app_public.integrations is E'@omit create,update,delete\nIntegrations an account may add (investors: portfolio; other accounts: compliance, signing, ledgerlineIO, payment).';
comment on table app_public.account_integrations is E'@omit create,update,delete\nAn integration the account added, with its process (written by createAccountIntegration).';
comment on table app_public.payment_accounts is E'@omit create,update,delete\nThe account''s payment account at its payment provider.';
comment on table app_public.payment_issuers is E'@omit create,update,delete\nA payment provider''s issuer as last synced, with its mapping to the account''s issuer.';
comment on table app_public.payment_instruments is E'@omit create,update,delete\nA payment provider''s offering as last synced, with its mapping to a round.';
comment on table app_public.payment_trades is E'@omit create,update,delete\nAn investor''s trade at the payment provider for a distribution, with its status.';

alter table app_public.integrations enable row level security;
alter table app_public.account_integrations enable row level security;
alter table app_public.payment_accounts enable row level security;
alter table app_public.payment_issuers enable row level security;
alter table app_public.payment_instruments enable row level security;
alter table app_public.payment_trades enable row level security;
grant select on app_public.integrations, app_public.account_integrations, app_public.payment_accounts,
  app_public.payment_issuers, app_public.payment_instruments, app_public.payment_trades to app_user;

alter table app_public.payment_accounts add constraint synced_on_bounds check (app_private.check_date(synced_on));
select app_private.add_text_limit('app_public.integrations'::regclass, 'type');
select app_private.add_text_limit('app_public.integrations'::regclass, 'service');
select app_private.add_text_limit('app_public.integrations'::regclass, 'description', 5000, 'Description');
select app_private.add_text_limit('app_public.integrations'::regclass, 'partner_name');
select app_private.add_text_limit('app_public.integrations'::regclass, 'partner_logo', 2000, 'Logo');
select app_private.add_text_limit('app_public.integrations'::regclass, 'partner_url', 2000, 'URL');
select app_private.add_text_limit('app_public.account_integrations'::regclass, 'status');
select app_private.add_text_limit('app_public.payment_accounts'::regclass, 'provider');
select app_private.add_text_limit('app_public.payment_accounts'::regclass, 'provider_name');
select app_private.add_text_limit('app_public.payment_accounts'::regclass, 'sync_status');
select app_private.add_text_limit('app_public.payment_accounts'::regclass, 'failure', 5000, 'Failure');
select app_private.add_text_limit('app_public.payment_issuers'::regclass, 'payment_issuer_id');
select app_private.add_text_limit('app_public.payment_issuers'::regclass, 'name');
select app_private.add_text_limit('app_public.payment_issuers'::regclass, 'email', 254, 'Email');
select app_private.add_text_limit('app_public.payment_instruments'::regclass, 'payment_issuer_id');
select app_private.add_text_limit('app_public.payment_instruments'::regclass, 'payment_instrument_id');
select app_private.add_text_limit('app_public.payment_instruments'::regclass, 'name');
select app_private.add_text_limit('app_public.payment_instruments'::regclass, 'status');
select app_private.add_text_limit('app_public.payment_trades'::regclass, 'payment_trade_id');
select app_private.add_text_limit('app_public.payment_trades'::regclass, 'status');
select app_private.add_text_limit('app_public.payment_trades'::regclass, 'failure', 5000, 'Failure');

-- Each provider event applied once: the trade (our row) and the status it reached. A webhook or a poll delivering
-- the same event again finds its row here and changes nothing.
create table app_private.payment_events (
  trade_id uuid not null references app_public.payment_trades (id) on delete cascade,
  status text not null,
  amount numeric not null,
  source text not null,
  applied_on timestamptz not null default now(),
  primary key (trade_id, status)
);

-- Durable provider work (sync, trade, fund, poll), retried with backoff while the provider is out:
--   queued -> done | (attempts, next_attempt_on) ... -> failed after max attempts
create table app_private.payment_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('sync', 'trade', 'fund', 'poll')),
  payment_account_id uuid not null references app_public.payment_accounts (id) on delete cascade,
  trade_id uuid references app_public.payment_trades (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'done', 'failed')),
  attempts integer not null default 0,
  next_attempt_on timestamptz not null default now(),
  failure text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index payment_jobs_open_idx on app_private.payment_jobs (next_attempt_on) where status = 'queued';

-- Which provider a new payment account uses: written by the server at start from its configuration
-- (sync/payments/config.ts): North Capital with a configured base URL, clientID and developerAPIKey, else built-in.
create table app_private.payment_settings (
  singleton boolean primary key default true check (singleton),
  provider text not null default 'builtin' check (provider in ('builtin', 'north-capital')),
  provider_name text not null default 'Ledgerline Payments',
  updated_on timestamptz not null default now()
);
insert into app_private.payment_settings (singleton) values (true);

-- The built-in provider's books (sync/payments/builtin.ts): what a real provider keeps on its side.
create table app_private.builtin_pay_issuers (
  id text primary key,
  client_id text not null,
  name text not null,
  email text,
  created_on timestamptz not null default now()
);
create table app_private.builtin_pay_offerings (
  id text primary key,
  issuer_id text not null references app_private.builtin_pay_issuers (id) on delete cascade,
  name text not null,
  status text not null default 'Approved' check (status in ('Approved', 'Pending', 'Denied', 'Closed')),
  external_ref text,
  created_on timestamptz not null default now(),
  unique (issuer_id, external_ref)
);
create table app_private.builtin_pay_trades (
  id text primary key,
  offering_id text not null references app_private.builtin_pay_offerings (id) on delete cascade,
  amount numeric not null check (amount > 0),
  status text not null default 'CREATED'
    check (status in ('CREATED', 'FUNDED', 'SETTLED', 'UNWIND PENDING', 'UNWIND SETTLED', 'CANCELLED')),
  external_ref text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

insert into app_public.integrations (id, type, service, description, steps, partner_name, partner_logo, partner_url) values
  ('7a000000-0000-4000-8000-000000000001', 'payment', 'north-capital',
   'Payment processing: sync the provider''s issuers and offerings, map them to your issuer and rounds, and investors'' payments arrive as distribution payments.',
   array['Connect', 'Sync', 'Map'], 'North Capital', null, 'https://www.northcapital.com'),
  ('7a000000-0000-4000-8000-000000000002', 'signing', 'docusign',
   'Signing: e-signature templates for onboarding documents.', array['Connect'], 'DocuSign', null, 'https://www.docusign.com'),
  ('7a000000-0000-4000-8000-000000000003', 'compliance', 'investready',
   'Compliance: accredited investor verification in the onboarding steps.', array['Connect'], 'InvestReady', null,
   'https://www.investready.com'),
  ('7a000000-0000-4000-8000-000000000004', 'ledgerlineIO', 'ledgerline-io',
   'LedgerlineIO: the issuer''s API access to its books.', array['Connect'], 'Ledgerline', null, null),
  ('7a000000-0000-4000-8000-000000000005', 'portfolio', 'portfolio-export',
   'Portfolio: your holdings in your own portfolio tracker.', array['Connect'], 'Ledgerline', null, null);

-- Read models: kinds of the device's shared `records` collection; the integrations are seen by every account.
insert into app_private.replicated_models (model) values ('integrations'), ('payment_accounts') on conflict do nothing;
insert into app_private.changes (model, doc_id, audience)
  select 'integrations', i.id, null from app_public.integrations i;
