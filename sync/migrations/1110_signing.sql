-- E-signature (issue 17, docs/SIGNING.md): an issuer's or broker's signing account at its provider (the built-in
-- signer or DocuSign), the provider's templates as last synced (each with its documents and the roles and fields the
-- provider reports), the account's mapped templates (a copy of a template's roles and fields mapped to the platform's
-- data: roles mapTo/toName/toEmail, fields mapTo/value; locked, active), the question sets a mapped template asks
-- first, the documents sent for signature (one per signing step) and the reference lists a role or field may be
-- mapped to. Functions, policies, triggers and read models live in sync/database/signing/.

-- Which provider a new signing account uses: written by the server at start from its configuration
-- (sync/signing/config.ts): DocuSign with a configured integration key, user id, RSA key and account id, else built-in.
create table app_private.signing_settings (
  singleton boolean primary key default true check (singleton),
  provider text not null default 'builtin' check (provider in ('builtin', 'docusign')),
  provider_name text not null default 'Ledgerline Signing',
  updated_on timestamptz not null default now()
);
insert into app_private.signing_settings (singleton) values (true);

create table app_public.signing_accounts (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null unique references app_public.accounts (id) on delete cascade,
  provider text not null default 'builtin' check (provider in ('builtin', 'docusign')),
  name text not null,
  synced_on timestamptz,
  -- spec: sync, loading, error (never: not synced yet)
  sync_status text not null default 'never' check (sync_status in ('never', 'loading', 'synced', 'error')),
  failure text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.signing_templates (
  id uuid primary key default gen_random_uuid(),
  signing_account_id uuid not null references app_public.signing_accounts (id) on delete cascade,
  -- the provider's id of the template (built-in: the upload key of its PDF)
  provider_template_id text not null,
  name text not null,
  description text,
  template_uri text,
  -- built-in: the stored PDF (files directory key)
  file_key text,
  -- the roles and fields the provider reports ([{name, order}], [{name, role, type, documentId, page, required}])
  roles jsonb not null default '[]'::jsonb check (jsonb_typeof(roles) = 'array'),
  fields jsonb not null default '[]'::jsonb check (jsonb_typeof(fields) = 'array'),
  -- when the template's content last changed at the provider (a mapped copy older than this shows a warning)
  modified_on timestamptz not null default now(),
  -- a hash of what was synced (roles, fields, documents): a sync that changes it moves modified_on
  content_hash text,
  synced_on timestamptz,
  sync_status text not null default 'loading' check (sync_status in ('loading', 'synced', 'error')),
  failure text,
  deleted boolean not null default false,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (signing_account_id, provider_template_id)
);

create table app_public.signing_documents (
  id uuid primary key default gen_random_uuid(),
  signing_template_id uuid not null references app_public.signing_templates (id) on delete cascade,
  provider_document_id text not null,
  name text not null,
  "order" integer not null default 1,
  pages integer,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (signing_template_id, provider_document_id)
);

-- What a role may be mapped to (reference): the investor who signs, the issuer's contact, a static person.
create table app_public.mapping_roles (
  id uuid primary key default gen_random_uuid(),
  role text not null unique,
  description text not null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

-- What a field may be mapped to (reference): a value of the platform's data (field: its name, testValue: the mock
-- value of the test page), or static/custom (the mapping's own value). 'error', 'not supported' and 'template
-- provided' exist for provider fields and are left out of the pick list (spec part 2 section 9).
create table app_public.mapping_fields (
  id uuid primary key default gen_random_uuid(),
  field text not null unique,
  description text not null,
  test_value text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);

create table app_public.mapped_signing_templates (
  id uuid primary key default gen_random_uuid(),
  signing_template_id uuid not null references app_public.signing_templates (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  name text not null,
  locked boolean not null default false,
  active boolean not null default false,
  deleted boolean not null default false,
  -- when the roles and fields were copied from the template, and the template's modified_on at that time
  template_copy_on timestamptz not null default now(),
  template_updated_on timestamptz not null,
  qualification_step_type text not null default 'inline' check (qualification_step_type in ('email', 'inline')),
  -- the vendor qualification made by addMappedSigningTemplateToQualifications
  vendor_qualification_id uuid unique references app_public.vendor_qualifications (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index mapped_signing_templates_template_idx on app_public.mapped_signing_templates (signing_template_id);
create index mapped_signing_templates_account_idx on app_public.mapped_signing_templates (account_id);

create table app_public.signing_roles (
  id uuid primary key default gen_random_uuid(),
  mapped_signing_template_id uuid not null references app_public.mapped_signing_templates (id) on delete cascade,
  name text not null,
  "order" integer not null default 1,
  -- signer (signs) or cc (receives a copy)
  type text not null default 'signer' check (type in ('signer', 'cc')),
  map_to text not null default 'not mapped',
  to_name text,
  to_email text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (mapped_signing_template_id, name)
);

create table app_public.signing_fields (
  id uuid primary key default gen_random_uuid(),
  mapped_signing_template_id uuid not null references app_public.mapped_signing_templates (id) on delete cascade,
  signing_document_id uuid references app_public.signing_documents (id) on delete set null,
  -- the field's name in the template (a PDF form field, a DocuSign tab label)
  name text not null,
  -- the role that fills it (a signing role's name)
  role text,
  type text not null default 'text' check (type in ('text', 'date', 'checkbox', 'signature', 'initial')),
  page integer,
  map_to text not null default 'not mapped',
  value text,
  -- the platform's variable the field reads (mapping field name), as the signer sees it
  value_variable text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (mapped_signing_template_id, name)
);
create index signing_fields_document_idx on app_public.signing_fields (signing_document_id);

-- The question sets a mapped template asks before its signing step (onboarding_question_sets: issue 17's question
-- sets, 1140-1169; the foreign key is added in 1111 when that table exists).
create table app_public.mapped_signing_template_question_sets (
  id uuid primary key default gen_random_uuid(),
  mapped_signing_template_id uuid not null references app_public.mapped_signing_templates (id) on delete cascade,
  onboarding_question_set_id uuid not null,
  execute_order integer not null default 1,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (mapped_signing_template_id, onboarding_question_set_id)
);

create table app_public.sent_signing_documents (
  id uuid primary key default gen_random_uuid(),
  mapped_signing_template_id uuid not null references app_public.mapped_signing_templates (id) on delete cascade,
  step_id uuid references app_public.steps (id) on delete set null,
  distribution_id uuid references app_public.distributions (id) on delete set null,
  -- the investor account it was sent to
  sent_to_id uuid not null references app_public.accounts (id) on delete cascade,
  provider text not null check (provider in ('builtin', 'docusign')),
  -- DocuSign's envelope id; built-in: this row's id
  envelope_id text,
  status text not null default 'created'
    check (status in ('created', 'sent', 'delivered', 'completed', 'declined', 'voided')),
  delivery text not null default 'inline' check (delivery in ('email', 'inline')),
  sent_on timestamptz,
  completed_on timestamptz,
  -- the signed PDF: its files-directory key, its download path and its SHA-256
  document_id text,
  document_uri text,
  document_sha256 text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index sent_signing_documents_template_idx on app_public.sent_signing_documents (mapped_signing_template_id);
create index sent_signing_documents_step_idx on app_public.sent_signing_documents (step_id);
create index sent_signing_documents_sent_to_idx on app_public.sent_signing_documents (sent_to_id);
create unique index sent_signing_documents_envelope_idx on app_public.sent_signing_documents (provider, envelope_id);

-- The evidence of a built-in signature (consent, typed name, IP, user agent, hashes); never readable by app_user.
create table app_private.signing_audits (
  sent_signing_document_id uuid primary key references app_public.sent_signing_documents (id) on delete cascade,
  data jsonb not null,
  created_on timestamptz not null default now()
);

-- A signing step: type 'signing' (schema {mappedSigningTemplateId, signingType}).
alter table app_public.steps drop constraint steps_type_check;
alter table app_public.steps add constraint steps_type_check
  check (type in ('custom', 'link', 'iframe', 'async_iframe', 'button', 'form', 'encrypted_form', 'signing'));

comment on table app_private.signing_settings is 'The provider a new signing account uses (written by the server at start).';
comment on table app_public.signing_accounts is E'@omit create,update,delete\nThe account''s signing account at its e-signature provider (sync: never, loading, synced, error).';
comment on table app_public.signing_templates is E'@omit create,update,delete\nA provider''s signing template as last synced.';
comment on table app_public.signing_documents is E'@omit create,update,delete\nA document of a signing template.';
comment on table app_public.mapping_roles is E'@omit create,update,delete\nWhat a signing role may be mapped to.';
comment on table app_public.mapping_fields is E'@omit create,update,delete\nWhat a signing field may be mapped to (with the test page''s mock value).';
comment on table app_public.mapped_signing_templates is E'@omit create\nA copy of a signing template''s roles and fields mapped to the platform''s data; editable only while unlocked.';
comment on table app_public.signing_roles is E'@omit create,delete\nA role of a mapped template with its mapping (mapTo, toName, toEmail).';
comment on table app_public.signing_fields is E'@omit create,delete\nA field of a mapped template with its mapping (mapTo, value).';
comment on table app_public.mapped_signing_template_question_sets is E'@omit update\nA question set a mapped template asks before signing.';
comment on table app_public.sent_signing_documents is E'@omit create,update,delete\nA document sent for signature in a signing step, with its status and the signed PDF.';

alter table app_public.signing_accounts enable row level security;
alter table app_public.signing_templates enable row level security;
alter table app_public.signing_documents enable row level security;
alter table app_public.mapping_roles enable row level security;
alter table app_public.mapping_fields enable row level security;
alter table app_public.mapped_signing_templates enable row level security;
alter table app_public.signing_roles enable row level security;
alter table app_public.signing_fields enable row level security;
alter table app_public.mapped_signing_template_question_sets enable row level security;
alter table app_public.sent_signing_documents enable row level security;

grant select on app_public.signing_accounts, app_public.signing_templates, app_public.signing_documents,
  app_public.mapping_roles, app_public.mapping_fields, app_public.mapped_signing_templates, app_public.signing_roles,
  app_public.signing_fields, app_public.mapped_signing_template_question_sets, app_public.sent_signing_documents
  to app_user;
grant update (name, locked, active, qualification_step_type) on app_public.mapped_signing_templates to app_user;
grant delete on app_public.mapped_signing_templates to app_user;
grant update (map_to, to_name, to_email) on app_public.signing_roles to app_user;
grant update (map_to, value) on app_public.signing_fields to app_user;
grant insert (id, mapped_signing_template_id, onboarding_question_set_id, execute_order), delete
  on app_public.mapped_signing_template_question_sets to app_user;

alter table app_public.signing_accounts add constraint synced_on_bounds check (app_private.check_date(synced_on));
alter table app_public.signing_templates add constraint synced_on_bounds check (app_private.check_date(synced_on));
alter table app_public.signing_templates add constraint modified_on_bounds check (app_private.check_date(modified_on));
alter table app_public.mapped_signing_templates
  add constraint template_copy_on_bounds check (app_private.check_date(template_copy_on)),
  add constraint template_updated_on_bounds check (app_private.check_date(template_updated_on));
alter table app_public.sent_signing_documents
  add constraint sent_on_bounds check (app_private.check_date(sent_on)),
  add constraint completed_on_bounds check (app_private.check_date(completed_on));

select app_private.add_text_limit('app_public.signing_accounts'::regclass, 'provider');
select app_private.add_text_limit('app_public.signing_accounts'::regclass, 'name');
select app_private.add_text_limit('app_public.signing_accounts'::regclass, 'sync_status');
select app_private.add_text_limit('app_public.signing_accounts'::regclass, 'failure', 5000, 'Failure');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'provider_template_id');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'name');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'description', 5000, 'Description');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'template_uri', 2000, 'Template URI');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'file_key');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'content_hash');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'sync_status');
select app_private.add_text_limit('app_public.signing_templates'::regclass, 'failure', 5000, 'Failure');
select app_private.add_text_limit('app_public.signing_documents'::regclass, 'provider_document_id');
select app_private.add_text_limit('app_public.signing_documents'::regclass, 'name');
select app_private.add_text_limit('app_public.mapping_roles'::regclass, 'role');
select app_private.add_text_limit('app_public.mapping_roles'::regclass, 'description', 5000, 'Description');
select app_private.add_text_limit('app_public.mapping_fields'::regclass, 'field');
select app_private.add_text_limit('app_public.mapping_fields'::regclass, 'description', 5000, 'Description');
select app_private.add_text_limit('app_public.mapping_fields'::regclass, 'test_value');
select app_private.add_text_limit('app_public.mapped_signing_templates'::regclass, 'name');
select app_private.add_text_limit('app_public.mapped_signing_templates'::regclass, 'qualification_step_type');
select app_private.add_text_limit('app_public.signing_roles'::regclass, 'name');
select app_private.add_text_limit('app_public.signing_roles'::regclass, 'type');
select app_private.add_text_limit('app_public.signing_roles'::regclass, 'map_to');
select app_private.add_text_limit('app_public.signing_roles'::regclass, 'to_name');
select app_private.add_text_limit('app_public.signing_roles'::regclass, 'to_email', 254, 'Email');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'name');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'role');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'type');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'map_to');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'value', 5000, 'Value');
select app_private.add_text_limit('app_public.signing_fields'::regclass, 'value_variable');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'provider');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'envelope_id');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'status');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'delivery');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'document_id');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'document_uri', 2000, 'Document URI');
select app_private.add_text_limit('app_public.sent_signing_documents'::regclass, 'document_sha256');

