-- People and accounts: users with emails and secrets, the six account types, memberships with roles,
-- addresses, parties, terms of service, managed accounts.

create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  first_name text not null default '',
  last_name text not null default '',
  status text not null default 'active' check (status in ('active', 'suspended')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.users is E'@omit create,delete\nA person who signs in. Sign-up creates users (app_private).';

create table app_public.user_emails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  is_primary boolean not null default true,
  is_verified boolean not null default false,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create unique index user_emails_email_key on app_public.user_emails (lower(email));
create index user_emails_user_id_idx on app_public.user_emails (user_id);
comment on table app_public.user_emails is E'@omit create,update,delete';

create table app_private.user_secrets (
  user_id uuid primary key references app_public.users (id) on delete cascade,
  password_hash text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.accounts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  slug text unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  type text not null check (type in ('admin', 'agent', 'ats', 'investor', 'issuer', 'broker')),
  email text check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  url text,
  twitter_handle text check (twitter_handle ~ '^[A-Za-z0-9_]{1,15}$'),
  contact_name text,
  support_email text check (support_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  setup boolean not null default false,
  -- Last four digits of the tax id only; the full number is never stored here.
  tax_short text check (tax_short ~ '^[0-9A-Za-z]{0,4}$'),
  company text,
  jurisdiction_id integer references app_public.countries (id) on delete set null,
  investor_type text references app_public.investor_account_types (type) on delete restrict on update cascade,
  date_of_birth date,
  formation_date date,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index accounts_type_idx on app_public.accounts (type);
create index accounts_email_idx on app_public.accounts (lower(email));
comment on table app_public.accounts is E'@omit create,delete\nAn organisation or person acting in the product: admin, agent, ats, investor, issuer or broker.';

create table app_public.users_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  role text not null check (role in ('account_owner', 'account_admin', 'account_viewer')),
  status text not null default 'active' check (status in ('active', 'suspended')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (user_id, account_id)
);
create index users_accounts_account_id_idx on app_public.users_accounts (account_id);
comment on table app_public.users_accounts is E'@omit create,delete\nMembership of a user in an account (delegates).';

create table app_public.addresses (
  id uuid primary key default gen_random_uuid(),
  line_one text not null,
  line_two text,
  line_three text,
  line_four text,
  city text not null,
  province text not null default '',
  postal_code text not null default '',
  country_id integer not null references app_public.countries (id) on delete restrict,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.addresses is E'@omit create,delete';

create table app_public.account_addresses (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  address_id uuid not null references app_public.addresses (id) on delete cascade,
  type text not null check (type in ('primary', 'mailing')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (account_id, type)
);
create index account_addresses_address_id_idx on app_public.account_addresses (address_id);
comment on table app_public.account_addresses is E'@omit create,update,delete';

create table app_public.parties (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  user_id uuid references app_public.users (id) on delete set null,
  email text check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  first_name text not null,
  last_name text not null,
  tax_short text check (tax_short ~ '^[0-9A-Za-z]{0,4}$'),
  date_of_birth date,
  us_citizen boolean not null default false,
  allow_login boolean not null default false,
  is_primary boolean not null default false,
  role text check (role in ('Trustee', 'Individual', 'Administrator', 'Officer', 'Managing Member', 'Partner',
    'Beneficiary')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index parties_account_id_idx on app_public.parties (account_id);
create index parties_user_id_idx on app_public.parties (user_id);
comment on table app_public.parties is E'@omit create,delete';

create table app_public.party_addresses (
  id uuid primary key default gen_random_uuid(),
  party_id uuid not null references app_public.parties (id) on delete cascade,
  address_id uuid not null references app_public.addresses (id) on delete cascade,
  type text not null check (type in ('primary', 'mailing')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (party_id, type)
);
create index party_addresses_address_id_idx on app_public.party_addresses (address_id);
comment on table app_public.party_addresses is E'@omit create,update,delete';

create table app_public.terms_of_service (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('html', 'text')),
  agreement text not null,
  active boolean not null default true,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.terms_of_service is E'@omit delete';

create table app_public.terms_acceptances (
  id uuid primary key default gen_random_uuid(),
  terms_id uuid not null references app_public.terms_of_service (id) on delete cascade,
  user_id uuid not null references app_public.users (id) on delete cascade,
  accepted_on timestamptz not null default now(),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (user_id, terms_id)
);
create index terms_acceptances_terms_id_idx on app_public.terms_acceptances (terms_id);
comment on table app_public.terms_acceptances is E'@omit create,update,delete\nWritten by acceptTerms.';

-- An account a broker created and manages for an issuer ("Fully managed accounts").
create table app_public.managed_accounts (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid references app_public.users (id) on delete set null,
  manager_id uuid not null references app_public.accounts (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (manager_id, account_id)
);
create index managed_accounts_account_id_idx on app_public.managed_accounts (account_id);
comment on table app_public.managed_accounts is E'@omit create,update,delete\nWritten by makeIssuerAccount.';

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.users', 'app_public.user_emails', 'app_private.user_secrets', 'app_public.accounts',
  'app_public.users_accounts', 'app_public.addresses', 'app_public.account_addresses', 'app_public.parties',
  'app_public.party_addresses', 'app_public.terms_of_service', 'app_public.terms_acceptances',
  'app_public.managed_accounts'
]::regclass[]) as tbl;
