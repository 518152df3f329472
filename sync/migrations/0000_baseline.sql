-- The baseline: the tables, data, grants, comments and helper-made triggers of migrations 0001-0900 (squashed
-- into this file, their names and checksums in squashed.json), generated at commit af3db2da275f by
-- bench/make-baseline.ts (in git history) with pg_dump 15. Never edit: it is checksummed like every migration.
-- Functions, views, policies and the other triggers live in the code files (sync/database/).
do $$ begin if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pgcrypto') then create extension if not exists pgcrypto with schema public; end if; end $$;
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)


--
-- Name: app_private; Type: SCHEMA; Schema: -; Owner: -
--

create schema if not exists app_private;


--
-- Name: app_public; Type: SCHEMA; Schema: -; Owner: -
--

create schema if not exists app_public;


--
-- Name: document_upload; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.document_upload AS (
	document_id uuid,
	upload_status text,
	upload_info jsonb
);


--
-- Name: file_location; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.file_location AS (
	url text,
	fields jsonb
);


--
-- Name: offering_details; Type: TYPE; Schema: app_public; Owner: -
--

CREATE TYPE app_public.offering_details AS (
	id uuid,
	issuer_name text,
	seller_name text,
	asset_name text,
	class_name text,
	class_price numeric
);




--
-- Name: account_personal_data; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.account_personal_data (
    account_id uuid NOT NULL,
    tax_short text,
    date_of_birth date,
    formation_date date,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT account_personal_data_tax_short_check CHECK ((tax_short ~ '^[0-9A-Za-z]{0,4}$'::text))
);


--
-- Name: TABLE account_personal_data; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.account_personal_data IS 'Personal fields of accounts (tax id last 4, date of birth, an investor''s formation date); read only through app_private.account_personal_among.';


--
-- Name: changes; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.changes (
    seq bigint NOT NULL,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    model text NOT NULL,
    doc_id uuid NOT NULL,
    audience uuid[],
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    audience_types text[]
);


--
-- Name: TABLE changes; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.changes IS 'Replication change log: one row per change of a read-model document, ordered by (txid, seq).';


--
-- Name: changes_seq_seq; Type: SEQUENCE; Schema: app_private; Owner: -
--

CREATE SEQUENCE app_private.changes_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: changes_seq_seq; Type: SEQUENCE OWNED BY; Schema: app_private; Owner: -
--

ALTER SEQUENCE app_private.changes_seq_seq OWNED BY app_private.changes.seq;


--
-- Name: claim_tokens; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.claim_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    token_hash text NOT NULL,
    email text NOT NULL,
    mail_id uuid,
    requested_by uuid,
    expires_on timestamp with time zone NOT NULL,
    used_on timestamp with time zone,
    used_by uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: command_log; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.command_log (
    idempotency_key uuid NOT NULL,
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    device_id text,
    device_seq bigint,
    mutation text NOT NULL,
    variables jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text NOT NULL,
    error_code text,
    error_message text,
    result jsonb,
    created_on timestamp with time zone,
    received_on timestamp with time zone DEFAULT now() NOT NULL,
    applied_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT command_log_status_check CHECK ((status = ANY (ARRAY['accepted'::text, 'rejected'::text])))
);


--
-- Name: TABLE command_log; Type: COMMENT; Schema: app_private; Owner: -
--

COMMENT ON TABLE app_private.command_log IS 'Commands received from devices (outbox), keyed by idempotency key: applied exactly once.';


--
-- Name: delegate_invitations; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.delegate_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    party_id uuid NOT NULL,
    email text NOT NULL,
    role text DEFAULT 'account_admin'::text NOT NULL,
    claim_token_id uuid NOT NULL,
    invited_by uuid,
    accepted_by uuid,
    accepted_on timestamp with time zone,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT delegate_invitations_role_check CHECK ((role = ANY (ARRAY['account_admin'::text, 'account_viewer'::text])))
);


--
-- Name: mail_outbox; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.mail_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text,
    status text DEFAULT 'queued'::text NOT NULL,
    error text,
    delivered_on timestamp with time zone,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_on timestamp with time zone,
    CONSTRAINT mail_outbox_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT mail_outbox_kind_check CHECK ((kind ~ '^[a-z_]+$'::text)),
    CONSTRAINT mail_outbox_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'logged'::text, 'sent'::text, 'failed'::text]))),
    CONSTRAINT mail_outbox_to_address_check CHECK ((to_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))
);


--
-- Name: replicated_models; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.replicated_models (
    model text NOT NULL,
    CONSTRAINT replicated_models_model_check CHECK ((model ~ '^[a-z_]+$'::text))
);


--
-- Name: sessions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    token_hash text NOT NULL,
    user_id uuid NOT NULL,
    account_id uuid,
    expires_on timestamp with time zone NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: sign_in_failures; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.sign_in_failures (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email_hash text NOT NULL,
    ip text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: step_submissions; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.step_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    step_id uuid NOT NULL,
    data jsonb,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    sealed bytea,
    CONSTRAINT step_submissions_data_or_sealed CHECK (((data IS NULL) <> (sealed IS NULL)))
);


--
-- Name: upload_slots; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.upload_slots (
    key uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    file_name text NOT NULL,
    extension text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    size bigint,
    expires_on timestamp with time zone DEFAULT (now() + '01:00:00'::interval) NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    content text,
    CONSTRAINT upload_slots_extension_check CHECK ((extension = ANY (ARRAY['csv'::text, 'tsv'::text, 'pdf'::text, 'xls'::text, 'txt'::text]))),
    CONSTRAINT upload_slots_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'uploaded'::text, 'failed'::text])))
);


--
-- Name: user_secrets; Type: TABLE; Schema: app_private; Owner: -
--

