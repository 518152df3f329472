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
-- app_private.staff_allocation_ids())`, or in the pull the same set for a page of ids).
--
-- Who reads is an argument too: reader_id (the session's account) and reader_type (its type), the last arguments of
-- a rule that asks. A policy or id set passes them as sub-selects, `(select app_private.current_account_id())` and
-- `(select app_private.current_account_type())`: PostgreSQL evaluates each once per statement (an InitPlan) and the
-- inlined rule compares the row with that value, where a claim read in the rule's body would be read again for every
-- row. PostgreSQL inlines a function whose argument is a sub-select only when the body uses that argument once, so a
-- rule uses each of reader_id and reader_type at most once, counting the narrower rules it calls (hence the `case
-- reader_type when ...` forms). Left out, they default to the claims read in place (per row once inlined), as the
-- callers in the read models' files and ready_whole_ids (replication/40_ready_documents.sql) still do.

-- The reader is this investor (an investor account reading its own rows).
create or replace function app_private.is_reader_investor(
  investor_id uuid,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_type = 'investor' and investor_id = reader_id
$function$;
grant execute on function app_private.is_reader_investor(uuid, uuid, text) to app_user;

-- The reader owns the allocation, as an issuer or broker. A branch of staff_allocation_ids() (the distributions
-- rule) and of sees_distribution_payments (written out there with each claim once); alone, it is the rule under
-- which a reader sees a distribution whole (ready_whole_ids).
create or replace function app_private.is_reader_allocation_owner(
  owner_id uuid,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select owner_id = reader_id and reader_type in ('issuer', 'broker')
$function$;
grant execute on function app_private.is_reader_allocation_owner(uuid, uuid, text) to app_user;

-- A distribution: its investor, and the staff of its allocation (staff_allocation: the allocation is one of
-- staff_allocation_ids()).
create or replace function app_private.sees_distribution(
  investor_id uuid,
  staff_allocation boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select staff_allocation or app_private.is_reader_investor(investor_id, reader_id, reader_type)
$function$;
grant execute on function app_private.sees_distribution(uuid, boolean, uuid, text) to app_user;

-- The payments of a distribution (and its paid-in capital's parts): its investor (is_reader_investor) and its
-- allocation's owner as issuer or broker (is_reader_allocation_owner), written as one comparison so that each claim
-- is used once.
create or replace function app_private.sees_distribution_payments(
  investor_id uuid,
  allocation_owner_id uuid,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_id = case reader_type when 'investor' then investor_id
                                       when 'issuer' then allocation_owner_id
                                       when 'broker' then allocation_owner_id end
$function$;
grant execute on function app_private.sees_distribution_payments(uuid, uuid, uuid, text) to app_user;

-- The prices of a visible distribution (and its purchase price in the document): every reader but an agent.
create or replace function app_private.sees_distribution_prices(
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_type <> 'agent'
$function$;
grant execute on function app_private.sees_distribution_prices(text) to app_user;

-- The annotations of a visible distribution: its staff, not investors or agents.
create or replace function app_private.sees_distribution_annotations(
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_type not in ('investor', 'agent')
$function$;
grant execute on function app_private.sees_distribution_annotations(text) to app_user;

-- The custom fields of a visible distribution: every reader but an investor.
create or replace function app_private.sees_distribution_custom_fields(
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_type <> 'investor'
$function$;
grant execute on function app_private.sees_distribution_custom_fields(text) to app_user;

-- The staff of a transaction: its issuer, its broker, a broker of its round (broker_round: the round is one of
-- broker_round_ids()). The rule of staff_transaction_ids(); alone, the rule under which a reader sees a transaction
-- whole, every ledger entry with it (ready_whole_ids).
create or replace function app_private.is_transaction_staff(
  issuer_id uuid,
  broker_id uuid,
  broker_round boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select broker_round or reader_id = case reader_type when 'issuer' then issuer_id when 'broker' then broker_id end
$function$;
grant execute on function app_private.is_transaction_staff(uuid, uuid, boolean, uuid, text) to app_user;

-- A transaction: its staff, and an investor with a ledger entry in it (own_entry: the transaction is one of
-- investor_transaction_ids()).
create or replace function app_private.sees_transaction(
  issuer_id uuid,
  broker_id uuid,
  broker_round boolean,
  own_entry boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select app_private.is_transaction_staff(issuer_id, broker_id, broker_round, reader_id, reader_type) or own_entry
$function$;
grant execute on function app_private.sees_transaction(uuid, uuid, boolean, boolean, uuid, text) to app_user;

-- A ledger entry: its investor, and the staff of its transaction (staff_transaction: the transaction is one of
-- staff_transaction_ids()).
create or replace function app_private.sees_ledger_entry(
  investor_id uuid,
  staff_transaction boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select staff_transaction or app_private.is_reader_investor(investor_id, reader_id, reader_type)
$function$;
grant execute on function app_private.sees_ledger_entry(uuid, boolean, uuid, text) to app_user;

-- A holding: its investor, its round's issuer (issuer_round: the round is one of issuer_round_ids(); alone, the rule
-- under which a reader sees a holding whole, ready_whole_ids) and the round's brokers (broker_round).
create or replace function app_private.sees_holding(
  investor_id uuid,
  issuer_round boolean,
  broker_round boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select issuer_round or broker_round or app_private.is_reader_investor(investor_id, reader_id, reader_type)
$function$;
grant execute on function app_private.sees_holding(uuid, boolean, boolean, uuid, text) to app_user;

-- A customer (an investor in an issuer's or broker's book): the account whose book it is, unless an investor.
create or replace function app_private.sees_customer(
  account_id uuid,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select account_id = reader_id and reader_type <> 'investor'
$function$;
grant execute on function app_private.sees_customer(uuid, uuid, text) to app_user;

-- The reader manages the account (one of the reader's managed accounts): a branch of related_accounts() and of
-- sees_managed_account (written out there with the claim once).
create or replace function app_private.is_reader_manager(
  manager_id uuid,
  reader_id uuid default app_private.current_account_id()
)
  returns boolean
  language sql
  stable
as $function$
  select manager_id = reader_id
$function$;
grant execute on function app_private.is_reader_manager(uuid, uuid) to app_user;

-- A managed account's link: its manager and the managed account.
create or replace function app_private.sees_managed_account(
  manager_id uuid,
  account_id uuid,
  reader_id uuid default app_private.current_account_id()
)
  returns boolean
  language sql
  stable
as $function$
  select reader_id in (manager_id, account_id)
$function$;
grant execute on function app_private.sees_managed_account(uuid, uuid, uuid) to app_user;

-- An account: the reader's own, the accounts of the reader's user (member: one of member_account_ids()), the
-- directory of issuers, brokers, exchanges and agents among themselves, every account for an admin, and the
-- accounts the reader works with (related: one of related_account_ids()).
create or replace function app_private.sees_account(
  id uuid,
  type text,
  member boolean,
  related boolean,
  reader_id uuid default app_private.current_account_id(),
  reader_type text default app_private.current_account_type()
)
  returns boolean
  language sql
  stable
as $function$
  select id = reader_id
      or member
      or reader_type = any (case when type in ('issuer', 'broker', 'ats', 'agent')
                                 then array['admin', 'issuer', 'broker', 'ats', 'agent']
                                 else array['admin'] end)
      or related
$function$;
grant execute on function app_private.sees_account(uuid, text, boolean, boolean, uuid, text) to app_user;
