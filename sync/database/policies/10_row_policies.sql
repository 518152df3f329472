-- The row-level security policies of every table whose policies have the common shape, one call a table: a select
-- policy on the readable rows, and for the writes the table allows, an insert policy checking the writable rows, an
-- update policy on the readable rows checking the writable ones, a delete policy on the writable rows. A table with
-- any other policy has its own file (10_<table>.sql). The id sets are 00_visibility.sql's, the rules 00_rules.sql's.
--
-- The maker and its calls live in this one file on purpose: migrate applies a code file again when its text changes,
-- so a change to row_policies makes every table's policies again with it. tests/helpers/sql-definitions.ts reads each
-- call as the policies it makes (select_<read_name>, <write>_<write_name>), for tests/db/code-files.test.ts.

create or replace function app_private.row_policies(
  tbl regclass,
  read_name text,
  write_name text,
  writes text[],
  readable text,
  writable text
)
  returns void
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
declare
  op text;
begin
  execute format('drop policy if exists %I on %s', 'select_' || read_name, tbl);
  execute format('create policy %I on %s for select using (%s)', 'select_' || read_name, tbl, readable);
  foreach op in array writes loop
    if op not in ('insert', 'update', 'delete') then
      raise exception 'row_policies: % is not insert, update or delete', op;
    end if;
    execute format('drop policy if exists %I on %s', op || '_' || write_name, tbl);
    execute format('create policy %I on %s for %s %s', op || '_' || write_name, tbl, op,
      case op
        when 'insert' then format('with check (%s)', writable)
        when 'update' then format('using (%s) with check (%s)', readable, writable)
        when 'delete' then format('using (%s)', writable)
      end);
  end loop;
end;
$function$;

-- The table, the names (select_<read_name>, <write>_<write_name>), the writes allowed, the readable rows, the
-- writable rows.

-- Accounts and the people in them.
select app_private.row_policies('app_public.accounts', 'visible', 'own', '{update}',
  $$app_private.sees_account(id, type, id in (select app_private.member_account_ids()),
      id in (select app_private.related_account_ids()), (select app_private.current_account_id()),
      (select app_private.current_account_type()))$$,
  $$id = app_private.current_account_id() and app_private.can_write()$$);
select app_private.row_policies('app_public.addresses', 'own', 'own', '{update}',
  $$id in (select app_private.own_address_ids(false))$$,
  $$id in (select app_private.own_address_ids(true)) and app_private.can_write()$$);
select app_private.row_policies('app_public.parties', 'own', 'own', '{update}',
  $$account_id = app_private.current_account_id() or account_id in (select app_private.member_account_ids())$$,
  $$account_id = app_private.current_account_id() and app_private.can_write()$$);
select app_private.row_policies('app_public.customers', 'own', 'own', '{update}',
  $$app_private.sees_customer(account_id, (select app_private.current_account_id()),
      (select app_private.current_account_type()))$$,
  $$account_id = app_private.current_account_id() and app_private.can_write()
    and app_private.current_account_type() = any (array['issuer', 'broker'])$$);
select app_private.row_policies('app_public.users', 'own_and_delegates', 'self', '{update}',
  $$id = app_private.current_user_id() or id in (select app_private.account_user_ids())$$,
  $$id = app_private.current_user_id()$$);
select app_private.row_policies('app_public.users_accounts', 'own_and_account', 'delegates', '{update}',
  $$user_id = app_private.current_user_id()
    or (account_id = app_private.current_account_id() and account_id in (select app_private.member_account_ids()))$$,
  $$account_id = app_private.current_account_id() and app_private.can_write()
    and account_id in (select app_private.member_account_ids()) and role <> 'account_owner'$$);
select app_private.row_policies('app_public.terms_acceptances', 'own', 'own', '{insert}',
  $$user_id = app_private.current_user_id()$$,
  $$user_id = app_private.current_user_id()$$);
select app_private.row_policies('app_public.vendor_default_email_preferences', 'own', 'own', '{insert,update}',
  $$account_id = app_private.current_account_id()$$,
  $$account_id = app_private.current_account_id() and app_private.can_write()$$);

-- Reference data: read by everyone (terms by anyone signed in), written by the platform's admins.
select app_private.row_policies('app_public.asset_types', 'all', 'admin', '{insert,update}',
  $$true$$, $$app_private.current_account_type() = 'admin' and app_private.can_write()$$);
select app_private.row_policies('app_public.investor_account_types', 'all', 'admin', '{insert,update}',
  $$true$$, $$app_private.current_account_type() = 'admin' and app_private.can_write()$$);