CREATE TABLE app_private.user_secrets (
    user_id uuid NOT NULL,
    password_hash text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: account_addresses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.account_addresses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    address_id uuid NOT NULL,
    type text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT account_addresses_type_check CHECK ((type = ANY (ARRAY['primary'::text, 'mailing'::text]))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE account_addresses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.account_addresses IS '@omit create,update,delete';


--
-- Name: account_phone_numbers; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.account_phone_numbers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    phone text NOT NULL,
    is_primary boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT account_phone_numbers_phone_check CHECK ((phone ~ '^\+[1-9][0-9]{0,14}$'::text)),
    CONSTRAINT phone_length CHECK (((phone IS NULL) OR (char_length(phone) <= 40) OR app_private.text_too_long('Phone'::text, 40)))
);


--
-- Name: TABLE account_phone_numbers; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.account_phone_numbers IS '@omit create,update,delete
Written by setupAccount.';


--
-- Name: accounts; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    slug text,
    type text NOT NULL,
    email text,
    url text,
    twitter_handle text,
    contact_name text,
    support_email text,
    setup boolean DEFAULT false NOT NULL,
    tax_short text,
    company text,
    jurisdiction_id integer,
    investor_type text,
    date_of_birth date,
    formation_date date,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT accounts_email_check CHECK ((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT accounts_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT accounts_slug_check CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
    CONSTRAINT accounts_support_email_check CHECK ((support_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT accounts_tax_short_check CHECK ((tax_short ~ '^[0-9A-Za-z]{0,4}$'::text)),
    CONSTRAINT accounts_twitter_handle_check CHECK ((twitter_handle ~ '^[A-Za-z0-9_]{1,15}$'::text)),
    CONSTRAINT accounts_type_check CHECK ((type = ANY (ARRAY['admin'::text, 'agent'::text, 'ats'::text, 'investor'::text, 'issuer'::text, 'broker'::text]))),
    CONSTRAINT company_length CHECK (((company IS NULL) OR (char_length(company) <= 200) OR app_private.text_too_long('Company'::text, 200))),
    CONSTRAINT contact_name_length CHECK (((contact_name IS NULL) OR (char_length(contact_name) <= 200) OR app_private.text_too_long('Contact name'::text, 200))),
    CONSTRAINT date_of_birth_bounds CHECK (app_private.check_date(date_of_birth)),
    CONSTRAINT email_length CHECK (((email IS NULL) OR (char_length(email) <= 254) OR app_private.text_too_long('Email'::text, 254))),
    CONSTRAINT formation_date_bounds CHECK (app_private.check_date(formation_date)),
    CONSTRAINT investor_type_length CHECK (((investor_type IS NULL) OR (char_length(investor_type) <= 200) OR app_private.text_too_long('Investor type'::text, 200))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT slug_length CHECK (((slug IS NULL) OR (char_length(slug) <= 200) OR app_private.text_too_long('Slug'::text, 200))),
    CONSTRAINT support_email_length CHECK (((support_email IS NULL) OR (char_length(support_email) <= 254) OR app_private.text_too_long('Support email'::text, 254))),
    CONSTRAINT tax_short_length CHECK (((tax_short IS NULL) OR (char_length(tax_short) <= 200) OR app_private.text_too_long('Tax ID'::text, 200))),
    CONSTRAINT twitter_handle_length CHECK (((twitter_handle IS NULL) OR (char_length(twitter_handle) <= 15) OR app_private.text_too_long('Twitter handle'::text, 15))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200))),
    CONSTRAINT url_length CHECK (((url IS NULL) OR (char_length(url) <= 2000) OR app_private.text_too_long('URL'::text, 2000)))
);


--
-- Name: TABLE accounts; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.accounts IS '@omit create,delete
An organisation or person acting in the product: admin, agent, ats, investor, issuer or broker.';


--
-- Name: COLUMN accounts.tax_short; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.accounts.tax_short IS '@behavior -select -filterBy -orderBy';


--
-- Name: COLUMN accounts.date_of_birth; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.accounts.date_of_birth IS '@behavior -select -filterBy -orderBy';


--
-- Name: COLUMN accounts.formation_date; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.accounts.formation_date IS '@behavior -select -filterBy -orderBy';


--
-- Name: addresses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.addresses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    line_one text NOT NULL,
    line_two text,
    line_three text,
    line_four text,
    city text NOT NULL,
    province text DEFAULT ''::text NOT NULL,
    postal_code text DEFAULT ''::text NOT NULL,
    country_id integer NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT city_length CHECK (((city IS NULL) OR (char_length(city) <= 200) OR app_private.text_too_long('City'::text, 200))),
    CONSTRAINT line_four_length CHECK (((line_four IS NULL) OR (char_length(line_four) <= 200) OR app_private.text_too_long('Line four'::text, 200))),
    CONSTRAINT line_one_length CHECK (((line_one IS NULL) OR (char_length(line_one) <= 200) OR app_private.text_too_long('Line one'::text, 200))),
    CONSTRAINT line_three_length CHECK (((line_three IS NULL) OR (char_length(line_three) <= 200) OR app_private.text_too_long('Line three'::text, 200))),
    CONSTRAINT line_two_length CHECK (((line_two IS NULL) OR (char_length(line_two) <= 200) OR app_private.text_too_long('Line two'::text, 200))),
    CONSTRAINT postal_code_length CHECK (((postal_code IS NULL) OR (char_length(postal_code) <= 200) OR app_private.text_too_long('Postal code'::text, 200))),
    CONSTRAINT province_length CHECK (((province IS NULL) OR (char_length(province) <= 200) OR app_private.text_too_long('Province'::text, 200)))
);


--
-- Name: TABLE addresses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.addresses IS '@omit create,delete';


--
-- Name: allocation_annotations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.allocation_annotations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    allocation_id uuid NOT NULL,
    annotation text NOT NULL,
    author_id uuid DEFAULT app_private.current_user_id(),
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT allocation_annotations_annotation_check CHECK ((length(TRIM(BOTH FROM annotation)) > 0)),
    CONSTRAINT annotation_length CHECK (((annotation IS NULL) OR (char_length(annotation) <= 5000) OR app_private.text_too_long('Note'::text, 5000)))
);


--
-- Name: TABLE allocation_annotations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.allocation_annotations IS '@omit update,delete';


--
-- Name: allocation_email_preferences; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.allocation_email_preferences (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    allocation_id uuid NOT NULL,
    send_distribution boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: TABLE allocation_email_preferences; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.allocation_email_preferences IS '@omit delete';


--
-- Name: allocation_offering_links; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.allocation_offering_links (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    allocation_id uuid NOT NULL,
    agent_id uuid,
    name text NOT NULL,
    authorized_link text,
    unauthorized_link text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT authorized_link_length CHECK (((authorized_link IS NULL) OR (char_length(authorized_link) <= 2000) OR app_private.text_too_long('Authorized link'::text, 2000))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT unauthorized_link_length CHECK (((unauthorized_link IS NULL) OR (char_length(unauthorized_link) <= 2000) OR app_private.text_too_long('Unauthorized link'::text, 2000)))
);


--
-- Name: allocation_qualifications; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.allocation_qualifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    allocation_id uuid NOT NULL,
    vendor_qualification_id uuid NOT NULL,
    execute_order integer DEFAULT 0 NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: allocations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.allocations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    round_id uuid NOT NULL,
    owner_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    name text NOT NULL,
    status text DEFAULT 'drafted'::text NOT NULL,
    opens_on timestamp with time zone NOT NULL,
    closes_on timestamp with time zone NOT NULL,
    blockchain_address_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT allocations_status_check CHECK ((status = ANY (ARRAY['drafted'::text, 'open'::text, 'active'::text, 'closed'::text, 'stale'::text]))),
    CONSTRAINT closes_on_bounds CHECK (app_private.check_date(closes_on)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT opens_on_bounds CHECK (app_private.check_date(opens_on)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: TABLE allocations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.allocations IS '@omit delete';


--
-- Name: asset_types; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.asset_types (
    type text NOT NULL,
    name text NOT NULL,
    accounting_type text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT accounting_type_length CHECK (((accounting_type IS NULL) OR (char_length(accounting_type) <= 200) OR app_private.text_too_long('Accounting type'::text, 200))),
    CONSTRAINT asset_types_accounting_type_check CHECK ((accounting_type = ANY (ARRAY['equity'::text, 'debt'::text, 'fund'::text]))),
    CONSTRAINT asset_types_type_check CHECK ((length(TRIM(BOTH FROM type)) > 0)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE asset_types; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.asset_types IS '@omit delete';


--
-- Name: assets; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.assets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    issuer_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    status text DEFAULT 'drafted'::text NOT NULL,
    authorized_total numeric NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT assets_authorized_total_check CHECK ((authorized_total >= (0)::numeric)),
    CONSTRAINT assets_status_check CHECK ((status = ANY (ARRAY['drafted'::text, 'active'::text, 'closed'::text, 'stale'::text]))),
    CONSTRAINT authorized_total_bounds CHECK (app_private.units_ok(authorized_total)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE assets; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.assets IS '@omit delete';


--
-- Name: blockchain_addresses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.blockchain_addresses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    address text NOT NULL,
    chain text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT address_length CHECK (((address IS NULL) OR (char_length(address) <= 200) OR app_private.text_too_long('Address'::text, 200))),
    CONSTRAINT blockchain_addresses_address_check CHECK ((length(btrim(address)) > 0)),
    CONSTRAINT blockchain_addresses_chain_check CHECK ((length(btrim(chain)) > 0)),
    CONSTRAINT chain_length CHECK (((chain IS NULL) OR (char_length(chain) <= 200) OR app_private.text_too_long('Chain'::text, 200)))
);


--
-- Name: broker_allocations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.broker_allocations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    round_id uuid NOT NULL,
    broker_id uuid NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    managed_units numeric DEFAULT 0 NOT NULL,
    status text DEFAULT 'sent'::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT broker_allocations_managed_units_check CHECK ((managed_units >= (0)::numeric)),
    CONSTRAINT broker_allocations_status_check CHECK ((status = ANY (ARRAY['sent'::text, 'accepted'::text, 'rejected'::text]))),
    CONSTRAINT managed_units_bounds CHECK (app_private.units_ok(managed_units)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: TABLE broker_allocations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.broker_allocations IS '@omit delete';


--
-- Name: cap_table_entries; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.cap_table_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    token_id uuid NOT NULL,
    investor_id uuid NOT NULL,
    blockchain_address_id uuid,
    amount numeric DEFAULT 0 NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.units_ok(amount)),
    CONSTRAINT cap_table_entries_amount_check CHECK ((amount >= (0)::numeric))
);


--
-- Name: capital_deployments; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.capital_deployments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    round_id uuid NOT NULL,
    amount numeric NOT NULL,
    deployed_on timestamp with time zone DEFAULT now() NOT NULL,
    description text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.money_ok(amount)),
    CONSTRAINT capital_deployments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT deployed_on_bounds CHECK (app_private.check_date(deployed_on)),
    CONSTRAINT description_length CHECK (((description IS NULL) OR (char_length(description) <= 5000) OR app_private.text_too_long('Description'::text, 5000)))
);


--
-- Name: contracts; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.contracts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    token_id uuid NOT NULL,
    chain text NOT NULL,
    status text DEFAULT 'not_deployed'::text NOT NULL,
    contract_address text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_length CHECK (((chain IS NULL) OR (char_length(chain) <= 200) OR app_private.text_too_long('Chain'::text, 200))),
    CONSTRAINT contract_address_length CHECK (((contract_address IS NULL) OR (char_length(contract_address) <= 200) OR app_private.text_too_long('Contract address'::text, 200))),
    CONSTRAINT contracts_chain_check CHECK ((length(btrim(chain)) > 0)),
    CONSTRAINT contracts_status_check CHECK ((status = ANY (ARRAY['not_deployed'::text, 'deploying'::text, 'deployed'::text, 'issuing'::text, 'issued'::text]))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: countries; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.countries (
    id integer NOT NULL,
    name text NOT NULL,
    alpha2 text NOT NULL,
    alpha3 text NOT NULL,
    num text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT alpha2_length CHECK (((alpha2 IS NULL) OR (char_length(alpha2) <= 200) OR app_private.text_too_long('Alpha2'::text, 200))),
    CONSTRAINT alpha3_length CHECK (((alpha3 IS NULL) OR (char_length(alpha3) <= 200) OR app_private.text_too_long('Alpha3'::text, 200))),
    CONSTRAINT countries_alpha2_check CHECK ((alpha2 ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT countries_alpha3_check CHECK ((alpha3 ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT countries_num_check CHECK ((num ~ '^[0-9]{3}$'::text)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT num_length CHECK (((num IS NULL) OR (char_length(num) <= 200) OR app_private.text_too_long('Num'::text, 200)))
);


--
-- Name: TABLE countries; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.countries IS '@omit create,update,delete
ISO 3166 countries; id is the numeric code.';


--
-- Name: country_provinces; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.country_provinces (
    id integer NOT NULL,
    country_id integer NOT NULL,
    name text NOT NULL,
    code text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT code_length CHECK (((code IS NULL) OR (char_length(code) <= 200) OR app_private.text_too_long('Code'::text, 200))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200)))
);


--
-- Name: TABLE country_provinces; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.country_provinces IS '@omit create,update,delete';


--
-- Name: country_provinces_id_seq; Type: SEQUENCE; Schema: app_public; Owner: -
--

ALTER TABLE app_public.country_provinces ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME app_public.country_provinces_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: currencies; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.currencies (
    id integer NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    symbol text DEFAULT ''::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT code_length CHECK (((code IS NULL) OR (char_length(code) <= 200) OR app_private.text_too_long('Code'::text, 200))),
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT symbol_length CHECK (((symbol IS NULL) OR (char_length(symbol) <= 200) OR app_private.text_too_long('Symbol'::text, 200)))
);


--
-- Name: TABLE currencies; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.currencies IS '@omit create,update,delete
Currency options: USD only (id 1).';


--
-- Name: customers; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.customers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    investor_id uuid NOT NULL,
    email text NOT NULL,
    name text,
    status text DEFAULT 'active'::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_email_check CHECK ((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT customers_status_check CHECK ((status = ANY (ARRAY['active'::text, 'invited'::text, 'archived'::text]))),
    CONSTRAINT email_length CHECK (((email IS NULL) OR (char_length(email) <= 254) OR app_private.text_too_long('Email'::text, 254))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: TABLE customers; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.customers IS '@omit create,delete
Created by makeCustomer (and makeDistribution).';


--
-- Name: distribution_annotations; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distribution_annotations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    annotation text NOT NULL,
    author_id uuid DEFAULT app_private.current_user_id(),
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT annotation_length CHECK (((annotation IS NULL) OR (char_length(annotation) <= 5000) OR app_private.text_too_long('Note'::text, 5000))),
    CONSTRAINT distribution_annotations_annotation_check CHECK ((length(TRIM(BOTH FROM annotation)) > 0))
);


--
-- Name: TABLE distribution_annotations; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.distribution_annotations IS '@omit update,delete';


--
-- Name: distribution_custom_fields; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distribution_custom_fields (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    name text NOT NULL,
    value text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT distribution_custom_fields_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Custom field name'::text, 200))),
    CONSTRAINT value_length CHECK (((value IS NULL) OR (char_length(value) <= 5000) OR app_private.text_too_long('Custom field value'::text, 5000)))
);


--
-- Name: distribution_payments; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distribution_payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    currency_id integer DEFAULT 1 NOT NULL,
    amount numeric NOT NULL,
    paid_on timestamp with time zone NOT NULL,
    status text DEFAULT 'paid'::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.money_ok(amount)),
    CONSTRAINT distribution_payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT distribution_payments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'paid'::text, 'failed'::text, 'refunded'::text]))),
    CONSTRAINT paid_on_bounds CHECK (app_private.check_date(paid_on)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: distribution_prices; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distribution_prices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    currency_id integer DEFAULT 1 NOT NULL,
    price numeric NOT NULL,
    is_purchase boolean DEFAULT false NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT distribution_prices_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT price_bounds CHECK (app_private.price_ok(price))
);


--
-- Name: distribution_qualifications; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distribution_qualifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    vendor_qualification_id uuid NOT NULL,
    execute_order integer DEFAULT 0 NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: distributions; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.distributions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    allocation_id uuid NOT NULL,
    investor_id uuid NOT NULL,
    name text,
    amount numeric NOT NULL,
    status text DEFAULT 'drafted'::text NOT NULL,
    locked boolean DEFAULT false NOT NULL,
    issuance_status text DEFAULT 'not_issued'::text NOT NULL,
    purchase_price numeric,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.units_ok(amount)),
    CONSTRAINT distributions_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT distributions_issuance_status_check CHECK ((issuance_status = ANY (ARRAY['not_issued'::text, 'requested'::text, 'issued'::text, 'failed'::text]))),
    CONSTRAINT distributions_purchase_price_check CHECK ((purchase_price >= (0)::numeric)),
    CONSTRAINT distributions_status_check CHECK ((status = ANY (ARRAY['drafted'::text, 'open'::text, 'closed'::text]))),
    CONSTRAINT issuance_status_length CHECK (((issuance_status IS NULL) OR (char_length(issuance_status) <= 200) OR app_private.text_too_long('Issuance status'::text, 200))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT purchase_price_bounds CHECK (app_private.price_ok(purchase_price)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: TABLE distributions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.distributions IS '@omit create,delete
Created by makeDistribution.';


--
-- Name: COLUMN distributions.purchase_price; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.distributions.purchase_price IS '@behavior -select -filterBy -orderBy';


--
-- Name: dividend_payments; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.dividend_payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    holding_id uuid NOT NULL,
    amount numeric NOT NULL,
    paid_on date DEFAULT CURRENT_DATE NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.money_ok(amount)),
    CONSTRAINT dividend_payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT paid_on_bounds CHECK (app_private.check_date(paid_on))
);


--
-- Name: TABLE dividend_payments; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.dividend_payments IS '@omit create,update,delete
A dividend paid out to the holder of a holding; recorded by makeDividendPayment.';


--
-- Name: document_sharing_allowed_shares; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.document_sharing_allowed_shares (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    type text NOT NULL,
    from_account_type text NOT NULL,
    to_role text NOT NULL,
    name text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT document_sharing_allowed_shares_from_account_type_check CHECK ((from_account_type = ANY (ARRAY['admin'::text, 'agent'::text, 'ats'::text, 'investor'::text, 'issuer'::text, 'broker'::text]))),
    CONSTRAINT document_sharing_allowed_shares_to_role_check CHECK ((to_role = ANY (ARRAY['admin'::text, 'agent'::text, 'ats'::text, 'investor'::text, 'issuer'::text, 'broker'::text]))),
    CONSTRAINT document_sharing_allowed_shares_type_check CHECK ((type = ANY (ARRAY['security'::text, 'holding'::text]))),
    CONSTRAINT from_account_type_length CHECK (((from_account_type IS NULL) OR (char_length(from_account_type) <= 200) OR app_private.text_too_long('From account type'::text, 200))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT to_role_length CHECK (((to_role IS NULL) OR (char_length(to_role) <= 200) OR app_private.text_too_long('To role'::text, 200))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE document_sharing_allowed_shares; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.document_sharing_allowed_shares IS '@omit delete';


--
-- Name: document_sharings; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.document_sharings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    document_id uuid NOT NULL,
    to_role text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT document_sharings_to_role_check CHECK ((to_role = ANY (ARRAY['admin'::text, 'agent'::text, 'ats'::text, 'investor'::text, 'issuer'::text, 'broker'::text]))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT to_role_length CHECK (((to_role IS NULL) OR (char_length(to_role) <= 200) OR app_private.text_too_long('To role'::text, 200)))
);


--
-- Name: TABLE document_sharings; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.document_sharings IS '@omit update';


--
-- Name: documents; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.documents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    extension text NOT NULL,
    upload_status text DEFAULT 'pending'::text NOT NULL,
    uploaded_by_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    file_key text,
    security_id uuid,
    holding_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT documents_check CHECK ((((type = 'security'::text) AND (security_id IS NOT NULL) AND (holding_id IS NULL)) OR ((type = 'holding'::text) AND (holding_id IS NOT NULL) AND (security_id IS NULL)))),
    CONSTRAINT documents_extension_check CHECK ((extension = ANY (ARRAY['csv'::text, 'tsv'::text, 'pdf'::text, 'xls'::text, 'txt'::text]))),
    CONSTRAINT documents_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT documents_type_check CHECK ((type = ANY (ARRAY['security'::text, 'holding'::text]))),
    CONSTRAINT documents_upload_status_check CHECK ((upload_status = ANY (ARRAY['pending'::text, 'uploaded'::text, 'failed'::text]))),
    CONSTRAINT extension_length CHECK (((extension IS NULL) OR (char_length(extension) <= 200) OR app_private.text_too_long('Extension'::text, 200))),
    CONSTRAINT file_key_length CHECK (((file_key IS NULL) OR (char_length(file_key) <= 200) OR app_private.text_too_long('File key'::text, 200))),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200))),
    CONSTRAINT upload_status_length CHECK (((upload_status IS NULL) OR (char_length(upload_status) <= 200) OR app_private.text_too_long('Upload status'::text, 200)))
);


--
-- Name: holding_blockchain_addresses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.holding_blockchain_addresses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    holding_id uuid NOT NULL,
    blockchain_address_id uuid NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    chain text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_length CHECK (((chain IS NULL) OR (char_length(chain) <= 200) OR app_private.text_too_long('Chain'::text, 200))),
    CONSTRAINT holding_blockchain_addresses_chain_check CHECK ((length(btrim(chain)) > 0)),
    CONSTRAINT holding_blockchain_addresses_status_check CHECK ((length(btrim(status)) > 0)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: holdings; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.holdings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    security_id uuid NOT NULL,
    round_id uuid NOT NULL,
    investor_id uuid NOT NULL,
    distribution_id uuid,
    amount numeric NOT NULL,
    purchase_price numeric,
    issued_on timestamp with time zone DEFAULT now() NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    paid_out_dividends numeric DEFAULT 0 NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.units_ok(amount)),
    CONSTRAINT holdings_amount_check CHECK ((amount >= (0)::numeric)),
    CONSTRAINT holdings_paid_out_dividends_check CHECK ((paid_out_dividends >= (0)::numeric)),
    CONSTRAINT holdings_purchase_price_check CHECK ((purchase_price >= (0)::numeric)),
    CONSTRAINT issued_on_bounds CHECK (app_private.check_date(issued_on)),
    CONSTRAINT paid_out_dividends_bounds CHECK (app_private.money_ok(paid_out_dividends)),
    CONSTRAINT purchase_price_bounds CHECK (app_private.price_ok(purchase_price))
);


--
-- Name: TABLE holdings; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.holdings IS '@omit create,update,delete
Created by makeTaRequestDistributionIssuances.';


--
-- Name: COLUMN holdings.paid_out_dividends; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON COLUMN app_public.holdings.paid_out_dividends IS 'The sum of the dividends paid out on the holding (kept from dividend_payments).';


--
-- Name: investor_account_types; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.investor_account_types (
    type text NOT NULL,
    is_individual boolean DEFAULT false NOT NULL,
    is_joint boolean DEFAULT false NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT investor_account_types_type_check CHECK ((length(TRIM(BOTH FROM type)) > 0)),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE investor_account_types; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.investor_account_types IS '@omit delete';


--
-- Name: ledger_entries; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.ledger_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    transaction_id uuid NOT NULL,
    holding_id uuid,
    investor_id uuid NOT NULL,
    amount numeric NOT NULL,
    token_id uuid,
    blockchain_address_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT amount_bounds CHECK (app_private.signed_units_ok(amount))
);


--
-- Name: TABLE ledger_entries; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.ledger_entries IS '@omit create,update,delete
Append-only.';


--
-- Name: managed_accounts; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.managed_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    creator_id uuid,
    manager_id uuid NOT NULL,
    account_id uuid NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: TABLE managed_accounts; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.managed_accounts IS '@omit create,update,delete
Written by makeIssuerAccount.';


--
-- Name: parties; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.parties (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid NOT NULL,
    user_id uuid,
    email text,
    first_name text NOT NULL,
    last_name text NOT NULL,
    tax_short text,
    date_of_birth date,
    us_citizen boolean DEFAULT false NOT NULL,
    allow_login boolean DEFAULT false NOT NULL,
    is_primary boolean DEFAULT false NOT NULL,
    role text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT date_of_birth_bounds CHECK (app_private.check_date(date_of_birth)),
    CONSTRAINT email_length CHECK (((email IS NULL) OR (char_length(email) <= 254) OR app_private.text_too_long('Email'::text, 254))),
    CONSTRAINT first_name_length CHECK (((first_name IS NULL) OR (char_length(first_name) <= 200) OR app_private.text_too_long('First name'::text, 200))),
    CONSTRAINT last_name_length CHECK (((last_name IS NULL) OR (char_length(last_name) <= 200) OR app_private.text_too_long('Last name'::text, 200))),
    CONSTRAINT parties_email_check CHECK ((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    CONSTRAINT parties_role_check CHECK ((role = ANY (ARRAY['Trustee'::text, 'Individual'::text, 'Administrator'::text, 'Officer'::text, 'Managing Member'::text, 'Partner'::text, 'Beneficiary'::text]))),
    CONSTRAINT parties_tax_short_check CHECK ((tax_short ~ '^[0-9A-Za-z]{0,4}$'::text)),
    CONSTRAINT role_length CHECK (((role IS NULL) OR (char_length(role) <= 200) OR app_private.text_too_long('Role'::text, 200))),
    CONSTRAINT tax_short_length CHECK (((tax_short IS NULL) OR (char_length(tax_short) <= 200) OR app_private.text_too_long('Tax ID'::text, 200)))
);


--
-- Name: TABLE parties; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.parties IS '@omit create,delete';


--
-- Name: party_addresses; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.party_addresses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    party_id uuid NOT NULL,
    address_id uuid NOT NULL,
    type text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT party_addresses_type_check CHECK ((type = ANY (ARRAY['primary'::text, 'mailing'::text]))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE party_addresses; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.party_addresses IS '@omit create,update,delete';


--
-- Name: processes; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.processes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid NOT NULL,
    investor_id uuid NOT NULL,
    status text DEFAULT 'not_started'::text NOT NULL,
    current_step_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT processes_status_check CHECK ((status = ANY (ARRAY['not_started'::text, 'in_progress'::text, 'processing'::text, 'complete'::text, 'failed'::text]))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200)))
);


--
-- Name: TABLE processes; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.processes IS '@omit create,update,delete
The onboarding step process of a distribution.';


--
-- Name: rounds; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.rounds (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    asset_id uuid NOT NULL,
    name text NOT NULL,
    opens_on timestamp with time zone NOT NULL,
    closes_on timestamp with time zone NOT NULL,
    status text DEFAULT 'drafted'::text NOT NULL,
    total numeric NOT NULL,
    terms_url text NOT NULL,
    price numeric NOT NULL,
    managed_units numeric DEFAULT 0 NOT NULL,
    security_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT closes_on_bounds CHECK (app_private.check_date(closes_on)),
    CONSTRAINT managed_units_bounds CHECK (app_private.units_ok(managed_units)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT opens_on_bounds CHECK (app_private.check_date(opens_on)),
    CONSTRAINT price_bounds CHECK (app_private.price_ok(price)),
    CONSTRAINT rounds_managed_units_check CHECK ((managed_units >= (0)::numeric)),
    CONSTRAINT rounds_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT rounds_status_check CHECK ((status = ANY (ARRAY['drafted'::text, 'active'::text, 'closed'::text, 'stale'::text]))),
    CONSTRAINT rounds_total_check CHECK ((total >= (0)::numeric)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT terms_url_length CHECK (((terms_url IS NULL) OR (char_length(terms_url) <= 2000) OR app_private.text_too_long('Dataroom Url'::text, 2000))),
    CONSTRAINT total_bounds CHECK (app_private.units_ok(total))
);


--
-- Name: TABLE rounds; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.rounds IS '@omit create,delete
Created by makeRound and makeTranche.';


--
-- Name: securities; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.securities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    issuer_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    name text NOT NULL,
    ticker text,
    symbol text,
    total numeric NOT NULL,
    unit_value numeric,
    blockchain_address_id uuid,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT securities_total_check CHECK ((total >= (0)::numeric)),
    CONSTRAINT securities_unit_value_check CHECK ((unit_value >= (0)::numeric)),
    CONSTRAINT symbol_length CHECK (((symbol IS NULL) OR (char_length(symbol) <= 200) OR app_private.text_too_long('Symbol'::text, 200))),
    CONSTRAINT ticker_length CHECK (((ticker IS NULL) OR (char_length(ticker) <= 200) OR app_private.text_too_long('Ticker'::text, 200))),
    CONSTRAINT total_bounds CHECK (app_private.units_ok(total)),
    CONSTRAINT unit_value_bounds CHECK (app_private.price_ok(unit_value))
);


--
-- Name: TABLE securities; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.securities IS '@omit delete';


--
-- Name: security_listings; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.security_listings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    security_id uuid NOT NULL,
    exchange_id uuid NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: steps; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.steps (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    process_id uuid NOT NULL,
    parent_id uuid,
    distribution_qualification_id uuid,
    "order" integer NOT NULL,
    status text DEFAULT 'not_started'::text NOT NULL,
    type text NOT NULL,
    render_attributes jsonb DEFAULT '{}'::jsonb NOT NULL,
    schema jsonb DEFAULT '{}'::jsonb NOT NULL,
    output_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_limit integer DEFAULT 3 NOT NULL,
    completed_on timestamp with time zone,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT completed_on_bounds CHECK (app_private.check_date(completed_on)),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT steps_output_data_check CHECK ((jsonb_typeof(output_data) = 'object'::text)),
    CONSTRAINT steps_render_attributes_check CHECK ((jsonb_typeof(render_attributes) = 'object'::text)),
    CONSTRAINT steps_retry_count_check CHECK ((retry_count >= 0)),
    CONSTRAINT steps_retry_limit_check CHECK ((retry_limit > 0)),
    CONSTRAINT steps_schema_check CHECK ((jsonb_typeof(schema) = 'object'::text)),
    CONSTRAINT steps_status_check CHECK ((status = ANY (ARRAY['not_started'::text, 'in_progress'::text, 'processing'::text, 'complete'::text, 'failed'::text, 'restart'::text, 'retry'::text, 'retry_limit'::text]))),
    CONSTRAINT steps_type_check CHECK ((type = ANY (ARRAY['custom'::text, 'link'::text, 'iframe'::text, 'async_iframe'::text, 'button'::text, 'form'::text, 'encrypted_form'::text]))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE steps; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.steps IS '@omit create,update,delete
A step of an onboarding process; written by completeStep and the providers.';


--
-- Name: terms_acceptances; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.terms_acceptances (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    terms_id uuid NOT NULL,
    user_id uuid DEFAULT app_private.current_user_id() NOT NULL,
    accepted_on timestamp with time zone DEFAULT now() NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT accepted_on_bounds CHECK (app_private.check_date(accepted_on))
);


--
-- Name: TABLE terms_acceptances; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.terms_acceptances IS '@omit create,update,delete
Written by acceptTerms.';


--
-- Name: terms_of_service; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.terms_of_service (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    type text NOT NULL,
    agreement text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT agreement_length CHECK (((agreement IS NULL) OR (char_length(agreement) <= 100000) OR app_private.text_too_long('Agreement'::text, 100000))),
    CONSTRAINT terms_of_service_type_check CHECK ((type = ANY (ARRAY['html'::text, 'text'::text]))),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: TABLE terms_of_service; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.terms_of_service IS '@omit delete';


--
-- Name: tokens; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    round_id uuid NOT NULL,
    name text NOT NULL,
    symbol text NOT NULL,
    type text DEFAULT 'Security'::text NOT NULL,
    status text DEFAULT 'not_deployed'::text NOT NULL,
    total numeric DEFAULT 0 NOT NULL,
    "precision" integer DEFAULT 0 NOT NULL,
    coinbase_buy_price_usd numeric,
    coinbase_sell_price_usd numeric,
    coinbase_spot_price_usd numeric,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT coinbase_buy_price_usd_bounds CHECK (app_private.price_ok(coinbase_buy_price_usd)),
    CONSTRAINT coinbase_sell_price_usd_bounds CHECK (app_private.price_ok(coinbase_sell_price_usd)),
    CONSTRAINT coinbase_spot_price_usd_bounds CHECK (app_private.price_ok(coinbase_spot_price_usd)),
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 40) OR app_private.text_too_long('Token name'::text, 40))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT symbol_length CHECK (((symbol IS NULL) OR (char_length(symbol) <= 40) OR app_private.text_too_long('Token symbol'::text, 40))),
    CONSTRAINT tokens_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 40))),
    CONSTRAINT tokens_precision_check CHECK ((("precision" >= 0) AND ("precision" <= 18))),
    CONSTRAINT tokens_status_check CHECK ((status = ANY (ARRAY['system_only'::text, 'burning'::text, 'not_deployed'::text, 'deploying'::text, 'deployed'::text, 'issuing'::text, 'issued'::text]))),
    CONSTRAINT tokens_symbol_check CHECK (((length(btrim(symbol)) >= 1) AND (length(btrim(symbol)) <= 40))),
    CONSTRAINT tokens_total_check CHECK ((total >= (0)::numeric)),
    CONSTRAINT tokens_type_check CHECK ((length(btrim(type)) > 0)),
    CONSTRAINT total_bounds CHECK (app_private.units_ok(total)),
    CONSTRAINT type_length CHECK (((type IS NULL) OR (char_length(type) <= 200) OR app_private.text_too_long('Type'::text, 200)))
);


