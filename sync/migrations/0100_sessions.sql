-- Sign-in sessions and the sign-in throttle (sync/http/sessions.ts, sync/http/throttle.ts). Both live in
-- app_private: never exposed through GraphQL, shared by every server process.

create table app_private.sessions (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the cookie token: the table alone does not give anyone a usable cookie.
  token_hash text not null unique,
  user_id uuid not null references app_public.users (id) on delete cascade,
  -- The account chosen at /authenticate/role/{id}; NULL until then (only own user data and terms are readable).
  account_id uuid references app_public.accounts (id) on delete set null,
  expires_on timestamptz not null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index sessions_user_id_idx on app_private.sessions (user_id);
create index sessions_account_id_idx on app_private.sessions (account_id);
create index sessions_expires_on_idx on app_private.sessions (expires_on);

-- One row per failed sign-in; the email is kept only as a SHA-256 of its lowercased form.
create table app_private.sign_in_failures (
  id uuid primary key default gen_random_uuid(),
  email_hash text not null,
  ip text not null,
  created_on timestamptz not null default now()
);
create index sign_in_failures_email_idx on app_private.sign_in_failures (email_hash, created_on);
create index sign_in_failures_ip_idx on app_private.sign_in_failures (ip, created_on);

select app_private.add_timestamps('app_private.sessions');
