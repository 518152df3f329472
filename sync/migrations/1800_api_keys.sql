-- Issue 35, items 1 and 2 (LedgerlineIO API keys and the investor's personal key, docs/API.md "API keys"): an
-- account's keys, each with a name and a role, made and revoked by owners and admins through createApiKey and
-- revokeApiKey (sync/database/api-keys/). Only the key's SHA-256 is stored (app_private.api_key_secrets, no grant to
-- app_user), with the key's request count of its current minute (the rate limit every server process shares). A
-- request with `Authorization: Bearer <key>` runs as the key's account and role (sync/http/api-keys.ts).

create table app_public.api_keys (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  name text not null,
  role text not null check (role in ('admin', 'viewer')),
  -- the key's first characters, so people can tell their keys apart (the rest is never stored)
  prefix text not null,
  created_by_id uuid default app_private.current_user_id() references app_public.users (id) on delete set null,
  last_used_on timestamptz,
  revoked_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  constraint last_used_on_bounds check (app_private.check_date(last_used_on)),
  constraint revoked_on_bounds check (app_private.check_date(revoked_on))
);
select app_private.add_text_limit('app_public.api_keys', 'name');
select app_private.add_text_limit('app_public.api_keys', 'role');
select app_private.add_text_limit('app_public.api_keys', 'prefix');
select app_private.add_timestamps('app_public.api_keys');
create index api_keys_account_id_idx on app_public.api_keys (account_id, created_on);
create index api_keys_created_by_id_idx on app_public.api_keys (created_by_id);
comment on table app_public.api_keys is
  E'@omit create,update,delete\nThe account''s API keys: name, role, last use; made by createApiKey, revoked by revokeApiKey.';

-- What createApiKey answers.
create type app_public.api_key_creation as (key_id uuid, secret text);
comment on type app_public.api_key_creation is 'A new API key and its secret (shown this once, never again).';

create table app_private.api_key_secrets (
  key_id uuid primary key references app_public.api_keys (id) on delete cascade,
  -- hex SHA-256 of the key
  token_hash text not null unique,
  requests_per_minute integer not null default 600 check (requests_per_minute > 0),
  window_start timestamptz not null default now(),
  window_count integer not null default 0 check (window_count >= 0)
);

alter table app_public.api_keys enable row level security;
grant select (id, account_id, name, role, prefix, created_by_id, last_used_on, revoked_on, created_on, updated_on)
  on app_public.api_keys to app_user;

-- LedgerlineIO and Portfolio work on this server now: available, described for people.
update app_public.integrations set available = true, unavailable_reason = null,
  description = 'LedgerlineIO: connect your own systems to your books with API keys, and get told of changes by webhooks.'
  where service = 'ledgerline-io';
update app_public.integrations set available = true, unavailable_reason = null,
  description = 'Portfolio: a read-only personal key for your own tools, an OFX file for personal-finance apps and a statement of your holdings on a chosen date.'
  where service = 'portfolio-export';

insert into app_private.changes (model, doc_id, audience)
  select 'integrations', i.id, null from app_public.integrations i
  where i.service in ('ledgerline-io', 'portfolio-export');
