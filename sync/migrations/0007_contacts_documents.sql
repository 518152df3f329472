-- Contacts (customers), documents with their sharings, email preferences.

create table app_public.customers (
  id uuid primary key default gen_random_uuid(),
  -- The account whose contact list this is.
  account_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  -- The investor account the contact stands for.
  investor_id uuid not null references app_public.accounts (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  name text,
  status text not null default 'active' check (status in ('active', 'invited', 'archived')),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (account_id, investor_id)
);
create unique index customers_account_email_key on app_public.customers (account_id, lower(email));
create index customers_investor_id_idx on app_public.customers (investor_id);
comment on table app_public.customers is E'@omit create,delete\nCreated by makeCustomer (and makeDistribution).';

create table app_public.documents (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  type text not null check (type in ('security', 'holding')),
  extension text not null check (extension in ('csv', 'tsv', 'pdf', 'xls', 'txt')),
  upload_status text not null default 'pending' check (upload_status in ('pending', 'uploaded', 'failed')),
  uploaded_by_id uuid not null default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  file_key text,
  security_id uuid references app_public.securities (id) on delete cascade,
  holding_id uuid references app_public.holdings (id) on delete cascade,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  check ((type = 'security' and security_id is not null and holding_id is null)
      or (type = 'holding' and holding_id is not null and security_id is null))
);
create index documents_security_id_idx on app_public.documents (security_id);
create index documents_holding_id_idx on app_public.documents (holding_id);
create index documents_uploaded_by_id_idx on app_public.documents (uploaded_by_id);

create table app_public.document_sharings (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references app_public.documents (id) on delete cascade,
  to_role text not null check (to_role in ('admin', 'agent', 'ats', 'investor', 'issuer', 'broker')),
  name text not null default '',
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (document_id, to_role)
);
comment on table app_public.document_sharings is E'@omit update';

create table app_public.vendor_default_email_preferences (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null unique default app_private.current_account_id()
    references app_public.accounts (id) on delete cascade,
  send_distribution boolean not null default true,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
comment on table app_public.vendor_default_email_preferences is E'@omit delete';

select app_private.add_timestamps(tbl) from unnest(array[
  'app_public.customers', 'app_public.documents', 'app_public.document_sharings',
  'app_public.vendor_default_email_preferences'
]::regclass[]) as tbl;
