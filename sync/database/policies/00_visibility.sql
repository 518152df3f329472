-- The sets of ids the row-level security policies (sync/database/policies) are written with: what the current
-- account owns, edits, or may see (app_private.<what>_ids(); security definer, so a policy reading another table does
-- not recurse into that table's policies). Where a set is a table's visibility rule, it is written with that rule of
-- 00_rules.sql (staff_allocation_ids, payment_distribution_ids, staff_transaction_ids, the investor_* sets). The
-- session's account and user (app_private.current_account_id() and the like) are in schema/10_settings.sql.

create or replace function app_private.account_user_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select ua.user_id from app_public.users_accounts ua
    where ua.account_id = app_private.current_account_id()
      and app_private.current_account_id() in (select app_private.member_account_ids())
  $function$;
grant execute on function app_private.account_user_ids() to app_user;

create or replace function app_private.agent_allocation_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select l.allocation_id from app_public.allocation_offering_links l
    where l.agent_id = app_private.current_account_id() and app_private.current_account_type() = 'agent'
  $function$;
grant execute on function app_private.agent_allocation_ids() to app_user;

create or replace function app_private.broker_round_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select ba.round_id from app_public.broker_allocations ba
    where ba.broker_id = app_private.current_account_id() and ba.status = 'accepted'
      and app_private.current_account_type() = 'broker'
  $function$;
grant execute on function app_private.broker_round_ids() to app_user;

create or replace function app_private.editable_allocation_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select al.id from app_public.allocations al
    where al.owner_id = app_private.current_account_id()
      and al.round_id in (select app_private.editable_round_ids())
  $function$;
grant execute on function app_private.editable_allocation_ids() to app_user;

create or replace function app_private.editable_asset_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select a.id from app_public.assets a
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $function$;
grant execute on function app_private.editable_asset_ids() to app_user;

create or replace function app_private.editable_distribution_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select d.id from app_public.distributions d
    where d.allocation_id in (select app_private.editable_allocation_ids())
  $function$;
grant execute on function app_private.editable_distribution_ids() to app_user;

create or replace function app_private.editable_issuer_holding_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select h.id from app_public.holdings h
    where h.round_id in (select app_private.issuer_round_ids()) and app_private.can_write()
  $function$;
grant execute on function app_private.editable_issuer_holding_ids() to app_user;

create or replace function app_private.editable_round_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select id from app_private.issuer_round_ids() as id where app_private.can_write()
    union all
    select id from app_private.broker_round_ids() as id where app_private.can_write()
  $function$;
grant execute on function app_private.editable_round_ids() to app_user;

create or replace function app_private.editable_security_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select s.id from app_public.securities s
    where s.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
    union
    select r.security_id from app_public.rounds r
    where r.id in (select app_private.broker_round_ids()) and r.security_id is not null and app_private.can_write()
  $function$;
grant execute on function app_private.editable_security_ids() to app_user;

create or replace function app_private.investor_allocation_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select d.allocation_id from app_public.distributions d
    where app_private.is_reader_investor(d.investor_id, (select app_private.current_account_id()),
                                         (select app_private.current_account_type()))
  $function$;
grant execute on function app_private.investor_allocation_ids() to app_user;

create or replace function app_private.investor_token_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select e.token_id from app_public.cap_table_entries e
    where app_private.is_reader_investor(e.investor_id, (select app_private.current_account_id()),
                                         (select app_private.current_account_type()))
  $function$;
grant execute on function app_private.investor_token_ids() to app_user;

create or replace function app_private.investor_transaction_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select l.transaction_id from app_public.ledger_entries l
    where app_private.is_reader_investor(l.investor_id, (select app_private.current_account_id()),
                                         (select app_private.current_account_type()))
  $function$;
grant execute on function app_private.investor_transaction_ids() to app_user;

create or replace function app_private.issuer_address_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select e.blockchain_address_id from app_public.cap_table_entries e
    where e.token_id in (select app_private.issuer_token_ids()) and e.blockchain_address_id is not null
    union
    select x.blockchain_address_id from app_public.holding_blockchain_addresses x
      join app_public.holdings h on h.id = x.holding_id
    where h.round_id in (select app_private.issuer_round_ids())
  $function$;
grant execute on function app_private.issuer_address_ids() to app_user;

create or replace function app_private.issuer_asset_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select a.id from app_public.assets a
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
  $function$;
grant execute on function app_private.issuer_asset_ids() to app_user;

create or replace function app_private.issuer_editable_round_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$ select id from app_private.issuer_round_ids() as id where app_private.can_write() $function$;
grant execute on function app_private.issuer_editable_round_ids() to app_user;

create or replace function app_private.issuer_editable_security_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select s.id from app_public.securities s
    where s.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $function$;
grant execute on function app_private.issuer_editable_security_ids() to app_user;

create or replace function app_private.issuer_round_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
  $function$;
grant execute on function app_private.issuer_round_ids() to app_user;

create or replace function app_private.issuer_status_allocation_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select al.id from app_public.allocations al
    where al.round_id in (select app_private.issuer_round_ids())
      and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $function$;
grant execute on function app_private.issuer_status_allocation_ids() to app_user;

create or replace function app_private.issuer_token_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select t.id from app_public.tokens t where t.round_id in (select app_private.issuer_round_ids())
  $function$;
grant execute on function app_private.issuer_token_ids() to app_user;

create or replace function app_private.member_account_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select account_id from app_public.users_accounts
    where user_id = app_private.current_user_id() and status = 'active'
  $function$;
grant execute on function app_private.member_account_ids() to app_user;

create or replace function app_private.own_address_ids(writable boolean)
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    with accounts as (
      select app_private.current_account_id() as id
      union select app_private.member_account_ids() where not writable
    )
    select aa.address_id from app_public.account_addresses aa where aa.account_id in (select id from accounts)
    union
    select pa.address_id from app_public.party_addresses pa
      join app_public.parties p on p.id = pa.party_id
    where p.account_id in (select id from accounts)
  $function$;
grant execute on function app_private.own_address_ids(boolean) to app_user;

create or replace function app_private.own_document_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select d.id from app_public.documents d where d.uploaded_by_id = app_private.current_account_id()
  $function$;
grant execute on function app_private.own_document_ids() to app_user;

create or replace function app_private.payment_distribution_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where app_private.sees_distribution_payments(d.investor_id, al.owner_id, (select app_private.current_account_id()),
                                                 (select app_private.current_account_type()))
  $function$;
grant execute on function app_private.payment_distribution_ids() to app_user;

-- The accounts the reader works with, one arm per relation: the owners of the reader's allocations as an investor,
-- the issuers of its related assets, the investors in its book, the investors of the allocations it is staff of, the
-- holders of its rounds as issuer or broker, and the accounts it manages. Stated once, read whole by
-- related_account_ids() (the accounts policy) and for a page of ids by related_account_ids_among(ids) (the pull of
-- accounts). Neither security definer nor SET: PostgreSQL inlines it into either of those (both security definer),
-- and pushes the among's `= any (ids)` into every arm, so a page reads by the arms' indexes. Not granted to app_user.
create or replace function app_private.related_accounts()
  returns setof uuid
  language sql
  stable
as $function$
    select al.owner_id from app_public.allocations al where al.id in (select app_private.investor_allocation_ids())
    union
    select a.issuer_id from app_public.assets a where a.id in (select app_private.related_asset_ids())
    union
    select c.investor_id from app_public.customers c
    where app_private.sees_customer(c.account_id, (select app_private.current_account_id()),
                                    (select app_private.current_account_type()))
    union
    select d.investor_id from app_public.distributions d
    where d.allocation_id in (select app_private.staff_allocation_ids())
    union
    select h.investor_id from app_public.holdings h
    where h.round_id in (select app_private.issuer_round_ids())
       or h.round_id in (select app_private.broker_round_ids())
    union
    select m.account_id from app_public.managed_accounts m
    where app_private.is_reader_manager(m.manager_id, (select app_private.current_account_id()))
  $function$;

create or replace function app_private.related_account_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$ select id from app_private.related_accounts() as id $function$;
grant execute on function app_private.related_account_ids() to app_user;

-- related_account_ids() among ids (the pull of a page of accounts).
create or replace function app_private.related_account_ids_among(ids uuid[])
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$ select id from app_private.related_accounts() as id where id = any (ids) $function$;
grant execute on function app_private.related_account_ids_among(uuid[]) to app_user;

create or replace function app_private.related_asset_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select r.asset_id from app_public.rounds r where r.id in (select app_private.related_round_ids())
  $function$;
grant execute on function app_private.related_asset_ids() to app_user;

create or replace function app_private.related_round_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select al.round_id from app_public.allocations al
    where al.id in (select app_private.investor_allocation_ids())
       or al.id in (select app_private.agent_allocation_ids())
    union
    select h.round_id from app_public.holdings h
    where app_private.is_reader_investor(h.investor_id, (select app_private.current_account_id()),
                                         (select app_private.current_account_type()))
    union
    select r.id from app_public.rounds r join app_public.security_listings l on l.security_id = r.security_id
    where l.exchange_id = app_private.current_account_id() and app_private.current_account_type() = 'ats'
  $function$;
grant execute on function app_private.related_round_ids() to app_user;

create or replace function app_private.related_security_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select r.security_id from app_public.rounds r
    where r.id in (select app_private.related_round_ids()) and r.security_id is not null
    union
    select h.security_id from app_public.holdings h
    where app_private.is_reader_investor(h.investor_id, (select app_private.current_account_id()),
                                         (select app_private.current_account_type()))
    union
    select l.security_id from app_public.security_listings l
    where l.exchange_id = app_private.current_account_id() and app_private.current_account_type() = 'ats'
  $function$;
grant execute on function app_private.related_security_ids() to app_user;

create or replace function app_private.shared_document_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select s.document_id from app_public.document_sharings s where s.to_role = app_private.current_account_type()
  $function$;
grant execute on function app_private.shared_document_ids() to app_user;

create or replace function app_private.staff_allocation_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select al.id from app_public.allocations al
    where al.round_id in (select app_private.issuer_round_ids())
       or al.round_id in (select app_private.broker_round_ids())
       or app_private.is_reader_allocation_owner(al.owner_id, (select app_private.current_account_id()),
                                                 (select app_private.current_account_type()))
    union
    select app_private.agent_allocation_ids()
  $function$;
grant execute on function app_private.staff_allocation_ids() to app_user;

create or replace function app_private.staff_transaction_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select t.id from app_public.transactions t
    where app_private.is_transaction_staff(t.issuer_id, t.broker_id,
                                           t.round_id in (select app_private.broker_round_ids()),
                                           (select app_private.current_account_id()),
                                           (select app_private.current_account_type()))
  $function$;
grant execute on function app_private.staff_transaction_ids() to app_user;