insert into app_public.mapping_roles (role, description) values
  ('investor', 'The investor who signs in onboarding.'),
  ('issuer', 'The issuer''s contact (name and e-mail of the issuer account).'),
  ('static', 'A fixed person: the mapping''s To name and To email.');

insert into app_public.mapping_fields (field, description, test_value) values
  ('static', 'A fixed value: the mapping''s Value.', null),
  ('custom', 'A value the issuer types per template: the mapping''s Value.', null),
  ('investor.name', 'Investor name', 'Jane Investor'),
  ('investor.email', 'Investor email', 'jane.investor@example.com'),
  ('investor.contactName', 'Investor contact name', 'Jane Investor'),
  ('investor.type', 'Investor account type', 'Individual'),
  ('investor.address', 'Investor address (one line)', '1 Main Street, Springfield, IL 62701'),
  ('investor.phone', 'Investor phone', '+1 555 0100'),
  ('distribution.amount', 'Units of the distribution', '1000'),
  ('distribution.price', 'Price per unit', '10.00'),
  ('distribution.total', 'Amount (units x price)', '10000.00'),
  ('round.name', 'Round name', 'Series A'),
  ('asset.name', 'Asset name', 'Acme Holdings Common'),
  ('issuer.name', 'Issuer name', 'Acme Holdings Inc.'),
  ('issuer.email', 'Issuer email', 'ir@acme.example'),
  ('date.signed', 'Date of signing (MM/dd/yyyy)', '01/31/2026'),
  ('signature', 'The signer''s signature (typed name)', 'Jane Investor'),
  ('error', 'A field the provider reports with an error.', null),
  ('not supported', 'A field type the provider does not support.', null),
  ('template provided', 'A value the template itself provides.', null);

-- Every issuer and broker account has a signing account (new ones get theirs from a trigger in sync/database/signing).
insert into app_public.signing_accounts (account_id, name)
  select a.id, 'Ledgerline Signing' from app_public.accounts a where a.type in ('issuer', 'broker');

-- Read models: kinds of the device's shared `records` collection.
insert into app_private.replicated_models (model)
  values ('signing_accounts'), ('mapped_signing_templates'), ('sent_signing_documents')
  on conflict do nothing;
