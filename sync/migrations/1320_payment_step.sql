-- Payments, part 2 (issue 18, docs/PAYMENTS.md): the payment step of the investor's onboarding, the investor's own
-- party and account at the provider, a secret per payment account for the status callback, cancel and unwind jobs,
-- and jobs claimed by one runner at a time (several server processes). Functions live in sync/database/payments/.

-- A payment step: type 'payment' (schema {title}); its trade is the distribution's payment.
alter table app_public.steps drop constraint steps_type_check;
alter table app_public.steps add constraint steps_type_check
  check (type in ('custom', 'link', 'iframe', 'async_iframe', 'button', 'form', 'encrypted_form', 'signing', 'payment'));

-- The issuer's "Payment" qualification made when an offering is mapped to a round (the round's allocations list it).
alter table app_public.payment_instruments
  add column vendor_qualification_id uuid references app_public.vendor_qualifications (id) on delete set null;

-- The payment step a trade was made in (null: the distribution page's Pay card of a process without one).
alter table app_public.payment_trades add column step_id uuid references app_public.steps (id) on delete set null;
create index payment_trades_step_id_idx on app_public.payment_trades (step_id);

-- Jobs: cancel (cancelInvestment of an unfunded trade) and unwind (built-in: a settled trade refunded); a runner
-- claims a job (status running, claimed_until) with FOR UPDATE SKIP LOCKED so two processes never run one job.
alter table app_private.payment_jobs drop constraint payment_jobs_kind_check;
alter table app_private.payment_jobs add constraint payment_jobs_kind_check
  check (kind in ('sync', 'trade', 'fund', 'poll', 'cancel', 'unwind'));
alter table app_private.payment_jobs drop constraint payment_jobs_status_check;
alter table app_private.payment_jobs add constraint payment_jobs_status_check
  check (status in ('queued', 'running', 'done', 'failed'));
alter table app_private.payment_jobs add column claimed_by text, add column claimed_until timestamptz;
create index payment_jobs_running_idx on app_private.payment_jobs (claimed_until) where status = 'running';

-- The status callback's secret per payment account (in the callback URL), and when a poll was last queued for it
-- (polls are rate-limited per account).
create table app_private.payment_callback_keys (
  payment_account_id uuid primary key references app_public.payment_accounts (id) on delete cascade,
  secret text not null unique,
  polled_on timestamptz
);
insert into app_private.payment_callback_keys (payment_account_id, secret)
  select p.id, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex')
  from app_public.payment_accounts p;

-- The investor's own party and account at a provider (TransactAPI createParty, createAccount, createLink), made
-- once per investor before its first trade; each id is kept as soon as the provider answers, so a retry resumes.
create table app_private.payment_investors (
  provider text not null check (provider in ('builtin', 'north-capital')),
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  party_id text,
  provider_account_id text,
  linked boolean not null default false,
  -- while a runner is making them (another runner waits and retries)
  claimed_until timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  primary key (provider, investor_id)
);

-- The built-in provider's parties and accounts (its books, as builtin_pay_trades).
create table app_private.builtin_pay_parties (
  id text primary key,
  external_ref text not null unique,
  name text not null,
  email text,
  created_on timestamptz not null default now()
);
create table app_private.builtin_pay_accounts (
  id text primary key,
  external_ref text not null unique,
  name text not null,
  -- the link: the party that owns the account
  owner_party_id text references app_private.builtin_pay_parties (id) on delete set null,
  created_on timestamptz not null default now()
);
alter table app_private.builtin_pay_trades
  add column account_id text references app_private.builtin_pay_accounts (id) on delete set null;