select app_private.row_policies('app_public.document_sharing_allowed_shares', 'all', 'admin', '{insert,update}',
  $$true$$, $$app_private.current_account_type() = 'admin' and app_private.can_write()$$);
select app_private.row_policies('app_public.terms_of_service', 'signed_in', 'admin', '{insert,update}',
  $$app_private.current_user_id() is not null$$,
  $$app_private.current_account_type() = 'admin' and app_private.can_write()$$);

-- Assets: read by their issuer, brokers and the accounts related to them, written by their issuer.
select app_private.row_policies('app_public.assets', 'visible', 'own', '{insert,update}',
  $$(issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
    or app_private.current_account_type() = 'broker' or id in (select app_private.related_asset_ids())$$,
  $$issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
    and app_private.can_write()$$);

-- The rows of a round: read with the round, written by its issuer.
select app_private.row_policies('app_public.capital_deployments', 'visible', 'own', '{delete,insert,update}',
  $$round_id in (select id from app_public.rounds)$$,
  $$round_id in (select app_private.issuer_round_ids()) and app_private.can_write()$$);
select app_private.row_policies('app_public.tranche_bond_data', 'visible', 'editable', '{insert,update}',
  $$round_id in (select id from app_public.rounds)$$,
  $$round_id in (select app_private.issuer_editable_round_ids())$$);

-- The rows of an allocation: read with it (or by its staff), written while it is editable.
select app_private.row_policies('app_public.allocation_annotations', 'staff', 'editable', '{insert}',
  $$app_private.current_account_type() <> 'agent' and allocation_id in (select app_private.staff_allocation_ids())$$,
  $$allocation_id in (select app_private.editable_allocation_ids())$$);
select app_private.row_policies('app_public.allocation_email_preferences', 'staff', 'editable', '{insert,update}',
  $$allocation_id in (select app_private.staff_allocation_ids())$$,
  $$allocation_id in (select app_private.editable_allocation_ids())$$);
select app_private.row_policies('app_public.allocation_qualifications', 'visible', 'editable', '{delete,insert,update}',
  $$allocation_id in (select al.id from app_public.allocations al)$$,
  $$allocation_id in (select app_private.editable_allocation_ids())$$);

-- The rows of a distribution: read with it (some by the readers its rule names), written while it is editable.
select app_private.row_policies('app_public.distribution_annotations', 'staff', 'editable', '{insert}',
  $$app_private.sees_distribution_annotations((select app_private.current_account_type()))
    and distribution_id in (select id from app_public.distributions)$$,
  $$distribution_id in (select app_private.editable_distribution_ids())$$);
select app_private.row_policies('app_public.distribution_custom_fields', 'staff', 'editable', '{delete,insert,update}',
  $$app_private.sees_distribution_custom_fields((select app_private.current_account_type()))
    and distribution_id in (select id from app_public.distributions)$$,
  $$distribution_id in (select app_private.editable_distribution_ids())$$);
select app_private.row_policies('app_public.distribution_prices', 'visible', 'editable', '{delete,insert,update}',
  $$app_private.sees_distribution_prices((select app_private.current_account_type()))
    and distribution_id in (select id from app_public.distributions)$$,
  $$distribution_id in (select app_private.editable_distribution_ids())$$);
select app_private.row_policies('app_public.distribution_payments', 'visible', 'editable', '{delete,insert,update}',
  $$distribution_id in (select app_private.payment_distribution_ids())$$,
  $$distribution_id in (select app_private.editable_distribution_ids())$$);
select app_private.row_policies('app_public.distribution_qualifications', 'visible', 'editable', '{delete,insert,update}',
  $$distribution_id in (select d.id from app_public.distributions d)$$,
  $$distribution_id in (select app_private.editable_distribution_ids())$$);
select app_private.row_policies('app_public.vesting_schedules', 'visible', 'editable', '{insert,update}',
  $$distribution_id in (select id from app_public.distributions)
    or allocation_id in (select id from app_public.allocations)$$,
  $$distribution_id in (select app_private.editable_distribution_ids())
    or allocation_id in (select app_private.editable_allocation_ids())$$);

-- The rows of a holding: read with it, written by its issuer.
select app_private.row_policies('app_public.dividend_payments', 'visible', 'own', '{insert}',
  $$holding_id in (select h.id from app_public.holdings h)$$,
  $$holding_id in (select app_private.editable_issuer_holding_ids())$$);