--
-- Name: tranche_bond_data; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.tranche_bond_data (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    round_id uuid NOT NULL,
    term numeric NOT NULL,
    coupon numeric NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT coupon_bounds CHECK (app_private.percent_ok(coupon)),
    CONSTRAINT term_bounds CHECK (app_private.years_ok(term)),
    CONSTRAINT tranche_bond_data_coupon_check CHECK ((coupon >= (0)::numeric)),
    CONSTRAINT tranche_bond_data_term_check CHECK ((term > (0)::numeric))
);


--
-- Name: TABLE tranche_bond_data; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.tranche_bond_data IS '@omit create,delete
Created by makeTranche.';


--
-- Name: transactions; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.transactions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    issuer_id uuid NOT NULL,
    round_id uuid,
    broker_id uuid,
    chain_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: TABLE transactions; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.transactions IS '@omit create,update,delete
Append-only.';


--
-- Name: user_emails; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.user_emails (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    email text NOT NULL,
    is_primary boolean DEFAULT true NOT NULL,
    is_verified boolean DEFAULT false NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT email_length CHECK (((email IS NULL) OR (char_length(email) <= 254) OR app_private.text_too_long('Email'::text, 254))),
    CONSTRAINT user_emails_email_check CHECK ((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))
);


--
-- Name: TABLE user_emails; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.user_emails IS '@omit create,update,delete';


--
-- Name: users; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT first_name_length CHECK (((first_name IS NULL) OR (char_length(first_name) <= 200) OR app_private.text_too_long('First name'::text, 200))),
    CONSTRAINT last_name_length CHECK (((last_name IS NULL) OR (char_length(last_name) <= 200) OR app_private.text_too_long('Last name'::text, 200))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT users_status_check CHECK ((status = ANY (ARRAY['active'::text, 'suspended'::text])))
);


--
-- Name: TABLE users; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.users IS '@omit create,delete
A person who signs in. Sign-up creates users (app_private).';


--
-- Name: users_accounts; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.users_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    role text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT role_length CHECK (((role IS NULL) OR (char_length(role) <= 200) OR app_private.text_too_long('Role'::text, 200))),
    CONSTRAINT status_length CHECK (((status IS NULL) OR (char_length(status) <= 200) OR app_private.text_too_long('Status'::text, 200))),
    CONSTRAINT users_accounts_role_check CHECK ((role = ANY (ARRAY['account_owner'::text, 'account_admin'::text, 'account_viewer'::text]))),
    CONSTRAINT users_accounts_status_check CHECK ((status = ANY (ARRAY['active'::text, 'suspended'::text])))
);


--
-- Name: TABLE users_accounts; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.users_accounts IS '@omit create,delete
Membership of a user in an account (delegates).';


--
-- Name: vendor_default_email_preferences; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.vendor_default_email_preferences (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    send_distribution boolean DEFAULT true NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: TABLE vendor_default_email_preferences; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.vendor_default_email_preferences IS '@omit delete';


--
-- Name: vendor_qualifications; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.vendor_qualifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    account_id uuid DEFAULT app_private.current_account_id() NOT NULL,
    name text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    steps jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT name_length CHECK (((name IS NULL) OR (char_length(name) <= 200) OR app_private.text_too_long('Name'::text, 200))),
    CONSTRAINT vendor_qualifications_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT vendor_qualifications_steps_check CHECK ((jsonb_typeof(steps) = 'array'::text))
);


--
-- Name: TABLE vendor_qualifications; Type: COMMENT; Schema: app_public; Owner: -
--

COMMENT ON TABLE app_public.vendor_qualifications IS '@omit delete
A qualification an issuer or broker requires; `steps` are the step templates it adds to a process.';


--
-- Name: vesting_schedules; Type: TABLE; Schema: app_public; Owner: -
--

CREATE TABLE app_public.vesting_schedules (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    distribution_id uuid,
    allocation_id uuid,
    cliff integer DEFAULT 1 NOT NULL,
    periods integer NOT NULL,
    duration text DEFAULT 'month'::text NOT NULL,
    automatic boolean DEFAULT true NOT NULL,
    starts_on timestamp with time zone DEFAULT now() NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT duration_length CHECK (((duration IS NULL) OR (char_length(duration) <= 200) OR app_private.text_too_long('Duration'::text, 200))),
    CONSTRAINT starts_on_bounds CHECK (app_private.check_date(starts_on)),
    CONSTRAINT vesting_schedules_check CHECK (((distribution_id IS NULL) <> (allocation_id IS NULL))),
    CONSTRAINT vesting_schedules_cliff_check CHECK ((cliff >= 0)),
    CONSTRAINT vesting_schedules_duration_check CHECK ((duration = 'month'::text)),
    CONSTRAINT vesting_schedules_periods_check CHECK ((periods > 0))
);


--
-- Name: changes seq; Type: DEFAULT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.changes ALTER COLUMN seq SET DEFAULT nextval('app_private.changes_seq_seq'::regclass);


--
-- Data for Name: account_personal_data; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: changes; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: claim_tokens; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: command_log; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: delegate_invitations; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: replicated_models; Type: TABLE DATA; Schema: app_private; Owner: -
--

INSERT INTO app_private.replicated_models VALUES
	('assets'),
	('rounds'),
	('securities'),
	('allocations'),
	('distributions'),
	('holdings'),
	('customers'),
	('broker_allocations'),
	('transactions'),
	('documents'),
	('accounts');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: sign_in_failures; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: step_submissions; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: upload_slots; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: user_secrets; Type: TABLE DATA; Schema: app_private; Owner: -
--



