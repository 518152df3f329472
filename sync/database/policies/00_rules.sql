-- The visibility rules of the replicated tables, each stated once: the select policies (10_<table>.sql), the id sets
-- of 00_visibility.sql and the pull (the read models' *_among functions, replication/40_ready_documents.sql's
-- ready_whole_ids) all call these functions instead of writing the rule again. tests/db/visibility-once.test.ts
-- checks that they do and that the planner inlines each rule.
--
-- Each rule is a predicate over the row's columns that PostgreSQL inlines into the query that calls it (the plan shows
-- the expanded expression, no call per row): `language sql stable`, one boolean expression, no SECURITY DEFINER, no
-- SET, not strict, every name schema-qualified. PostgreSQL never inlines a function whose body holds a sub-select, so
-- where a rule includes membership in one of 00_visibility.sql's id sets (security definer, evaluated once per query
-- as a hashed sub-plan), the caller passes that membership as a boolean argument (`allocation_id in (select
-- app_private.staff_allocation_ids())`, or in the pull the same set for a page of ids). A rule asks the set first and
-- the session's claims last: a probe of a hashed set costs less than reading a setting for every row (the claims are
-- read per row once inlined; only a sub-select would read them once per statement).

-- The reader is this investor (an investor account reading its own rows).
create or replace function app_private.is_reader_investor(investor_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select app_private.current_account_type() = 'investor' and investor_id = app_private.current_account_id()
$function$;
grant execute on function app_private.is_reader_investor(uuid) to app_user;

-- The reader owns the allocation, as an issuer or broker. A branch of staff_allocation_ids() (the distributions
-- rule) and of sees_distribution_payments; alone, it is the rule under which a reader sees a distribution whole
-- (ready_whole_ids).
create or replace function app_private.is_reader_allocation_owner(owner_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select owner_id = app_private.current_account_id() and app_private.current_account_type() in ('issuer', 'broker')
$function$;
grant execute on function app_private.is_reader_allocation_owner(uuid) to app_user;

-- A distribution: its investor, and the staff of its allocation (staff_allocation: the allocation is one of
-- staff_allocation_ids()).
create or replace function app_private.sees_distribution(investor_id uuid, staff_allocation boolean)
  returns boolean
  language sql
  stable
as $function$
  select staff_allocation or app_private.is_reader_investor(investor_id)
$function$;
grant execute on function app_private.sees_distribution(uuid, boolean) to app_user;

-- The payments of a distribution (and its paid-in capital's parts): its investor and its allocation's owner.
create or replace function app_private.sees_distribution_payments(investor_id uuid, allocation_owner_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select app_private.is_reader_investor(investor_id) or app_private.is_reader_allocation_owner(allocation_owner_id)
$function$;
grant execute on function app_private.sees_distribution_payments(uuid, uuid) to app_user;

-- The prices of a visible distribution (and its purchase price in the document): every reader but an agent.
create or replace function app_private.sees_distribution_prices()
  returns boolean
  language sql
  stable
as $function$
  select app_private.current_account_type() <> 'agent'
$function$;
grant execute on function app_private.sees_distribution_prices() to app_user;

-- The annotations of a visible distribution: its staff, not investors or agents.
create or replace function app_private.sees_distribution_annotations()
  returns boolean
  language sql
  stable
as $function$
  select app_private.current_account_type() not in ('investor', 'agent')
$function$;
grant execute on function app_private.sees_distribution_annotations() to app_user;

-- The custom fields of a visible distribution: every reader but an investor.
create or replace function app_private.sees_distribution_custom_fields()
  returns boolean
  language sql
  stable
as $function$
  select app_private.current_account_type() <> 'investor'
$function$;
grant execute on function app_private.sees_distribution_custom_fields() to app_user;

-- The staff of a transaction: its issuer, its broker, a broker of its round (broker_round: the round is one of
-- broker_round_ids()). The rule of staff_transaction_ids(); alone, the rule under which a reader sees a transaction
-- whole, every ledger entry with it (ready_whole_ids).
create or replace function app_private.is_transaction_staff(issuer_id uuid, broker_id uuid, broker_round boolean)
  returns boolean
  language sql
  stable
as $function$
  select (issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
      or (broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker')
      or broker_round
$function$;
grant execute on function app_private.is_transaction_staff(uuid, uuid, boolean) to app_user;

-- A transaction: its staff, and an investor with a ledger entry in it (own_entry: the transaction is one of
-- investor_transaction_ids()).
create or replace function app_private.sees_transaction(issuer_id uuid, broker_id uuid, broker_round boolean,
                                                        own_entry boolean)
  returns boolean
  language sql
  stable
as $function$
  select app_private.is_transaction_staff(issuer_id, broker_id, broker_round) or own_entry
$function$;
grant execute on function app_private.sees_transaction(uuid, uuid, boolean, boolean) to app_user;

-- A ledger entry: its investor, and the staff of its transaction (staff_transaction: the transaction is one of
-- staff_transaction_ids()).
create or replace function app_private.sees_ledger_entry(investor_id uuid, staff_transaction boolean)
  returns boolean
  language sql
  stable
as $function$
  select staff_transaction or app_private.is_reader_investor(investor_id)
$function$;
grant execute on function app_private.sees_ledger_entry(uuid, boolean) to app_user;

-- A holding: its investor, its round's issuer (issuer_round: the round is one of issuer_round_ids(); alone, the rule
-- under which a reader sees a holding whole, ready_whole_ids) and the round's brokers (broker_round).
create or replace function app_private.sees_holding(investor_id uuid, issuer_round boolean, broker_round boolean)
  returns boolean
  language sql
  stable
as $function$
  select issuer_round or broker_round or app_private.is_reader_investor(investor_id)
$function$;
grant execute on function app_private.sees_holding(uuid, boolean, boolean) to app_user;

-- A customer (an investor in an issuer's or broker's book): the account whose book it is, unless an investor.
create or replace function app_private.sees_customer(account_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select account_id = app_private.current_account_id() and app_private.current_account_type() <> 'investor'
$function$;
grant execute on function app_private.sees_customer(uuid) to app_user;

-- The reader manages the account (one of the reader's managed accounts): a branch of sees_managed_account and of
-- related_account_ids().
create or replace function app_private.is_reader_manager(manager_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select manager_id = app_private.current_account_id()
$function$;
grant execute on function app_private.is_reader_manager(uuid) to app_user;

-- A managed account's link: its manager and the managed account.
create or replace function app_private.sees_managed_account(manager_id uuid, account_id uuid)
  returns boolean
  language sql
  stable
as $function$
  select app_private.is_reader_manager(manager_id) or account_id = app_private.current_account_id()
$function$;
grant execute on function app_private.sees_managed_account(uuid, uuid) to app_user;

-- An account: the reader's own, the accounts of the reader's user (member: one of member_account_ids()), the
-- directory of issuers, brokers, exchanges and agents among themselves, every account for an admin, and the
-- accounts the reader works with (related: one of related_account_ids()).
create or replace function app_private.sees_account(id uuid, type text, member boolean, related boolean)
  returns boolean
  language sql
  stable
as $function$
  select id = app_private.current_account_id()
      or member
      or (type in ('issuer', 'broker', 'ats', 'agent')
          and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
      or app_private.current_account_type() = 'admin'
      or related
$function$;
grant execute on function app_private.sees_account(uuid, text, boolean, boolean) to app_user;