--
-- Data for Name: account_addresses; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: account_phone_numbers; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: accounts; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: addresses; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: allocation_annotations; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: allocation_email_preferences; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: allocation_offering_links; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: allocation_qualifications; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: allocations; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: asset_types; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.asset_types VALUES
	('equity', 'Equity', 'equity', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('debt', 'Debt', 'debt', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('fund', 'Fund', 'fund', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: assets; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: blockchain_addresses; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: broker_allocations; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: cap_table_entries; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: capital_deployments; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: contracts; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: countries; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.countries VALUES
	(840, 'United States of America (the)', 'US', 'USA', '840', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(124, 'Canada', 'CA', 'CAN', '124', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(484, 'Mexico', 'MX', 'MEX', '484', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(826, 'United Kingdom of Great Britain and Northern Ireland (the)', 'GB', 'GBR', '826', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(372, 'Ireland', 'IE', 'IRL', '372', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(276, 'Germany', 'DE', 'DEU', '276', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(250, 'France', 'FR', 'FRA', '250', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(528, 'Netherlands (Kingdom of the)', 'NL', 'NLD', '528', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(756, 'Switzerland', 'CH', 'CHE', '756', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(442, 'Luxembourg', 'LU', 'LUX', '442', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(724, 'Spain', 'ES', 'ESP', '724', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(380, 'Italy', 'IT', 'ITA', '380', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(752, 'Sweden', 'SE', 'SWE', '752', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(578, 'Norway', 'NO', 'NOR', '578', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(208, 'Denmark', 'DK', 'DNK', '208', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(246, 'Finland', 'FI', 'FIN', '246', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(40, 'Austria', 'AT', 'AUT', '040', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(56, 'Belgium', 'BE', 'BEL', '056', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(620, 'Portugal', 'PT', 'PRT', '620', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(376, 'Israel', 'IL', 'ISR', '376', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(784, 'United Arab Emirates (the)', 'AE', 'ARE', '784', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(356, 'India', 'IN', 'IND', '356', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(702, 'Singapore', 'SG', 'SGP', '702', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(344, 'Hong Kong', 'HK', 'HKG', '344', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(392, 'Japan', 'JP', 'JPN', '392', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(410, 'Korea (the Republic of)', 'KR', 'KOR', '410', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(36, 'Australia', 'AU', 'AUS', '036', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(554, 'New Zealand', 'NZ', 'NZL', '554', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(76, 'Brazil', 'BR', 'BRA', '076', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(32, 'Argentina', 'AR', 'ARG', '032', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(152, 'Chile', 'CL', 'CHL', '152', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(170, 'Colombia', 'CO', 'COL', '170', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(710, 'South Africa', 'ZA', 'ZAF', '710', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(566, 'Nigeria', 'NG', 'NGA', '566', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(404, 'Kenya', 'KE', 'KEN', '404', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(136, 'Cayman Islands (the)', 'KY', 'CYM', '136', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(60, 'Bermuda', 'BM', 'BMU', '060', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(92, 'Virgin Islands (British)', 'VG', 'VGB', '092', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: country_provinces; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.country_provinces VALUES
	(1, 840, 'Alabama', 'AL', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(2, 840, 'Alaska', 'AK', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(3, 840, 'Arizona', 'AZ', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(4, 840, 'Arkansas', 'AR', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(5, 840, 'California', 'CA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(6, 840, 'Colorado', 'CO', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(7, 840, 'Connecticut', 'CT', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(8, 840, 'Delaware', 'DE', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(9, 840, 'District of Columbia', 'DC', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(10, 840, 'Florida', 'FL', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(11, 840, 'Georgia', 'GA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(12, 840, 'Hawaii', 'HI', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(13, 840, 'Idaho', 'ID', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(14, 840, 'Illinois', 'IL', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(15, 840, 'Indiana', 'IN', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(16, 840, 'Iowa', 'IA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(17, 840, 'Kansas', 'KS', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(18, 840, 'Kentucky', 'KY', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(19, 840, 'Louisiana', 'LA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(20, 840, 'Maine', 'ME', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(21, 840, 'Maryland', 'MD', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(22, 840, 'Massachusetts', 'MA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(23, 840, 'Michigan', 'MI', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(24, 840, 'Minnesota', 'MN', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(25, 840, 'Mississippi', 'MS', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(26, 840, 'Missouri', 'MO', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(27, 840, 'Montana', 'MT', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(28, 840, 'Nebraska', 'NE', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(29, 840, 'Nevada', 'NV', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(30, 840, 'New Hampshire', 'NH', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(31, 840, 'New Jersey', 'NJ', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(32, 840, 'New Mexico', 'NM', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(33, 840, 'New York', 'NY', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(34, 840, 'North Carolina', 'NC', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(35, 840, 'North Dakota', 'ND', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(36, 840, 'Ohio', 'OH', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(37, 840, 'Oklahoma', 'OK', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(38, 840, 'Oregon', 'OR', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(39, 840, 'Pennsylvania', 'PA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(40, 840, 'Rhode Island', 'RI', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(41, 840, 'South Carolina', 'SC', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(42, 840, 'South Dakota', 'SD', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(43, 840, 'Tennessee', 'TN', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(44, 840, 'Texas', 'TX', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(45, 840, 'Utah', 'UT', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(46, 840, 'Vermont', 'VT', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(47, 840, 'Virginia', 'VA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(48, 840, 'Washington', 'WA', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(49, 840, 'West Virginia', 'WV', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(50, 840, 'Wisconsin', 'WI', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(51, 840, 'Wyoming', 'WY', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(52, 840, 'American Samoa', 'AS', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(53, 840, 'Guam', 'GU', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(54, 840, 'Northern Mariana Islands', 'MP', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(55, 840, 'Puerto Rico', 'PR', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(56, 840, 'Virgin Islands, U.S.', 'VI', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	(57, 840, 'United States Minor Outlying Islands', 'UM', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: currencies; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.currencies VALUES
	(1, 'USD', 'US Dollar', '$', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: customers; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distribution_annotations; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distribution_custom_fields; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distribution_payments; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distribution_prices; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distribution_qualifications; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: distributions; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: dividend_payments; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: document_sharing_allowed_shares; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.document_sharing_allowed_shares VALUES
	('bfe77ba7-0f55-4fba-bb80-926623e141ef', 'security', 'issuer', 'investor', 'Investors', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('bf374fb9-fa41-4988-ae67-6046723ec347', 'security', 'issuer', 'broker', 'Brokers', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('a06aaeec-f97c-4379-a17d-68e5b930febc', 'security', 'issuer', 'ats', 'Trading systems', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('44ce64b0-6bae-4a5a-b954-7ca9577f6af9', 'security', 'ats', 'issuer', 'Issuer', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('1f0f1769-b2f8-48d8-a0e2-c9bf5034e201', 'holding', 'issuer', 'investor', 'Investor', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('5841636c-7c98-4e4e-868e-07e7c45a84fd', 'holding', 'issuer', 'broker', 'Brokers', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('523e2f7c-ebf1-49e5-9673-4660de8ae008', 'holding', 'broker', 'issuer', 'Issuer', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('da339a50-5e4a-4210-80fc-d0a76e237b52', 'holding', 'broker', 'investor', 'Investor', '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: document_sharings; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: documents; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: holding_blockchain_addresses; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: holdings; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: investor_account_types; Type: TABLE DATA; Schema: app_public; Owner: -
--

INSERT INTO app_public.investor_account_types VALUES
	('Individual', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Individual IRA', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Individual Roth IRA', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Joint TIC', false, true, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Joint TWROS', false, true, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Revocable Trust', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Irrevocable Trust', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Sole Proprietorship', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Sole Proprietorship SEP IRA', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Sole Proprietorship Simple IRA', true, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Limited Partnership', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Limited Partnership SEP IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Limited Partnership Simple IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('LLC', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('LLC SEP IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('LLC Simple IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Corporation', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Corporation SEP IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Corporation Simple IRA', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00'),
	('Estate', false, false, '2026-11-25 06:04:54.01175+00', '2026-11-25 06:04:54.01175+00');


--
-- Data for Name: ledger_entries; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: managed_accounts; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: parties; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: party_addresses; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: processes; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: rounds; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: securities; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: security_listings; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: steps; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: terms_acceptances; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: terms_of_service; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: tokens; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: tranche_bond_data; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: transactions; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: user_emails; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: users_accounts; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: vendor_default_email_preferences; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: vendor_qualifications; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Data for Name: vesting_schedules; Type: TABLE DATA; Schema: app_public; Owner: -
--



--
-- Name: changes_seq_seq; Type: SEQUENCE SET; Schema: app_private; Owner: -
--

SELECT pg_catalog.setval('app_private.changes_seq_seq', 1, false);


--
-- Name: country_provinces_id_seq; Type: SEQUENCE SET; Schema: app_public; Owner: -
--

SELECT pg_catalog.setval('app_public.country_provinces_id_seq', 57, true);


--
-- Name: account_personal_data account_personal_data_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.account_personal_data
    ADD CONSTRAINT account_personal_data_pkey PRIMARY KEY (account_id);


--
-- Name: changes changes_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.changes
    ADD CONSTRAINT changes_pkey PRIMARY KEY (seq);


--
-- Name: claim_tokens claim_tokens_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.claim_tokens
    ADD CONSTRAINT claim_tokens_pkey PRIMARY KEY (id);


--
-- Name: claim_tokens claim_tokens_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.claim_tokens
    ADD CONSTRAINT claim_tokens_token_hash_key UNIQUE (token_hash);


--
-- Name: command_log command_log_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.command_log
    ADD CONSTRAINT command_log_pkey PRIMARY KEY (idempotency_key);


--
-- Name: delegate_invitations delegate_invitations_claim_token_id_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_claim_token_id_key UNIQUE (claim_token_id);


--
-- Name: delegate_invitations delegate_invitations_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_pkey PRIMARY KEY (id);


--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);


--
-- Name: replicated_models replicated_models_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.replicated_models
    ADD CONSTRAINT replicated_models_pkey PRIMARY KEY (model);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_token_hash_key; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);


--
-- Name: sign_in_failures sign_in_failures_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (id);


--
-- Name: step_submissions step_submissions_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.step_submissions
    ADD CONSTRAINT step_submissions_pkey PRIMARY KEY (id);


--
-- Name: upload_slots upload_slots_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_slots
    ADD CONSTRAINT upload_slots_pkey PRIMARY KEY (key);


--
-- Name: user_secrets user_secrets_pkey; Type: CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_pkey PRIMARY KEY (user_id);


--
-- Name: account_addresses account_addresses_account_id_type_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_addresses
    ADD CONSTRAINT account_addresses_account_id_type_key UNIQUE (account_id, type);


--
-- Name: account_addresses account_addresses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_addresses
    ADD CONSTRAINT account_addresses_pkey PRIMARY KEY (id);


--
-- Name: account_phone_numbers account_phone_numbers_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_phone_numbers
    ADD CONSTRAINT account_phone_numbers_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_slug_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.accounts
    ADD CONSTRAINT accounts_slug_key UNIQUE (slug);


--
-- Name: addresses addresses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.addresses
    ADD CONSTRAINT addresses_pkey PRIMARY KEY (id);


--
-- Name: allocation_annotations allocation_annotations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_annotations
    ADD CONSTRAINT allocation_annotations_pkey PRIMARY KEY (id);


--
-- Name: allocation_email_preferences allocation_email_preferences_allocation_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_email_preferences
    ADD CONSTRAINT allocation_email_preferences_allocation_id_key UNIQUE (allocation_id);


--
-- Name: allocation_email_preferences allocation_email_preferences_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_email_preferences
    ADD CONSTRAINT allocation_email_preferences_pkey PRIMARY KEY (id);


--
-- Name: allocation_offering_links allocation_offering_links_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_offering_links
    ADD CONSTRAINT allocation_offering_links_pkey PRIMARY KEY (id);


--
-- Name: allocation_qualifications allocation_qualifications_allocation_id_vendor_qualificatio_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_qualifications
    ADD CONSTRAINT allocation_qualifications_allocation_id_vendor_qualificatio_key UNIQUE (allocation_id, vendor_qualification_id);


--
-- Name: allocation_qualifications allocation_qualifications_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_qualifications
    ADD CONSTRAINT allocation_qualifications_pkey PRIMARY KEY (id);


--
-- Name: allocations allocations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocations
    ADD CONSTRAINT allocations_pkey PRIMARY KEY (id);


--
-- Name: asset_types asset_types_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.asset_types
    ADD CONSTRAINT asset_types_pkey PRIMARY KEY (type);


--
-- Name: assets assets_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.assets
    ADD CONSTRAINT assets_pkey PRIMARY KEY (id);


--
-- Name: blockchain_addresses blockchain_addresses_chain_address_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.blockchain_addresses
    ADD CONSTRAINT blockchain_addresses_chain_address_key UNIQUE (chain, address);


--
-- Name: blockchain_addresses blockchain_addresses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.blockchain_addresses
    ADD CONSTRAINT blockchain_addresses_pkey PRIMARY KEY (id);


--
-- Name: broker_allocations broker_allocations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.broker_allocations
    ADD CONSTRAINT broker_allocations_pkey PRIMARY KEY (id);


--
-- Name: broker_allocations broker_allocations_round_id_broker_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.broker_allocations
    ADD CONSTRAINT broker_allocations_round_id_broker_id_key UNIQUE (round_id, broker_id);


--
-- Name: cap_table_entries cap_table_entries_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.cap_table_entries
    ADD CONSTRAINT cap_table_entries_pkey PRIMARY KEY (id);


--
-- Name: capital_deployments capital_deployments_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.capital_deployments
    ADD CONSTRAINT capital_deployments_pkey PRIMARY KEY (id);


--
-- Name: contracts contracts_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.contracts
    ADD CONSTRAINT contracts_pkey PRIMARY KEY (id);


--
-- Name: countries countries_alpha2_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.countries
    ADD CONSTRAINT countries_alpha2_key UNIQUE (alpha2);


--
-- Name: countries countries_alpha3_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.countries
    ADD CONSTRAINT countries_alpha3_key UNIQUE (alpha3);


--
-- Name: countries countries_num_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.countries
    ADD CONSTRAINT countries_num_key UNIQUE (num);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (id);


--
-- Name: country_provinces country_provinces_country_id_code_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.country_provinces
    ADD CONSTRAINT country_provinces_country_id_code_key UNIQUE (country_id, code);


--
-- Name: country_provinces country_provinces_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.country_provinces
    ADD CONSTRAINT country_provinces_pkey PRIMARY KEY (id);


--
-- Name: currencies currencies_code_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.currencies
    ADD CONSTRAINT currencies_code_key UNIQUE (code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (id);


--
-- Name: customers customers_account_id_investor_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.customers
    ADD CONSTRAINT customers_account_id_investor_id_key UNIQUE (account_id, investor_id);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: distribution_annotations distribution_annotations_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_annotations
    ADD CONSTRAINT distribution_annotations_pkey PRIMARY KEY (id);


--
-- Name: distribution_custom_fields distribution_custom_fields_distribution_id_name_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_custom_fields
    ADD CONSTRAINT distribution_custom_fields_distribution_id_name_key UNIQUE (distribution_id, name);


--
-- Name: distribution_custom_fields distribution_custom_fields_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_custom_fields
    ADD CONSTRAINT distribution_custom_fields_pkey PRIMARY KEY (id);


--
-- Name: distribution_payments distribution_payments_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_payments
    ADD CONSTRAINT distribution_payments_pkey PRIMARY KEY (id);


--
-- Name: distribution_prices distribution_prices_distribution_id_currency_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_prices
    ADD CONSTRAINT distribution_prices_distribution_id_currency_id_key UNIQUE (distribution_id, currency_id);


--
-- Name: distribution_prices distribution_prices_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_prices
    ADD CONSTRAINT distribution_prices_pkey PRIMARY KEY (id);


--
-- Name: distribution_qualifications distribution_qualifications_distribution_id_vendor_qualific_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_qualifications
    ADD CONSTRAINT distribution_qualifications_distribution_id_vendor_qualific_key UNIQUE (distribution_id, vendor_qualification_id);


--
-- Name: distribution_qualifications distribution_qualifications_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_qualifications
    ADD CONSTRAINT distribution_qualifications_pkey PRIMARY KEY (id);


--
-- Name: distributions distributions_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distributions
    ADD CONSTRAINT distributions_pkey PRIMARY KEY (id);


--
-- Name: dividend_payments dividend_payments_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.dividend_payments
    ADD CONSTRAINT dividend_payments_pkey PRIMARY KEY (id);


--
-- Name: document_sharing_allowed_shares document_sharing_allowed_shar_type_from_account_type_to_rol_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.document_sharing_allowed_shares
    ADD CONSTRAINT document_sharing_allowed_shar_type_from_account_type_to_rol_key UNIQUE (type, from_account_type, to_role);


--
-- Name: document_sharing_allowed_shares document_sharing_allowed_shares_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.document_sharing_allowed_shares
    ADD CONSTRAINT document_sharing_allowed_shares_pkey PRIMARY KEY (id);


--
-- Name: document_sharings document_sharings_document_id_to_role_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.document_sharings
    ADD CONSTRAINT document_sharings_document_id_to_role_key UNIQUE (document_id, to_role);


--
-- Name: document_sharings document_sharings_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.document_sharings
    ADD CONSTRAINT document_sharings_pkey PRIMARY KEY (id);


--
-- Name: documents documents_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.documents
    ADD CONSTRAINT documents_pkey PRIMARY KEY (id);


--
-- Name: holding_blockchain_addresses holding_blockchain_addresses_holding_id_blockchain_address__key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holding_blockchain_addresses
    ADD CONSTRAINT holding_blockchain_addresses_holding_id_blockchain_address__key UNIQUE (holding_id, blockchain_address_id);


--
-- Name: holding_blockchain_addresses holding_blockchain_addresses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holding_blockchain_addresses
    ADD CONSTRAINT holding_blockchain_addresses_pkey PRIMARY KEY (id);


--
-- Name: holdings holdings_distribution_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_distribution_id_key UNIQUE (distribution_id);


--
-- Name: holdings holdings_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_pkey PRIMARY KEY (id);


--
-- Name: investor_account_types investor_account_types_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.investor_account_types
    ADD CONSTRAINT investor_account_types_pkey PRIMARY KEY (type);


--
-- Name: ledger_entries ledger_entries_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);


--
-- Name: managed_accounts managed_accounts_manager_id_account_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.managed_accounts
    ADD CONSTRAINT managed_accounts_manager_id_account_id_key UNIQUE (manager_id, account_id);


--
-- Name: managed_accounts managed_accounts_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.managed_accounts
    ADD CONSTRAINT managed_accounts_pkey PRIMARY KEY (id);


--
-- Name: parties parties_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.parties
    ADD CONSTRAINT parties_pkey PRIMARY KEY (id);


--
-- Name: party_addresses party_addresses_party_id_type_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.party_addresses
    ADD CONSTRAINT party_addresses_party_id_type_key UNIQUE (party_id, type);


--
-- Name: party_addresses party_addresses_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.party_addresses
    ADD CONSTRAINT party_addresses_pkey PRIMARY KEY (id);


--
-- Name: processes processes_distribution_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.processes
    ADD CONSTRAINT processes_distribution_id_key UNIQUE (distribution_id);


--
-- Name: processes processes_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.processes
    ADD CONSTRAINT processes_pkey PRIMARY KEY (id);


--
-- Name: rounds rounds_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rounds
    ADD CONSTRAINT rounds_pkey PRIMARY KEY (id);


--
-- Name: securities securities_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.securities
    ADD CONSTRAINT securities_pkey PRIMARY KEY (id);


--
-- Name: security_listings security_listings_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.security_listings
    ADD CONSTRAINT security_listings_pkey PRIMARY KEY (id);


--
-- Name: security_listings security_listings_security_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.security_listings
    ADD CONSTRAINT security_listings_security_id_key UNIQUE (security_id);


--
-- Name: steps steps_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.steps
    ADD CONSTRAINT steps_pkey PRIMARY KEY (id);


--
-- Name: terms_acceptances terms_acceptances_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_pkey PRIMARY KEY (id);


--
-- Name: terms_acceptances terms_acceptances_user_id_terms_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_user_id_terms_id_key UNIQUE (user_id, terms_id);


--
-- Name: terms_of_service terms_of_service_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.terms_of_service
    ADD CONSTRAINT terms_of_service_pkey PRIMARY KEY (id);


--
-- Name: tokens tokens_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (id);


--
-- Name: tranche_bond_data tranche_bond_data_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tranche_bond_data
    ADD CONSTRAINT tranche_bond_data_pkey PRIMARY KEY (id);


--
-- Name: tranche_bond_data tranche_bond_data_round_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tranche_bond_data
    ADD CONSTRAINT tranche_bond_data_round_id_key UNIQUE (round_id);


--
-- Name: transactions transactions_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);


--
-- Name: user_emails user_emails_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.user_emails
    ADD CONSTRAINT user_emails_pkey PRIMARY KEY (id);


--
-- Name: users_accounts users_accounts_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users_accounts
    ADD CONSTRAINT users_accounts_pkey PRIMARY KEY (id);


--
-- Name: users_accounts users_accounts_user_id_account_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users_accounts
    ADD CONSTRAINT users_accounts_user_id_account_id_key UNIQUE (user_id, account_id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: vendor_default_email_preferences vendor_default_email_preferences_account_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vendor_default_email_preferences
    ADD CONSTRAINT vendor_default_email_preferences_account_id_key UNIQUE (account_id);


--
-- Name: vendor_default_email_preferences vendor_default_email_preferences_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vendor_default_email_preferences
    ADD CONSTRAINT vendor_default_email_preferences_pkey PRIMARY KEY (id);


--
-- Name: vendor_qualifications vendor_qualifications_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vendor_qualifications
    ADD CONSTRAINT vendor_qualifications_pkey PRIMARY KEY (id);


--
-- Name: vesting_schedules vesting_schedules_allocation_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vesting_schedules
    ADD CONSTRAINT vesting_schedules_allocation_id_key UNIQUE (allocation_id);


--
-- Name: vesting_schedules vesting_schedules_distribution_id_key; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vesting_schedules
    ADD CONSTRAINT vesting_schedules_distribution_id_key UNIQUE (distribution_id);


--
-- Name: vesting_schedules vesting_schedules_pkey; Type: CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vesting_schedules
    ADD CONSTRAINT vesting_schedules_pkey PRIMARY KEY (id);


--
-- Name: changes_model_txid_seq; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX changes_model_txid_seq ON app_private.changes USING btree (model, txid, seq);


--
-- Name: claim_tokens_email_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX claim_tokens_email_idx ON app_private.claim_tokens USING btree (lower(email));


--
-- Name: claim_tokens_mail_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX claim_tokens_mail_id_idx ON app_private.claim_tokens USING btree (mail_id);


--
-- Name: claim_tokens_requested_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX claim_tokens_requested_by_idx ON app_private.claim_tokens USING btree (requested_by);


--
-- Name: claim_tokens_used_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX claim_tokens_used_by_idx ON app_private.claim_tokens USING btree (used_by);


--
-- Name: command_log_account; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX command_log_account ON app_private.command_log USING btree (account_id, received_on);


--
-- Name: command_log_device; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX command_log_device ON app_private.command_log USING btree (device_id, device_seq);


--
-- Name: delegate_invitations_accepted_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX delegate_invitations_accepted_by_idx ON app_private.delegate_invitations USING btree (accepted_by);


--
-- Name: delegate_invitations_account_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX delegate_invitations_account_id_idx ON app_private.delegate_invitations USING btree (account_id);


--
-- Name: delegate_invitations_invited_by_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX delegate_invitations_invited_by_idx ON app_private.delegate_invitations USING btree (invited_by);


--
-- Name: delegate_invitations_party_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX delegate_invitations_party_id_idx ON app_private.delegate_invitations USING btree (party_id);


--
-- Name: mail_outbox_queued_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX mail_outbox_queued_idx ON app_private.mail_outbox USING btree (next_attempt_on NULLS FIRST, created_on) WHERE (status = 'queued'::text);


--
-- Name: sessions_account_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_account_id_idx ON app_private.sessions USING btree (account_id);


--
-- Name: sessions_expires_on_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_expires_on_idx ON app_private.sessions USING btree (expires_on);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sessions_user_id_idx ON app_private.sessions USING btree (user_id);


--
-- Name: sign_in_failures_email_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sign_in_failures_email_idx ON app_private.sign_in_failures USING btree (email_hash, created_on);


--
-- Name: sign_in_failures_ip_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX sign_in_failures_ip_idx ON app_private.sign_in_failures USING btree (ip, created_on);


--
-- Name: step_submissions_step_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX step_submissions_step_id_idx ON app_private.step_submissions USING btree (step_id);


--
-- Name: upload_slots_account_id_idx; Type: INDEX; Schema: app_private; Owner: -
--

CREATE INDEX upload_slots_account_id_idx ON app_private.upload_slots USING btree (account_id);


--
-- Name: account_addresses_address_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX account_addresses_address_id_idx ON app_public.account_addresses USING btree (address_id);


--
-- Name: account_phone_numbers_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX account_phone_numbers_account_id_idx ON app_public.account_phone_numbers USING btree (account_id);


--
-- Name: accounts_email_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX accounts_email_idx ON app_public.accounts USING btree (lower(email));


--
-- Name: accounts_type_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX accounts_type_idx ON app_public.accounts USING btree (type);


--
-- Name: allocation_annotations_allocation_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocation_annotations_allocation_id_idx ON app_public.allocation_annotations USING btree (allocation_id);


--
-- Name: allocation_offering_links_agent_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocation_offering_links_agent_id_idx ON app_public.allocation_offering_links USING btree (agent_id);


--
-- Name: allocation_offering_links_allocation_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocation_offering_links_allocation_id_idx ON app_public.allocation_offering_links USING btree (allocation_id);


--
-- Name: allocation_qualifications_vq_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocation_qualifications_vq_idx ON app_public.allocation_qualifications USING btree (vendor_qualification_id);


--
-- Name: allocations_owner_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocations_owner_id_idx ON app_public.allocations USING btree (owner_id);


--
-- Name: allocations_round_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX allocations_round_id_idx ON app_public.allocations USING btree (round_id);


--
-- Name: assets_issuer_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX assets_issuer_id_idx ON app_public.assets USING btree (issuer_id);


--
-- Name: assets_type_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX assets_type_idx ON app_public.assets USING btree (type);


--
-- Name: blockchain_addresses_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX blockchain_addresses_account_id_idx ON app_public.blockchain_addresses USING btree (account_id);


--
-- Name: broker_allocations_broker_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX broker_allocations_broker_id_idx ON app_public.broker_allocations USING btree (broker_id);


--
-- Name: cap_table_entries_address_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX cap_table_entries_address_idx ON app_public.cap_table_entries USING btree (blockchain_address_id);


--
-- Name: cap_table_entries_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX cap_table_entries_investor_id_idx ON app_public.cap_table_entries USING btree (investor_id);


--
-- Name: cap_table_entries_token_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX cap_table_entries_token_id_idx ON app_public.cap_table_entries USING btree (token_id);


--
-- Name: capital_deployments_round_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX capital_deployments_round_id_idx ON app_public.capital_deployments USING btree (round_id);


--
-- Name: contracts_token_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX contracts_token_id_idx ON app_public.contracts USING btree (token_id);


--
-- Name: customers_account_email_key; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX customers_account_email_key ON app_public.customers USING btree (account_id, lower(email));


--
-- Name: customers_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX customers_investor_id_idx ON app_public.customers USING btree (investor_id);


--
-- Name: distribution_annotations_distribution_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distribution_annotations_distribution_id_idx ON app_public.distribution_annotations USING btree (distribution_id);


--
-- Name: distribution_payments_distribution_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distribution_payments_distribution_id_idx ON app_public.distribution_payments USING btree (distribution_id);


--
-- Name: distribution_qualifications_vq_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distribution_qualifications_vq_idx ON app_public.distribution_qualifications USING btree (vendor_qualification_id);


--
-- Name: distributions_allocation_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distributions_allocation_id_idx ON app_public.distributions USING btree (allocation_id);


--
-- Name: distributions_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distributions_investor_id_idx ON app_public.distributions USING btree (investor_id);


--
-- Name: distributions_status_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX distributions_status_idx ON app_public.distributions USING btree (status);


--
-- Name: dividend_payments_holding_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX dividend_payments_holding_id_idx ON app_public.dividend_payments USING btree (holding_id, paid_on);


--
-- Name: documents_holding_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX documents_holding_id_idx ON app_public.documents USING btree (holding_id);


--
-- Name: documents_security_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX documents_security_id_idx ON app_public.documents USING btree (security_id);


--
-- Name: documents_uploaded_by_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX documents_uploaded_by_id_idx ON app_public.documents USING btree (uploaded_by_id);


--
-- Name: holding_blockchain_addresses_address_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX holding_blockchain_addresses_address_idx ON app_public.holding_blockchain_addresses USING btree (blockchain_address_id);


--
-- Name: holding_blockchain_addresses_holding_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX holding_blockchain_addresses_holding_id_idx ON app_public.holding_blockchain_addresses USING btree (holding_id);


--
-- Name: holdings_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX holdings_investor_id_idx ON app_public.holdings USING btree (investor_id);


--
-- Name: holdings_round_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX holdings_round_id_idx ON app_public.holdings USING btree (round_id);


--
-- Name: holdings_security_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX holdings_security_id_idx ON app_public.holdings USING btree (security_id);


--
-- Name: ledger_entries_holding_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX ledger_entries_holding_id_idx ON app_public.ledger_entries USING btree (holding_id);


--
-- Name: ledger_entries_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX ledger_entries_investor_id_idx ON app_public.ledger_entries USING btree (investor_id);


--
-- Name: ledger_entries_transaction_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX ledger_entries_transaction_id_idx ON app_public.ledger_entries USING btree (transaction_id);


--
-- Name: managed_accounts_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX managed_accounts_account_id_idx ON app_public.managed_accounts USING btree (account_id);


--
-- Name: parties_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX parties_account_id_idx ON app_public.parties USING btree (account_id);


--
-- Name: parties_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX parties_user_id_idx ON app_public.parties USING btree (user_id);


--
-- Name: party_addresses_address_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX party_addresses_address_id_idx ON app_public.party_addresses USING btree (address_id);


--
-- Name: processes_investor_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX processes_investor_id_idx ON app_public.processes USING btree (investor_id);


--
-- Name: rounds_asset_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rounds_asset_id_idx ON app_public.rounds USING btree (asset_id);


--
-- Name: rounds_security_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rounds_security_id_idx ON app_public.rounds USING btree (security_id);


--
-- Name: rounds_status_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX rounds_status_idx ON app_public.rounds USING btree (status);


--
-- Name: securities_issuer_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX securities_issuer_id_idx ON app_public.securities USING btree (issuer_id);


--
-- Name: security_listings_exchange_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX security_listings_exchange_id_idx ON app_public.security_listings USING btree (exchange_id);


--
-- Name: steps_dq_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX steps_dq_idx ON app_public.steps USING btree (distribution_qualification_id);


--
-- Name: steps_parent_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX steps_parent_id_idx ON app_public.steps USING btree (parent_id);


--
-- Name: steps_process_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX steps_process_id_idx ON app_public.steps USING btree (process_id, parent_id, "order");


--
-- Name: terms_acceptances_terms_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX terms_acceptances_terms_id_idx ON app_public.terms_acceptances USING btree (terms_id);


--
-- Name: tokens_round_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX tokens_round_id_idx ON app_public.tokens USING btree (round_id);


--
-- Name: transactions_broker_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX transactions_broker_id_idx ON app_public.transactions USING btree (broker_id);


--
-- Name: transactions_created_on_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX transactions_created_on_idx ON app_public.transactions USING btree (created_on);


--
-- Name: transactions_issuer_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX transactions_issuer_id_idx ON app_public.transactions USING btree (issuer_id);


--
-- Name: transactions_round_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX transactions_round_id_idx ON app_public.transactions USING btree (round_id);


--
-- Name: user_emails_email_key; Type: INDEX; Schema: app_public; Owner: -
--

CREATE UNIQUE INDEX user_emails_email_key ON app_public.user_emails USING btree (lower(email));


--
-- Name: user_emails_user_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX user_emails_user_id_idx ON app_public.user_emails USING btree (user_id);


--
-- Name: users_accounts_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX users_accounts_account_id_idx ON app_public.users_accounts USING btree (account_id);


--
-- Name: vendor_qualifications_account_id_idx; Type: INDEX; Schema: app_public; Owner: -
--

CREATE INDEX vendor_qualifications_account_id_idx ON app_public.vendor_qualifications USING btree (account_id);


--
-- Name: claim_tokens _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.claim_tokens FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: delegate_invitations _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.delegate_invitations FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: mail_outbox _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.mail_outbox FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: sessions _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.sessions FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: upload_slots _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.upload_slots FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: user_secrets _100_timestamps; Type: TRIGGER; Schema: app_private; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_private.user_secrets FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: ledger_entries _010_append_only; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _010_append_only BEFORE DELETE OR UPDATE ON app_public.ledger_entries FOR EACH ROW EXECUTE FUNCTION app_private.tg__append_only();


--
-- Name: transactions _010_append_only; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _010_append_only BEFORE DELETE OR UPDATE ON app_public.transactions FOR EACH ROW EXECUTE FUNCTION app_private.tg__append_only();


--
-- Name: accounts _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.accounts FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: addresses _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.addresses FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: allocation_annotations _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.allocation_annotations FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: allocation_email_preferences _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.allocation_email_preferences FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: allocation_offering_links _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.allocation_offering_links FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: allocation_qualifications _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.allocation_qualifications FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: allocations _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.allocations FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: asset_types _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.asset_types FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('admin');


--
-- Name: assets _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.assets FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: blockchain_addresses _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.blockchain_addresses FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'investor');


--
-- Name: broker_allocations _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.broker_allocations FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: cap_table_entries _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.cap_table_entries FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: capital_deployments _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.capital_deployments FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: contracts _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.contracts FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: customers _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.customers FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distribution_annotations _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_annotations FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distribution_custom_fields _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_custom_fields FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distribution_payments _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_payments FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distribution_prices _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_prices FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distribution_qualifications _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distribution_qualifications FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: distributions _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.distributions FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: dividend_payments _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.dividend_payments FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: document_sharing_allowed_shares _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.document_sharing_allowed_shares FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('admin');


--
-- Name: document_sharings _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.document_sharings FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: documents _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.documents FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: holding_blockchain_addresses _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.holding_blockchain_addresses FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: investor_account_types _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.investor_account_types FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('admin');


--
-- Name: parties _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.parties FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: rounds _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.rounds FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: securities _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.securities FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: security_listings _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.security_listings FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: terms_of_service _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.terms_of_service FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('admin');


--
-- Name: tokens _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.tokens FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: tranche_bond_data _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.tranche_bond_data FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer');


--
-- Name: users_accounts _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.users_accounts FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write();


--
-- Name: vendor_default_email_preferences _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.vendor_default_email_preferences FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: vendor_qualifications _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.vendor_qualifications FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: vesting_schedules _050_guard_write; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _050_guard_write BEFORE INSERT OR DELETE OR UPDATE ON app_public.vesting_schedules FOR EACH STATEMENT EXECUTE FUNCTION app_private.tg__guard_write('issuer', 'broker');


--
-- Name: account_addresses _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.account_addresses FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: account_phone_numbers _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.account_phone_numbers FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: accounts _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: addresses _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.addresses FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: allocation_annotations _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.allocation_annotations FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: allocation_email_preferences _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.allocation_email_preferences FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: allocation_offering_links _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.allocation_offering_links FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: allocation_qualifications _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.allocation_qualifications FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: allocations _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.allocations FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: asset_types _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.asset_types FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: assets _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.assets FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: broker_allocations _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.broker_allocations FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: capital_deployments _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.capital_deployments FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: countries _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.countries FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: country_provinces _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.country_provinces FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: currencies _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.currencies FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: customers _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.customers FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distribution_annotations _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distribution_annotations FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distribution_custom_fields _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distribution_custom_fields FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distribution_payments _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distribution_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distribution_prices _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distribution_prices FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distribution_qualifications _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distribution_qualifications FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: distributions _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.distributions FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: dividend_payments _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.dividend_payments FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: document_sharing_allowed_shares _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.document_sharing_allowed_shares FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: document_sharings _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.document_sharings FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: documents _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: holdings _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.holdings FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: investor_account_types _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.investor_account_types FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: ledger_entries _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.ledger_entries FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: managed_accounts _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.managed_accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: parties _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.parties FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: party_addresses _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.party_addresses FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: processes _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.processes FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: rounds _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.rounds FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: securities _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.securities FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: security_listings _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.security_listings FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: steps _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.steps FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: terms_acceptances _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.terms_acceptances FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: terms_of_service _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.terms_of_service FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: tranche_bond_data _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.tranche_bond_data FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: transactions _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.transactions FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: user_emails _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.user_emails FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: users _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.users FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: users_accounts _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.users_accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: vendor_default_email_preferences _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.vendor_default_email_preferences FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: vendor_qualifications _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.vendor_qualifications FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: vesting_schedules _100_timestamps; Type: TRIGGER; Schema: app_public; Owner: -
--

CREATE TRIGGER _100_timestamps BEFORE INSERT OR UPDATE ON app_public.vesting_schedules FOR EACH ROW EXECUTE FUNCTION app_private.tg__timestamps();


--
-- Name: account_personal_data account_personal_data_account_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.account_personal_data
    ADD CONSTRAINT account_personal_data_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: claim_tokens claim_tokens_mail_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.claim_tokens
    ADD CONSTRAINT claim_tokens_mail_id_fkey FOREIGN KEY (mail_id) REFERENCES app_private.mail_outbox(id) ON DELETE SET NULL;


--
-- Name: claim_tokens claim_tokens_requested_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.claim_tokens
    ADD CONSTRAINT claim_tokens_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: claim_tokens claim_tokens_used_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.claim_tokens
    ADD CONSTRAINT claim_tokens_used_by_fkey FOREIGN KEY (used_by) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: delegate_invitations delegate_invitations_accepted_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: delegate_invitations delegate_invitations_account_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: delegate_invitations delegate_invitations_claim_token_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_claim_token_id_fkey FOREIGN KEY (claim_token_id) REFERENCES app_private.claim_tokens(id) ON DELETE CASCADE;


--
-- Name: delegate_invitations delegate_invitations_invited_by_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: delegate_invitations delegate_invitations_party_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.delegate_invitations
    ADD CONSTRAINT delegate_invitations_party_id_fkey FOREIGN KEY (party_id) REFERENCES app_public.parties(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE SET NULL;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: step_submissions step_submissions_step_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.step_submissions
    ADD CONSTRAINT step_submissions_step_id_fkey FOREIGN KEY (step_id) REFERENCES app_public.steps(id) ON DELETE CASCADE;


--
-- Name: upload_slots upload_slots_account_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_slots
    ADD CONSTRAINT upload_slots_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: upload_slots upload_slots_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.upload_slots
    ADD CONSTRAINT upload_slots_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: user_secrets user_secrets_user_id_fkey; Type: FK CONSTRAINT; Schema: app_private; Owner: -
--

ALTER TABLE ONLY app_private.user_secrets
    ADD CONSTRAINT user_secrets_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: account_addresses account_addresses_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_addresses
    ADD CONSTRAINT account_addresses_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: account_addresses account_addresses_address_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_addresses
    ADD CONSTRAINT account_addresses_address_id_fkey FOREIGN KEY (address_id) REFERENCES app_public.addresses(id) ON DELETE CASCADE;


--
-- Name: account_phone_numbers account_phone_numbers_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.account_phone_numbers
    ADD CONSTRAINT account_phone_numbers_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: accounts accounts_investor_type_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.accounts
    ADD CONSTRAINT accounts_investor_type_fkey FOREIGN KEY (investor_type) REFERENCES app_public.investor_account_types(type) ON UPDATE CASCADE ON DELETE RESTRICT;


--
-- Name: accounts accounts_jurisdiction_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.accounts
    ADD CONSTRAINT accounts_jurisdiction_id_fkey FOREIGN KEY (jurisdiction_id) REFERENCES app_public.countries(id) ON DELETE SET NULL;


--
-- Name: addresses addresses_country_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.addresses
    ADD CONSTRAINT addresses_country_id_fkey FOREIGN KEY (country_id) REFERENCES app_public.countries(id) ON DELETE RESTRICT;


--
-- Name: allocation_annotations allocation_annotations_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_annotations
    ADD CONSTRAINT allocation_annotations_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: allocation_annotations allocation_annotations_author_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_annotations
    ADD CONSTRAINT allocation_annotations_author_id_fkey FOREIGN KEY (author_id) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: allocation_email_preferences allocation_email_preferences_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_email_preferences
    ADD CONSTRAINT allocation_email_preferences_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: allocation_offering_links allocation_offering_links_agent_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_offering_links
    ADD CONSTRAINT allocation_offering_links_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: allocation_offering_links allocation_offering_links_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_offering_links
    ADD CONSTRAINT allocation_offering_links_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: allocation_qualifications allocation_qualifications_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_qualifications
    ADD CONSTRAINT allocation_qualifications_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: allocation_qualifications allocation_qualifications_vendor_qualification_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocation_qualifications
    ADD CONSTRAINT allocation_qualifications_vendor_qualification_id_fkey FOREIGN KEY (vendor_qualification_id) REFERENCES app_public.vendor_qualifications(id) ON DELETE CASCADE;


--
-- Name: allocations allocations_owner_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocations
    ADD CONSTRAINT allocations_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: allocations allocations_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.allocations
    ADD CONSTRAINT allocations_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE CASCADE;


--
-- Name: assets assets_issuer_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.assets
    ADD CONSTRAINT assets_issuer_id_fkey FOREIGN KEY (issuer_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: assets assets_type_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.assets
    ADD CONSTRAINT assets_type_fkey FOREIGN KEY (type) REFERENCES app_public.asset_types(type) ON UPDATE CASCADE ON DELETE RESTRICT;


--
-- Name: blockchain_addresses blockchain_addresses_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.blockchain_addresses
    ADD CONSTRAINT blockchain_addresses_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: broker_allocations broker_allocations_broker_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.broker_allocations
    ADD CONSTRAINT broker_allocations_broker_id_fkey FOREIGN KEY (broker_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: broker_allocations broker_allocations_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.broker_allocations
    ADD CONSTRAINT broker_allocations_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE CASCADE;


--
-- Name: cap_table_entries cap_table_entries_blockchain_address_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.cap_table_entries
    ADD CONSTRAINT cap_table_entries_blockchain_address_id_fkey FOREIGN KEY (blockchain_address_id) REFERENCES app_public.blockchain_addresses(id) ON DELETE SET NULL;


--
-- Name: cap_table_entries cap_table_entries_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.cap_table_entries
    ADD CONSTRAINT cap_table_entries_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE RESTRICT;


--
-- Name: cap_table_entries cap_table_entries_token_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.cap_table_entries
    ADD CONSTRAINT cap_table_entries_token_id_fkey FOREIGN KEY (token_id) REFERENCES app_public.tokens(id) ON DELETE CASCADE;


--
-- Name: capital_deployments capital_deployments_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.capital_deployments
    ADD CONSTRAINT capital_deployments_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE CASCADE;


--
-- Name: contracts contracts_token_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.contracts
    ADD CONSTRAINT contracts_token_id_fkey FOREIGN KEY (token_id) REFERENCES app_public.tokens(id) ON DELETE CASCADE;


--
-- Name: country_provinces country_provinces_country_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.country_provinces
    ADD CONSTRAINT country_provinces_country_id_fkey FOREIGN KEY (country_id) REFERENCES app_public.countries(id) ON DELETE CASCADE;


--
-- Name: customers customers_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.customers
    ADD CONSTRAINT customers_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: customers customers_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.customers
    ADD CONSTRAINT customers_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: distribution_annotations distribution_annotations_author_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_annotations
    ADD CONSTRAINT distribution_annotations_author_id_fkey FOREIGN KEY (author_id) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: distribution_annotations distribution_annotations_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_annotations
    ADD CONSTRAINT distribution_annotations_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: distribution_custom_fields distribution_custom_fields_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_custom_fields
    ADD CONSTRAINT distribution_custom_fields_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: distribution_payments distribution_payments_currency_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_payments
    ADD CONSTRAINT distribution_payments_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES app_public.currencies(id) ON DELETE RESTRICT;


--
-- Name: distribution_payments distribution_payments_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_payments
    ADD CONSTRAINT distribution_payments_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: distribution_prices distribution_prices_currency_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_prices
    ADD CONSTRAINT distribution_prices_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES app_public.currencies(id) ON DELETE RESTRICT;


--
-- Name: distribution_prices distribution_prices_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_prices
    ADD CONSTRAINT distribution_prices_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: distribution_qualifications distribution_qualifications_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_qualifications
    ADD CONSTRAINT distribution_qualifications_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: distribution_qualifications distribution_qualifications_vendor_qualification_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distribution_qualifications
    ADD CONSTRAINT distribution_qualifications_vendor_qualification_id_fkey FOREIGN KEY (vendor_qualification_id) REFERENCES app_public.vendor_qualifications(id) ON DELETE CASCADE;


--
-- Name: distributions distributions_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distributions
    ADD CONSTRAINT distributions_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: distributions distributions_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.distributions
    ADD CONSTRAINT distributions_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: dividend_payments dividend_payments_holding_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.dividend_payments
    ADD CONSTRAINT dividend_payments_holding_id_fkey FOREIGN KEY (holding_id) REFERENCES app_public.holdings(id) ON DELETE CASCADE;


--
-- Name: document_sharings document_sharings_document_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.document_sharings
    ADD CONSTRAINT document_sharings_document_id_fkey FOREIGN KEY (document_id) REFERENCES app_public.documents(id) ON DELETE CASCADE;


--
-- Name: documents documents_holding_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.documents
    ADD CONSTRAINT documents_holding_id_fkey FOREIGN KEY (holding_id) REFERENCES app_public.holdings(id) ON DELETE CASCADE;


--
-- Name: documents documents_security_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.documents
    ADD CONSTRAINT documents_security_id_fkey FOREIGN KEY (security_id) REFERENCES app_public.securities(id) ON DELETE CASCADE;


--
-- Name: documents documents_uploaded_by_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.documents
    ADD CONSTRAINT documents_uploaded_by_id_fkey FOREIGN KEY (uploaded_by_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: holding_blockchain_addresses holding_blockchain_addresses_blockchain_address_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holding_blockchain_addresses
    ADD CONSTRAINT holding_blockchain_addresses_blockchain_address_id_fkey FOREIGN KEY (blockchain_address_id) REFERENCES app_public.blockchain_addresses(id) ON DELETE CASCADE;


--
-- Name: holding_blockchain_addresses holding_blockchain_addresses_holding_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holding_blockchain_addresses
    ADD CONSTRAINT holding_blockchain_addresses_holding_id_fkey FOREIGN KEY (holding_id) REFERENCES app_public.holdings(id) ON DELETE CASCADE;


--
-- Name: holdings holdings_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE SET NULL;


--
-- Name: holdings holdings_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE RESTRICT;


--
-- Name: holdings holdings_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE RESTRICT;


--
-- Name: holdings holdings_security_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.holdings
    ADD CONSTRAINT holdings_security_id_fkey FOREIGN KEY (security_id) REFERENCES app_public.securities(id) ON DELETE RESTRICT;


--
-- Name: ledger_entries ledger_entries_holding_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.ledger_entries
    ADD CONSTRAINT ledger_entries_holding_id_fkey FOREIGN KEY (holding_id) REFERENCES app_public.holdings(id) ON DELETE RESTRICT;


--
-- Name: ledger_entries ledger_entries_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.ledger_entries
    ADD CONSTRAINT ledger_entries_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE RESTRICT;


--
-- Name: ledger_entries ledger_entries_transaction_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.ledger_entries
    ADD CONSTRAINT ledger_entries_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES app_public.transactions(id) ON DELETE RESTRICT;


--
-- Name: managed_accounts managed_accounts_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.managed_accounts
    ADD CONSTRAINT managed_accounts_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: managed_accounts managed_accounts_creator_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.managed_accounts
    ADD CONSTRAINT managed_accounts_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: managed_accounts managed_accounts_manager_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.managed_accounts
    ADD CONSTRAINT managed_accounts_manager_id_fkey FOREIGN KEY (manager_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: parties parties_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.parties
    ADD CONSTRAINT parties_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: parties parties_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.parties
    ADD CONSTRAINT parties_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE SET NULL;


--
-- Name: party_addresses party_addresses_address_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.party_addresses
    ADD CONSTRAINT party_addresses_address_id_fkey FOREIGN KEY (address_id) REFERENCES app_public.addresses(id) ON DELETE CASCADE;


--
-- Name: party_addresses party_addresses_party_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.party_addresses
    ADD CONSTRAINT party_addresses_party_id_fkey FOREIGN KEY (party_id) REFERENCES app_public.parties(id) ON DELETE CASCADE;


--
-- Name: processes processes_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.processes
    ADD CONSTRAINT processes_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: processes processes_investor_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.processes
    ADD CONSTRAINT processes_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: rounds rounds_asset_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rounds
    ADD CONSTRAINT rounds_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES app_public.assets(id) ON DELETE CASCADE;


--
-- Name: rounds rounds_security_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.rounds
    ADD CONSTRAINT rounds_security_id_fkey FOREIGN KEY (security_id) REFERENCES app_public.securities(id) ON DELETE SET NULL;


--
-- Name: securities securities_issuer_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.securities
    ADD CONSTRAINT securities_issuer_id_fkey FOREIGN KEY (issuer_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: security_listings security_listings_exchange_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.security_listings
    ADD CONSTRAINT security_listings_exchange_id_fkey FOREIGN KEY (exchange_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: security_listings security_listings_security_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.security_listings
    ADD CONSTRAINT security_listings_security_id_fkey FOREIGN KEY (security_id) REFERENCES app_public.securities(id) ON DELETE CASCADE;


--
-- Name: steps steps_distribution_qualification_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.steps
    ADD CONSTRAINT steps_distribution_qualification_id_fkey FOREIGN KEY (distribution_qualification_id) REFERENCES app_public.distribution_qualifications(id) ON DELETE CASCADE;


--
-- Name: steps steps_parent_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.steps
    ADD CONSTRAINT steps_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES app_public.steps(id) ON DELETE CASCADE;


--
-- Name: steps steps_process_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.steps
    ADD CONSTRAINT steps_process_id_fkey FOREIGN KEY (process_id) REFERENCES app_public.processes(id) ON DELETE CASCADE;


--
-- Name: terms_acceptances terms_acceptances_terms_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_terms_id_fkey FOREIGN KEY (terms_id) REFERENCES app_public.terms_of_service(id) ON DELETE CASCADE;


--
-- Name: terms_acceptances terms_acceptances_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: tokens tokens_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tokens
    ADD CONSTRAINT tokens_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE CASCADE;


--
-- Name: tranche_bond_data tranche_bond_data_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.tranche_bond_data
    ADD CONSTRAINT tranche_bond_data_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE CASCADE;


--
-- Name: transactions transactions_broker_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.transactions
    ADD CONSTRAINT transactions_broker_id_fkey FOREIGN KEY (broker_id) REFERENCES app_public.accounts(id) ON DELETE RESTRICT;


--
-- Name: transactions transactions_issuer_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.transactions
    ADD CONSTRAINT transactions_issuer_id_fkey FOREIGN KEY (issuer_id) REFERENCES app_public.accounts(id) ON DELETE RESTRICT;


--
-- Name: transactions transactions_round_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.transactions
    ADD CONSTRAINT transactions_round_id_fkey FOREIGN KEY (round_id) REFERENCES app_public.rounds(id) ON DELETE RESTRICT;


--
-- Name: user_emails user_emails_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.user_emails
    ADD CONSTRAINT user_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: users_accounts users_accounts_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users_accounts
    ADD CONSTRAINT users_accounts_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: users_accounts users_accounts_user_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.users_accounts
    ADD CONSTRAINT users_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_public.users(id) ON DELETE CASCADE;


--
-- Name: vendor_default_email_preferences vendor_default_email_preferences_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vendor_default_email_preferences
    ADD CONSTRAINT vendor_default_email_preferences_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: vendor_qualifications vendor_qualifications_account_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vendor_qualifications
    ADD CONSTRAINT vendor_qualifications_account_id_fkey FOREIGN KEY (account_id) REFERENCES app_public.accounts(id) ON DELETE CASCADE;


--
-- Name: vesting_schedules vesting_schedules_allocation_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vesting_schedules
    ADD CONSTRAINT vesting_schedules_allocation_id_fkey FOREIGN KEY (allocation_id) REFERENCES app_public.allocations(id) ON DELETE CASCADE;


--
-- Name: vesting_schedules vesting_schedules_distribution_id_fkey; Type: FK CONSTRAINT; Schema: app_public; Owner: -
--

ALTER TABLE ONLY app_public.vesting_schedules
    ADD CONSTRAINT vesting_schedules_distribution_id_fkey FOREIGN KEY (distribution_id) REFERENCES app_public.distributions(id) ON DELETE CASCADE;


--
-- Name: account_addresses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.account_addresses ENABLE ROW LEVEL SECURITY;

--
-- Name: account_phone_numbers; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.account_phone_numbers ENABLE ROW LEVEL SECURITY;

--
-- Name: accounts; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: addresses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.addresses ENABLE ROW LEVEL SECURITY;

--
-- Name: allocation_annotations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.allocation_annotations ENABLE ROW LEVEL SECURITY;

--
-- Name: allocation_email_preferences; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.allocation_email_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: allocation_offering_links; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.allocation_offering_links ENABLE ROW LEVEL SECURITY;

--
-- Name: allocation_qualifications; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.allocation_qualifications ENABLE ROW LEVEL SECURITY;

--
-- Name: allocations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.allocations ENABLE ROW LEVEL SECURITY;

--
-- Name: asset_types; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.asset_types ENABLE ROW LEVEL SECURITY;

--
-- Name: assets; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.assets ENABLE ROW LEVEL SECURITY;

--
-- Name: blockchain_addresses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.blockchain_addresses ENABLE ROW LEVEL SECURITY;

--
-- Name: broker_allocations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.broker_allocations ENABLE ROW LEVEL SECURITY;

--
-- Name: cap_table_entries; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.cap_table_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: capital_deployments; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.capital_deployments ENABLE ROW LEVEL SECURITY;

--
-- Name: contracts; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.contracts ENABLE ROW LEVEL SECURITY;

--
-- Name: countries; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.countries ENABLE ROW LEVEL SECURITY;

--
-- Name: country_provinces; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.country_provinces ENABLE ROW LEVEL SECURITY;

--
-- Name: currencies; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.currencies ENABLE ROW LEVEL SECURITY;

--
-- Name: customers; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.customers ENABLE ROW LEVEL SECURITY;

--
-- Name: distribution_annotations; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distribution_annotations ENABLE ROW LEVEL SECURITY;

--
-- Name: distribution_custom_fields; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distribution_custom_fields ENABLE ROW LEVEL SECURITY;

--
-- Name: distribution_payments; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distribution_payments ENABLE ROW LEVEL SECURITY;

--
-- Name: distribution_prices; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distribution_prices ENABLE ROW LEVEL SECURITY;

--
-- Name: distribution_qualifications; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distribution_qualifications ENABLE ROW LEVEL SECURITY;

--
-- Name: distributions; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.distributions ENABLE ROW LEVEL SECURITY;

--
-- Name: dividend_payments; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.dividend_payments ENABLE ROW LEVEL SECURITY;

--
-- Name: document_sharing_allowed_shares; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.document_sharing_allowed_shares ENABLE ROW LEVEL SECURITY;

--
-- Name: document_sharings; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.document_sharings ENABLE ROW LEVEL SECURITY;

--
-- Name: documents; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.documents ENABLE ROW LEVEL SECURITY;

--
-- Name: holding_blockchain_addresses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.holding_blockchain_addresses ENABLE ROW LEVEL SECURITY;

--
-- Name: holdings; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.holdings ENABLE ROW LEVEL SECURITY;

--
-- Name: investor_account_types; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.investor_account_types ENABLE ROW LEVEL SECURITY;

--
-- Name: ledger_entries; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.ledger_entries ENABLE ROW LEVEL SECURITY;

--
-- Name: managed_accounts; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.managed_accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: parties; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.parties ENABLE ROW LEVEL SECURITY;

--
-- Name: party_addresses; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.party_addresses ENABLE ROW LEVEL SECURITY;

--
-- Name: processes; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.processes ENABLE ROW LEVEL SECURITY;

--
-- Name: rounds; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.rounds ENABLE ROW LEVEL SECURITY;

--
-- Name: securities; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.securities ENABLE ROW LEVEL SECURITY;

--
-- Name: security_listings; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.security_listings ENABLE ROW LEVEL SECURITY;

--
-- Name: steps; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.steps ENABLE ROW LEVEL SECURITY;

--
-- Name: terms_acceptances; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.terms_acceptances ENABLE ROW LEVEL SECURITY;

--
-- Name: terms_of_service; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.terms_of_service ENABLE ROW LEVEL SECURITY;

--
-- Name: tokens; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.tokens ENABLE ROW LEVEL SECURITY;

--
-- Name: tranche_bond_data; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.tranche_bond_data ENABLE ROW LEVEL SECURITY;

--
-- Name: transactions; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.transactions ENABLE ROW LEVEL SECURITY;

--
-- Name: user_emails; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.user_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: users; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.users ENABLE ROW LEVEL SECURITY;

--
-- Name: users_accounts; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.users_accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: vendor_default_email_preferences; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.vendor_default_email_preferences ENABLE ROW LEVEL SECURITY;

--
-- Name: vendor_qualifications; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.vendor_qualifications ENABLE ROW LEVEL SECURITY;

--
-- Name: vesting_schedules; Type: ROW SECURITY; Schema: app_public; Owner: -
--

ALTER TABLE app_public.vesting_schedules ENABLE ROW LEVEL SECURITY;

--
-- Name: SCHEMA app_private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA app_private TO app_user;


--
-- Name: SCHEMA app_public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA app_public TO app_user;


--
-- Name: TABLE replicated_models; Type: ACL; Schema: app_private; Owner: -
--

GRANT SELECT ON TABLE app_private.replicated_models TO app_user;


--
-- Name: TABLE account_addresses; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.account_addresses TO app_user;


--
-- Name: TABLE account_phone_numbers; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.account_phone_numbers TO app_user;


--
-- Name: TABLE accounts; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(name) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.slug; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(slug) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.email; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(email) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.url; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(url) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.twitter_handle; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(twitter_handle) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.contact_name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(contact_name) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.support_email; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(support_email) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.company; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(company) ON TABLE app_public.accounts TO app_user;


--
-- Name: COLUMN accounts.jurisdiction_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(jurisdiction_id) ON TABLE app_public.accounts TO app_user;


--
-- Name: TABLE addresses; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.line_one; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(line_one) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.line_two; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(line_two) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.line_three; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(line_three) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.line_four; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(line_four) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.city; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(city) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.province; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(province) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.postal_code; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(postal_code) ON TABLE app_public.addresses TO app_user;


--
-- Name: COLUMN addresses.country_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(country_id) ON TABLE app_public.addresses TO app_user;


--
-- Name: TABLE allocation_annotations; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.allocation_annotations TO app_user;


--
-- Name: COLUMN allocation_annotations.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.allocation_annotations TO app_user;


--
-- Name: COLUMN allocation_annotations.allocation_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(allocation_id) ON TABLE app_public.allocation_annotations TO app_user;


--
-- Name: COLUMN allocation_annotations.annotation; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(annotation) ON TABLE app_public.allocation_annotations TO app_user;


--
-- Name: TABLE allocation_email_preferences; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.allocation_email_preferences TO app_user;


--
-- Name: COLUMN allocation_email_preferences.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.allocation_email_preferences TO app_user;


--
-- Name: COLUMN allocation_email_preferences.allocation_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(allocation_id) ON TABLE app_public.allocation_email_preferences TO app_user;


--
-- Name: COLUMN allocation_email_preferences.send_distribution; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(send_distribution),UPDATE(send_distribution) ON TABLE app_public.allocation_email_preferences TO app_user;


--
-- Name: TABLE allocation_offering_links; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.allocation_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(allocation_id) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.agent_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(agent_id),UPDATE(agent_id) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.authorized_link; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(authorized_link),UPDATE(authorized_link) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: COLUMN allocation_offering_links.unauthorized_link; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(unauthorized_link),UPDATE(unauthorized_link) ON TABLE app_public.allocation_offering_links TO app_user;


--
-- Name: TABLE allocation_qualifications; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.allocation_qualifications TO app_user;


--
-- Name: COLUMN allocation_qualifications.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.allocation_qualifications TO app_user;


--
-- Name: COLUMN allocation_qualifications.allocation_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(allocation_id) ON TABLE app_public.allocation_qualifications TO app_user;


--
-- Name: COLUMN allocation_qualifications.vendor_qualification_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(vendor_qualification_id) ON TABLE app_public.allocation_qualifications TO app_user;


--
-- Name: COLUMN allocation_qualifications.execute_order; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(execute_order),UPDATE(execute_order) ON TABLE app_public.allocation_qualifications TO app_user;


--
-- Name: TABLE allocations; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.round_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(round_id) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.owner_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(owner_id) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.opens_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(opens_on),UPDATE(opens_on) ON TABLE app_public.allocations TO app_user;


--
-- Name: COLUMN allocations.closes_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(closes_on),UPDATE(closes_on) ON TABLE app_public.allocations TO app_user;


--
-- Name: TABLE asset_types; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.asset_types TO app_user;


--
-- Name: COLUMN asset_types.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type) ON TABLE app_public.asset_types TO app_user;


--
-- Name: COLUMN asset_types.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.asset_types TO app_user;


--
-- Name: COLUMN asset_types.accounting_type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(accounting_type) ON TABLE app_public.asset_types TO app_user;


--
-- Name: TABLE assets; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.issuer_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(issuer_id) ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type) ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.assets TO app_user;


--
-- Name: COLUMN assets.authorized_total; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(authorized_total),UPDATE(authorized_total) ON TABLE app_public.assets TO app_user;


--
-- Name: TABLE blockchain_addresses; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.blockchain_addresses TO app_user;


--
-- Name: COLUMN blockchain_addresses.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.blockchain_addresses TO app_user;


--
-- Name: COLUMN blockchain_addresses.account_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(account_id) ON TABLE app_public.blockchain_addresses TO app_user;


--
-- Name: COLUMN blockchain_addresses.address; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(address),UPDATE(address) ON TABLE app_public.blockchain_addresses TO app_user;


--
-- Name: COLUMN blockchain_addresses.chain; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(chain),UPDATE(chain) ON TABLE app_public.blockchain_addresses TO app_user;


--
-- Name: TABLE broker_allocations; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.round_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(round_id) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.broker_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(broker_id) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.managed_units; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(managed_units),UPDATE(managed_units) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: COLUMN broker_allocations.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(status) ON TABLE app_public.broker_allocations TO app_user;


--
-- Name: TABLE cap_table_entries; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: COLUMN cap_table_entries.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: COLUMN cap_table_entries.token_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(token_id) ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: COLUMN cap_table_entries.investor_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(investor_id) ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: COLUMN cap_table_entries.blockchain_address_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(blockchain_address_id),UPDATE(blockchain_address_id) ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: COLUMN cap_table_entries.amount; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(amount),UPDATE(amount) ON TABLE app_public.cap_table_entries TO app_user;


--
-- Name: TABLE capital_deployments; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: COLUMN capital_deployments.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: COLUMN capital_deployments.round_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(round_id) ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: COLUMN capital_deployments.amount; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(amount),UPDATE(amount) ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: COLUMN capital_deployments.deployed_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(deployed_on),UPDATE(deployed_on) ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: COLUMN capital_deployments.description; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE app_public.capital_deployments TO app_user;


--
-- Name: TABLE contracts; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.contracts TO app_user;


--
-- Name: COLUMN contracts.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.contracts TO app_user;


--
-- Name: COLUMN contracts.token_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(token_id) ON TABLE app_public.contracts TO app_user;


--
-- Name: COLUMN contracts.chain; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(chain),UPDATE(chain) ON TABLE app_public.contracts TO app_user;


--
-- Name: COLUMN contracts.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.contracts TO app_user;


--
-- Name: COLUMN contracts.contract_address; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(contract_address),UPDATE(contract_address) ON TABLE app_public.contracts TO app_user;


--
-- Name: TABLE countries; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.countries TO app_user;


--
-- Name: TABLE country_provinces; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.country_provinces TO app_user;


--
-- Name: TABLE currencies; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.currencies TO app_user;


--
-- Name: TABLE customers; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.customers TO app_user;


--
-- Name: COLUMN customers.email; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(email) ON TABLE app_public.customers TO app_user;


--
-- Name: COLUMN customers.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(name) ON TABLE app_public.customers TO app_user;


--
-- Name: COLUMN customers.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(status) ON TABLE app_public.customers TO app_user;


--
-- Name: TABLE distribution_annotations; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.distribution_annotations TO app_user;


--
-- Name: COLUMN distribution_annotations.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.distribution_annotations TO app_user;


--
-- Name: COLUMN distribution_annotations.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.distribution_annotations TO app_user;


--
-- Name: COLUMN distribution_annotations.annotation; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(annotation) ON TABLE app_public.distribution_annotations TO app_user;


--
-- Name: TABLE distribution_custom_fields; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.distribution_custom_fields TO app_user;


--
-- Name: COLUMN distribution_custom_fields.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.distribution_custom_fields TO app_user;


--
-- Name: COLUMN distribution_custom_fields.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.distribution_custom_fields TO app_user;


--
-- Name: COLUMN distribution_custom_fields.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.distribution_custom_fields TO app_user;


--
-- Name: COLUMN distribution_custom_fields.value; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(value),UPDATE(value) ON TABLE app_public.distribution_custom_fields TO app_user;


--
-- Name: TABLE distribution_payments; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.currency_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(currency_id),UPDATE(currency_id) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.amount; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(amount),UPDATE(amount) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.paid_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(paid_on),UPDATE(paid_on) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: COLUMN distribution_payments.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.distribution_payments TO app_user;


--
-- Name: TABLE distribution_prices; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: COLUMN distribution_prices.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: COLUMN distribution_prices.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: COLUMN distribution_prices.currency_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(currency_id),UPDATE(currency_id) ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: COLUMN distribution_prices.price; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(price),UPDATE(price) ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: COLUMN distribution_prices.is_purchase; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(is_purchase),UPDATE(is_purchase) ON TABLE app_public.distribution_prices TO app_user;


--
-- Name: TABLE distribution_qualifications; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.distribution_qualifications TO app_user;


--
-- Name: COLUMN distribution_qualifications.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.distribution_qualifications TO app_user;


--
-- Name: COLUMN distribution_qualifications.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.distribution_qualifications TO app_user;


--
-- Name: COLUMN distribution_qualifications.vendor_qualification_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(vendor_qualification_id) ON TABLE app_public.distribution_qualifications TO app_user;


--
-- Name: COLUMN distribution_qualifications.execute_order; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(execute_order),UPDATE(execute_order) ON TABLE app_public.distribution_qualifications TO app_user;


--
-- Name: TABLE distributions; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.distributions TO app_user;


--
-- Name: COLUMN distributions.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(name) ON TABLE app_public.distributions TO app_user;


--
-- Name: COLUMN distributions.amount; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(amount) ON TABLE app_public.distributions TO app_user;


--
-- Name: COLUMN distributions.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(status) ON TABLE app_public.distributions TO app_user;


--
-- Name: COLUMN distributions.purchase_price; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(purchase_price) ON TABLE app_public.distributions TO app_user;


--
-- Name: TABLE dividend_payments; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.dividend_payments TO app_user;


--
-- Name: COLUMN dividend_payments.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.dividend_payments TO app_user;


--
-- Name: COLUMN dividend_payments.holding_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(holding_id) ON TABLE app_public.dividend_payments TO app_user;


--
-- Name: COLUMN dividend_payments.amount; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(amount) ON TABLE app_public.dividend_payments TO app_user;


--
-- Name: COLUMN dividend_payments.paid_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(paid_on) ON TABLE app_public.dividend_payments TO app_user;


--
-- Name: TABLE document_sharing_allowed_shares; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: COLUMN document_sharing_allowed_shares.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: COLUMN document_sharing_allowed_shares.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type) ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: COLUMN document_sharing_allowed_shares.from_account_type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(from_account_type) ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: COLUMN document_sharing_allowed_shares.to_role; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(to_role) ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: COLUMN document_sharing_allowed_shares.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.document_sharing_allowed_shares TO app_user;


--
-- Name: TABLE document_sharings; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.document_sharings TO app_user;


--
-- Name: COLUMN document_sharings.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.document_sharings TO app_user;


--
-- Name: COLUMN document_sharings.document_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(document_id) ON TABLE app_public.document_sharings TO app_user;


--
-- Name: COLUMN document_sharings.to_role; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(to_role) ON TABLE app_public.document_sharings TO app_user;


--
-- Name: COLUMN document_sharings.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name) ON TABLE app_public.document_sharings TO app_user;


--
-- Name: TABLE documents; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.extension; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(extension) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.uploaded_by_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(uploaded_by_id) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.security_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(security_id) ON TABLE app_public.documents TO app_user;


--
-- Name: COLUMN documents.holding_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(holding_id) ON TABLE app_public.documents TO app_user;


--
-- Name: TABLE holding_blockchain_addresses; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: COLUMN holding_blockchain_addresses.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: COLUMN holding_blockchain_addresses.holding_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(holding_id) ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: COLUMN holding_blockchain_addresses.blockchain_address_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(blockchain_address_id) ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: COLUMN holding_blockchain_addresses.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: COLUMN holding_blockchain_addresses.chain; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(chain),UPDATE(chain) ON TABLE app_public.holding_blockchain_addresses TO app_user;


--
-- Name: TABLE holdings; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.holdings TO app_user;


--
-- Name: TABLE investor_account_types; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.investor_account_types TO app_user;


--
-- Name: COLUMN investor_account_types.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type) ON TABLE app_public.investor_account_types TO app_user;


--
-- Name: COLUMN investor_account_types.is_individual; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(is_individual),UPDATE(is_individual) ON TABLE app_public.investor_account_types TO app_user;


--
-- Name: COLUMN investor_account_types.is_joint; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(is_joint),UPDATE(is_joint) ON TABLE app_public.investor_account_types TO app_user;


--
-- Name: TABLE ledger_entries; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.ledger_entries TO app_user;


--
-- Name: TABLE managed_accounts; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.managed_accounts TO app_user;


--
-- Name: TABLE parties; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.email; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(email) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.first_name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(first_name) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.last_name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(last_name) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.tax_short; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(tax_short) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.date_of_birth; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(date_of_birth) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.us_citizen; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(us_citizen) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.allow_login; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(allow_login) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.is_primary; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(is_primary) ON TABLE app_public.parties TO app_user;


--
-- Name: COLUMN parties.role; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(role) ON TABLE app_public.parties TO app_user;


--
-- Name: TABLE party_addresses; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.party_addresses TO app_user;


--
-- Name: TABLE processes; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.processes TO app_user;


--
-- Name: TABLE rounds; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.asset_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(asset_id) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.opens_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(opens_on),UPDATE(opens_on) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.closes_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(closes_on),UPDATE(closes_on) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.total; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(total),UPDATE(total) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.terms_url; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(terms_url),UPDATE(terms_url) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.price; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(price),UPDATE(price) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.managed_units; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(managed_units),UPDATE(managed_units) ON TABLE app_public.rounds TO app_user;


--
-- Name: COLUMN rounds.security_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(security_id),UPDATE(security_id) ON TABLE app_public.rounds TO app_user;


--
-- Name: TABLE securities; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.issuer_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(issuer_id) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.ticker; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(ticker),UPDATE(ticker) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.symbol; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(symbol) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.total; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(total),UPDATE(total) ON TABLE app_public.securities TO app_user;


--
-- Name: COLUMN securities.unit_value; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(unit_value),UPDATE(unit_value) ON TABLE app_public.securities TO app_user;


--
-- Name: TABLE security_listings; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.security_listings TO app_user;


--
-- Name: COLUMN security_listings.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.security_listings TO app_user;


--
-- Name: COLUMN security_listings.security_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(security_id) ON TABLE app_public.security_listings TO app_user;


--
-- Name: COLUMN security_listings.exchange_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(exchange_id),UPDATE(exchange_id) ON TABLE app_public.security_listings TO app_user;


--
-- Name: TABLE steps; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.steps TO app_user;


--
-- Name: TABLE terms_acceptances; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.terms_acceptances TO app_user;


--
-- Name: COLUMN terms_acceptances.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.terms_acceptances TO app_user;


--
-- Name: COLUMN terms_acceptances.terms_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(terms_id) ON TABLE app_public.terms_acceptances TO app_user;


--
-- Name: COLUMN terms_acceptances.user_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(user_id) ON TABLE app_public.terms_acceptances TO app_user;


--
-- Name: TABLE terms_of_service; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.terms_of_service TO app_user;


--
-- Name: COLUMN terms_of_service.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.terms_of_service TO app_user;


--
-- Name: COLUMN terms_of_service.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type),UPDATE(type) ON TABLE app_public.terms_of_service TO app_user;


--
-- Name: COLUMN terms_of_service.agreement; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(agreement),UPDATE(agreement) ON TABLE app_public.terms_of_service TO app_user;


--
-- Name: COLUMN terms_of_service.active; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(active),UPDATE(active) ON TABLE app_public.terms_of_service TO app_user;


--
-- Name: TABLE tokens; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT,DELETE ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.round_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(round_id) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.symbol; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(symbol),UPDATE(symbol) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.type; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(type),UPDATE(type) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(status),UPDATE(status) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.total; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(total),UPDATE(total) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens."precision"; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT("precision"),UPDATE("precision") ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.coinbase_buy_price_usd; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(coinbase_buy_price_usd),UPDATE(coinbase_buy_price_usd) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.coinbase_sell_price_usd; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(coinbase_sell_price_usd),UPDATE(coinbase_sell_price_usd) ON TABLE app_public.tokens TO app_user;


--
-- Name: COLUMN tokens.coinbase_spot_price_usd; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(coinbase_spot_price_usd),UPDATE(coinbase_spot_price_usd) ON TABLE app_public.tokens TO app_user;


--
-- Name: TABLE tranche_bond_data; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.tranche_bond_data TO app_user;


--
-- Name: COLUMN tranche_bond_data.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.tranche_bond_data TO app_user;


--
-- Name: COLUMN tranche_bond_data.round_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(round_id) ON TABLE app_public.tranche_bond_data TO app_user;


--
-- Name: COLUMN tranche_bond_data.term; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(term),UPDATE(term) ON TABLE app_public.tranche_bond_data TO app_user;


--
-- Name: COLUMN tranche_bond_data.coupon; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(coupon),UPDATE(coupon) ON TABLE app_public.tranche_bond_data TO app_user;


--
-- Name: TABLE transactions; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.transactions TO app_user;


--
-- Name: TABLE user_emails; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.user_emails TO app_user;


--
-- Name: TABLE users; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.users TO app_user;


--
-- Name: COLUMN users.first_name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(first_name) ON TABLE app_public.users TO app_user;


--
-- Name: COLUMN users.last_name; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(last_name) ON TABLE app_public.users TO app_user;


--
-- Name: TABLE users_accounts; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.users_accounts TO app_user;


--
-- Name: COLUMN users_accounts.role; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(role) ON TABLE app_public.users_accounts TO app_user;


--
-- Name: COLUMN users_accounts.status; Type: ACL; Schema: app_public; Owner: -
--

GRANT UPDATE(status) ON TABLE app_public.users_accounts TO app_user;


--
-- Name: TABLE vendor_default_email_preferences; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.vendor_default_email_preferences TO app_user;


--
-- Name: COLUMN vendor_default_email_preferences.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.vendor_default_email_preferences TO app_user;


--
-- Name: COLUMN vendor_default_email_preferences.account_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(account_id) ON TABLE app_public.vendor_default_email_preferences TO app_user;


--
-- Name: COLUMN vendor_default_email_preferences.send_distribution; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(send_distribution),UPDATE(send_distribution) ON TABLE app_public.vendor_default_email_preferences TO app_user;


--
-- Name: TABLE vendor_qualifications; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: COLUMN vendor_qualifications.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: COLUMN vendor_qualifications.account_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(account_id) ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: COLUMN vendor_qualifications.name; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: COLUMN vendor_qualifications.active; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(active),UPDATE(active) ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: COLUMN vendor_qualifications.steps; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(steps),UPDATE(steps) ON TABLE app_public.vendor_qualifications TO app_user;


--
-- Name: TABLE vesting_schedules; Type: ACL; Schema: app_public; Owner: -
--

GRANT SELECT ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(id) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.distribution_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(distribution_id) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.allocation_id; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(allocation_id) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.cliff; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(cliff),UPDATE(cliff) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.periods; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(periods),UPDATE(periods) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.duration; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(duration),UPDATE(duration) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.automatic; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(automatic),UPDATE(automatic) ON TABLE app_public.vesting_schedules TO app_user;


--
-- Name: COLUMN vesting_schedules.starts_on; Type: ACL; Schema: app_public; Owner: -
--

GRANT INSERT(starts_on),UPDATE(starts_on) ON TABLE app_public.vesting_schedules TO app_user;


--
-- PostgreSQL database dump complete
--


