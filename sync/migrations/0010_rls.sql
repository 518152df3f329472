-- Row-level security on every app_public table. Who sees and writes what is written out in docs/DATABASE.md.
--
-- Shape of every table's rules:
--   select: the rows the selected account may read;
--   insert: WITH CHECK the account may write it;
--   update: USING the readable rows, WITH CHECK the writable ones, so changing a row you may read but not write
--           is refused (42501) instead of silently updating nothing;
--   delete: USING the writable rows.
-- Grants list columns for insert and update. A statement-level guard (app_private.tg__guard_write) refuses every
-- write of a viewer, or of an account type that never writes the table, with LL403 'Operation not allowed'.
--
-- The helpers below are SECURITY DEFINER so policies can look across tables without recursing into each other's
-- policies; each one filters by the request's own settings, so it never widens what a caller can see.

create function app_private.tg__guard_write() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if current_user = 'app_user' and (
      not app_private.can_write()
      or (tg_nargs > 0 and not (app_private.current_account_type() = any (tg_argv)))) then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = format('%s (%s) may not %s %s', coalesce(app_private.current_account_type(), 'no account'),
        coalesce(app_private.current_account_role(), 'no role'), lower(tg_op), tg_table_name);
  end if;
  return null;
end
$$;

create function app_private.add_write_guard(tbl regclass, account_types text[] default '{}') returns void
  language plpgsql
  as $$
begin
  execute format('create trigger _050_guard_write before insert or update or delete on %s
    for each statement execute function app_private.tg__guard_write(%s)', tbl,
    (select string_agg(quote_literal(t), ', ') from unnest(account_types) t));
end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Helpers (SECURITY DEFINER, fixed search_path, filtered by the request settings).

create function app_private.account_type_of(account_id uuid) returns text
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$ select type from app_public.accounts where id = account_id $$;

-- Accounts the signed-in user is an active member of.
create function app_private.member_account_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select account_id from app_public.users_accounts
    where user_id = app_private.current_user_id() and status = 'active'
  $$;

-- Users who are members of the selected account (the delegates list), when the user belongs to it.
create function app_private.account_user_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select ua.user_id from app_public.users_accounts ua
    where ua.account_id = app_private.current_account_id()
      and app_private.current_account_id() in (select app_private.member_account_ids())
  $$;

-- Addresses of the selected account and of the user's accounts, and of their parties.
create function app_private.own_address_ids(writable boolean) returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    with accounts as (
      select app_private.current_account_id() as id
      union select app_private.member_account_ids() where not writable
    )
    select aa.address_id from app_public.account_addresses aa where aa.account_id in (select id from accounts)
    union
    select pa.address_id from app_public.party_addresses pa
      join app_public.parties p on p.id = pa.party_id
    where p.account_id in (select id from accounts)
  $$;

-- Rounds of the selected issuer's assets.
create function app_private.issuer_round_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
  $$;

-- Rounds the selected broker accepted to manage.
create function app_private.broker_round_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select ba.round_id from app_public.broker_allocations ba
    where ba.broker_id = app_private.current_account_id() and ba.status = 'accepted'
      and app_private.current_account_type() = 'broker'
  $$;

-- Rounds the selected account may change: its own (issuer) or accepted (broker); owners and admins only.
create function app_private.editable_round_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select id from app_private.issuer_round_ids() as id where app_private.can_write()
    union all
    select id from app_private.broker_round_ids() as id where app_private.can_write()
  $$;

-- Assets the selected issuer may change.
create function app_private.editable_asset_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select a.id from app_public.assets a
    where a.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $$;

-- Allocations an agent is named on through an offering link.
create function app_private.agent_allocation_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select l.allocation_id from app_public.allocation_offering_links l
    where l.agent_id = app_private.current_account_id() and app_private.current_account_type() = 'agent'
  $$;

-- Allocations in which the selected investor has a distribution.
create function app_private.investor_allocation_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select d.allocation_id from app_public.distributions d
    where d.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
  $$;

-- Allocations the selected issuer, broker or agent works with.
create function app_private.staff_allocation_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.id from app_public.allocations al
    where al.round_id in (select app_private.issuer_round_ids())
       or al.round_id in (select app_private.broker_round_ids())
       or (al.owner_id = app_private.current_account_id()
           and app_private.current_account_type() in ('issuer', 'broker'))
    union
    select app_private.agent_allocation_ids()
  $$;

-- Allocations the selected account owns, in a round it may change (spec: "the account owns the allocation").
create function app_private.editable_allocation_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.id from app_public.allocations al
    where al.owner_id = app_private.current_account_id()
      and al.round_id in (select app_private.editable_round_ids())
  $$;

create function app_private.editable_distribution_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select d.id from app_public.distributions d
    where d.allocation_id in (select app_private.editable_allocation_ids())
  $$;

-- Payments are shown to the allocation's owner and to the investor.
create function app_private.payment_distribution_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select d.id from app_public.distributions d
    where d.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
    union all
    select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where al.owner_id = app_private.current_account_id()
      and app_private.current_account_type() in ('issuer', 'broker')
  $$;

-- Rounds an investor, agent or ats account needs to show its rows (issuers and brokers are handled inline).
create function app_private.related_round_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.round_id from app_public.allocations al
    where al.id in (select app_private.investor_allocation_ids())
       or al.id in (select app_private.agent_allocation_ids())
    union
    select h.round_id from app_public.holdings h
    where h.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
    union
    select r.id from app_public.rounds r join app_public.security_listings l on l.security_id = r.security_id
    where l.exchange_id = app_private.current_account_id() and app_private.current_account_type() = 'ats'
  $$;

create function app_private.related_asset_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select r.asset_id from app_public.rounds r where r.id in (select app_private.related_round_ids())
  $$;

create function app_private.related_security_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select r.security_id from app_public.rounds r
    where r.id in (select app_private.related_round_ids()) and r.security_id is not null
    union
    select h.security_id from app_public.holdings h
    where h.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
    union
    select l.security_id from app_public.security_listings l
    where l.exchange_id = app_private.current_account_id() and app_private.current_account_type() = 'ats'
  $$;

-- Securities the selected account may change: the issuer's own, or those of rounds a broker accepted.
create function app_private.editable_security_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select s.id from app_public.securities s
    where s.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
    union
    select r.security_id from app_public.rounds r
    where r.id in (select app_private.broker_round_ids()) and r.security_id is not null and app_private.can_write()
  $$;

-- Accounts other than the directory (issuers, brokers, ats) that the selected account deals with:
-- an investor sees the issuers and allocation owners of its distributions and holdings; issuers, brokers, agents
-- and ats see the investors they have as contacts, distributions or holdings.
create function app_private.related_account_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.owner_id from app_public.allocations al where al.id in (select app_private.investor_allocation_ids())
    union
    select a.issuer_id from app_public.assets a where a.id in (select app_private.related_asset_ids())
    union
    select c.investor_id from app_public.customers c
    where c.account_id = app_private.current_account_id() and app_private.current_account_type() <> 'investor'
    union
    select d.investor_id from app_public.distributions d
    where d.allocation_id in (select app_private.staff_allocation_ids())
    union
    select h.investor_id from app_public.holdings h
    where h.round_id in (select app_private.issuer_round_ids())
       or h.round_id in (select app_private.broker_round_ids())
    union
    select m.account_id from app_public.managed_accounts m where m.manager_id = app_private.current_account_id()
  $$;

create function app_private.investor_transaction_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select l.transaction_id from app_public.ledger_entries l
    where l.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
  $$;

create function app_private.staff_transaction_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select t.id from app_public.transactions t
    where (t.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
       or (t.broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker')
       or t.round_id in (select app_private.broker_round_ids())
  $$;

-- Documents shared with the selected account's type.
create function app_private.shared_document_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select s.document_id from app_public.document_sharings s where s.to_role = app_private.current_account_type()
  $$;

create function app_private.own_document_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select d.id from app_public.documents d where d.uploaded_by_id = app_private.current_account_id()
  $$;

grant execute on function
  app_private.account_type_of(uuid),
  app_private.member_account_ids(),
  app_private.account_user_ids(),
  app_private.own_address_ids(boolean),
  app_private.issuer_round_ids(),
  app_private.broker_round_ids(),
  app_private.editable_round_ids(),
  app_private.editable_asset_ids(),
  app_private.agent_allocation_ids(),
  app_private.investor_allocation_ids(),
  app_private.staff_allocation_ids(),
  app_private.editable_allocation_ids(),
  app_private.editable_distribution_ids(),
  app_private.payment_distribution_ids(),
  app_private.related_round_ids(),
  app_private.related_asset_ids(),
  app_private.related_security_ids(),
  app_private.editable_security_ids(),
  app_private.related_account_ids(),
  app_private.investor_transaction_ids(),
  app_private.staff_transaction_ids(),
  app_private.shared_document_ids(),
  app_private.own_document_ids()
  to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- Reference tables: everyone signed in reads; admin owners and admins maintain the type lists.

alter table app_public.countries enable row level security;
create policy select_all on app_public.countries for select using (true);
grant select on app_public.countries to app_user;

alter table app_public.country_provinces enable row level security;
create policy select_all on app_public.country_provinces for select using (true);
grant select on app_public.country_provinces to app_user;

alter table app_public.currencies enable row level security;
create policy select_all on app_public.currencies for select using (true);
grant select on app_public.currencies to app_user;

alter table app_public.investor_account_types enable row level security;
create policy select_all on app_public.investor_account_types for select using (true);
create policy insert_admin on app_public.investor_account_types for insert
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
create policy update_admin on app_public.investor_account_types for update using (true)
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
grant select on app_public.investor_account_types to app_user;
grant insert (type, is_individual, is_joint), update (is_individual, is_joint)
  on app_public.investor_account_types to app_user;
select app_private.add_write_guard('app_public.investor_account_types', '{admin}');

alter table app_public.asset_types enable row level security;
create policy select_all on app_public.asset_types for select using (true);
create policy insert_admin on app_public.asset_types for insert
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
create policy update_admin on app_public.asset_types for update using (true)
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
grant select on app_public.asset_types to app_user;
grant insert (type, name, accounting_type), update (name) on app_public.asset_types to app_user;
select app_private.add_write_guard('app_public.asset_types', '{admin}');

alter table app_public.document_sharing_allowed_shares enable row level security;
create policy select_all on app_public.document_sharing_allowed_shares for select using (true);
create policy insert_admin on app_public.document_sharing_allowed_shares for insert
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
create policy update_admin on app_public.document_sharing_allowed_shares for update using (true)
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
grant select on app_public.document_sharing_allowed_shares to app_user;
grant insert (id, type, from_account_type, to_role, name), update (name)
  on app_public.document_sharing_allowed_shares to app_user;
select app_private.add_write_guard('app_public.document_sharing_allowed_shares', '{admin}');

alter table app_public.terms_of_service enable row level security;
create policy select_signed_in on app_public.terms_of_service for select
  using (app_private.current_user_id() is not null);
create policy insert_admin on app_public.terms_of_service for insert
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
create policy update_admin on app_public.terms_of_service for update
  using (app_private.current_user_id() is not null)
  with check (app_private.current_account_type() = 'admin' and app_private.can_write());
grant select on app_public.terms_of_service to app_user;
grant insert (id, type, agreement, active), update (type, agreement, active) on app_public.terms_of_service to app_user;
select app_private.add_write_guard('app_public.terms_of_service', '{admin}');

-- ---------------------------------------------------------------------------------------------------------------
-- The user's own data: readable without a selected account.

alter table app_public.terms_acceptances enable row level security;
create policy select_own on app_public.terms_acceptances for select
  using (user_id = app_private.current_user_id());
create policy insert_own on app_public.terms_acceptances for insert
  with check (user_id = app_private.current_user_id());
alter table app_public.terms_acceptances alter column user_id set default app_private.current_user_id();
grant select on app_public.terms_acceptances to app_user;
grant insert (id, terms_id, user_id) on app_public.terms_acceptances to app_user;

alter table app_public.users enable row level security;
create policy select_own_and_delegates on app_public.users for select
  using (id = app_private.current_user_id() or id in (select app_private.account_user_ids()));
create policy update_self on app_public.users for update
  using (id = app_private.current_user_id() or id in (select app_private.account_user_ids()))
  with check (id = app_private.current_user_id());
grant select on app_public.users to app_user;
grant update (first_name, last_name) on app_public.users to app_user;

alter table app_public.user_emails enable row level security;
create policy select_own_and_delegates on app_public.user_emails for select
  using (user_id = app_private.current_user_id() or user_id in (select app_private.account_user_ids()));
grant select on app_public.user_emails to app_user;

alter table app_public.users_accounts enable row level security;
create policy select_own_and_account on app_public.users_accounts for select
  using (user_id = app_private.current_user_id()
    or (account_id = app_private.current_account_id()
        and account_id in (select app_private.member_account_ids())));
-- Owners and admins manage delegates of their account; the owner row is never edited here, nobody becomes owner.
create policy update_delegates on app_public.users_accounts for update
  using (user_id = app_private.current_user_id()
    or (account_id = app_private.current_account_id()
        and account_id in (select app_private.member_account_ids())))
  with check (account_id = app_private.current_account_id() and app_private.can_write()
    and account_id in (select app_private.member_account_ids()) and role <> 'account_owner');
grant select on app_public.users_accounts to app_user;
grant update (role, status) on app_public.users_accounts to app_user;
select app_private.add_write_guard('app_public.users_accounts');

-- ---------------------------------------------------------------------------------------------------------------
-- Accounts, their addresses and parties.

alter table app_public.accounts enable row level security;
create policy select_visible on app_public.accounts for select
  using (id = app_private.current_account_id()
    or id in (select app_private.member_account_ids())
    or (type in ('issuer', 'broker', 'ats')
        and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
    or app_private.current_account_type() = 'admin'
    or id in (select app_private.related_account_ids()));
create policy update_own on app_public.accounts for update
  using (id = app_private.current_account_id()
    or id in (select app_private.member_account_ids())
    or (type in ('issuer', 'broker', 'ats')
        and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
    or app_private.current_account_type() = 'admin'
    or id in (select app_private.related_account_ids()))
  with check (id = app_private.current_account_id() and app_private.can_write());
grant select on app_public.accounts to app_user;
grant update (name, slug, email, url, twitter_handle, contact_name, support_email, company, jurisdiction_id)
  on app_public.accounts to app_user;
select app_private.add_write_guard('app_public.accounts');

alter table app_public.account_addresses enable row level security;
create policy select_own on app_public.account_addresses for select
  using (account_id = app_private.current_account_id() or account_id in (select app_private.member_account_ids()));
grant select on app_public.account_addresses to app_user;

alter table app_public.parties enable row level security;
create policy select_own on app_public.parties for select
  using (account_id = app_private.current_account_id() or account_id in (select app_private.member_account_ids()));
create policy update_own on app_public.parties for update
  using (account_id = app_private.current_account_id() or account_id in (select app_private.member_account_ids()))
  with check (account_id = app_private.current_account_id() and app_private.can_write());
grant select on app_public.parties to app_user;
grant update (email, first_name, last_name, tax_short, date_of_birth, us_citizen, allow_login, is_primary, role)
  on app_public.parties to app_user;
select app_private.add_write_guard('app_public.parties');

alter table app_public.party_addresses enable row level security;
create policy select_own on app_public.party_addresses for select
  using (party_id in (select id from app_public.parties));
grant select on app_public.party_addresses to app_user;

alter table app_public.addresses enable row level security;
create policy select_own on app_public.addresses for select
  using (id in (select app_private.own_address_ids(false)));
create policy update_own on app_public.addresses for update
  using (id in (select app_private.own_address_ids(false)))
  with check (id in (select app_private.own_address_ids(true)) and app_private.can_write());
grant select on app_public.addresses to app_user;
grant update (line_one, line_two, line_three, line_four, city, province, postal_code, country_id)
  on app_public.addresses to app_user;
select app_private.add_write_guard('app_public.addresses');

alter table app_public.managed_accounts enable row level security;
create policy select_own on app_public.managed_accounts for select
  using (manager_id = app_private.current_account_id() or account_id = app_private.current_account_id());
grant select on app_public.managed_accounts to app_user;

alter table app_public.vendor_default_email_preferences enable row level security;
create policy select_own on app_public.vendor_default_email_preferences for select
  using (account_id = app_private.current_account_id());
create policy insert_own on app_public.vendor_default_email_preferences for insert
  with check (account_id = app_private.current_account_id() and app_private.can_write());
create policy update_own on app_public.vendor_default_email_preferences for update
  using (account_id = app_private.current_account_id())
  with check (account_id = app_private.current_account_id() and app_private.can_write());
grant select on app_public.vendor_default_email_preferences to app_user;
grant insert (id, account_id, send_distribution), update (send_distribution)
  on app_public.vendor_default_email_preferences to app_user;
select app_private.add_write_guard('app_public.vendor_default_email_preferences', '{issuer,broker}');

-- ---------------------------------------------------------------------------------------------------------------
-- Assets, securities, rounds.

alter table app_public.assets enable row level security;
create policy select_visible on app_public.assets for select
  using ((issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
    or app_private.current_account_type() = 'broker'
    or id in (select app_private.related_asset_ids()));
create policy insert_own on app_public.assets for insert
  with check (issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
    and app_private.can_write());
create policy update_own on app_public.assets for update
  using ((issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
    or app_private.current_account_type() = 'broker'
    or id in (select app_private.related_asset_ids()))
  with check (issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
    and app_private.can_write());
grant select on app_public.assets to app_user;
grant insert (id, issuer_id, name, type, status, authorized_total), update (name, status, authorized_total)
  on app_public.assets to app_user;
select app_private.add_write_guard('app_public.assets', '{issuer}');

alter table app_public.securities enable row level security;
create policy select_visible on app_public.securities for select
  using ((issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
    or app_private.current_account_type() = 'broker'
    or id in (select app_private.related_security_ids()));
create policy insert_own on app_public.securities for insert
  with check (issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
    and app_private.can_write());
create policy update_editable on app_public.securities for update
  using ((issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
    or app_private.current_account_type() = 'broker'
    or id in (select app_private.related_security_ids()))
  with check (id in (select app_private.editable_security_ids()));
grant select on app_public.securities to app_user;
grant insert (id, issuer_id, name, ticker, symbol, total, unit_value), update (name, ticker, total, unit_value)
  on app_public.securities to app_user;
select app_private.add_write_guard('app_public.securities', '{issuer,broker}');

alter table app_public.security_listings enable row level security;
create policy select_visible on app_public.security_listings for select
  using (security_id in (select id from app_public.securities) or exchange_id = app_private.current_account_id());
create policy insert_own on app_public.security_listings for insert
  with check (security_id in (select app_private.editable_security_ids())
    and app_private.current_account_type() = 'issuer' and app_private.account_type_of(exchange_id) = 'ats');
create policy update_own on app_public.security_listings for update
  using (security_id in (select id from app_public.securities) or exchange_id = app_private.current_account_id())
  with check (security_id in (select app_private.editable_security_ids())
    and app_private.current_account_type() = 'issuer' and app_private.account_type_of(exchange_id) = 'ats');
create policy delete_own on app_public.security_listings for delete
  using (security_id in (select app_private.editable_security_ids()) and app_private.current_account_type() = 'issuer');
grant select, delete on app_public.security_listings to app_user;
grant insert (id, security_id, exchange_id), update (exchange_id) on app_public.security_listings to app_user;
select app_private.add_write_guard('app_public.security_listings', '{issuer}');

alter table app_public.rounds enable row level security;
create policy select_visible on app_public.rounds for select
  using (app_private.current_account_type() = 'broker'
    or id in (select app_private.issuer_round_ids())
    or id in (select app_private.related_round_ids()));
create policy insert_own on app_public.rounds for insert
  with check (asset_id in (select app_private.editable_asset_ids()));
create policy update_editable on app_public.rounds for update
  using (app_private.current_account_type() = 'broker'
    or id in (select app_private.issuer_round_ids())
    or id in (select app_private.related_round_ids()))
  with check (id in (select app_private.editable_round_ids()));
grant select on app_public.rounds to app_user;
grant insert (id, asset_id, name, opens_on, closes_on, status, total, terms_url, price, managed_units, security_id),
  update (name, opens_on, closes_on, status, total, terms_url, price, managed_units, security_id)
  on app_public.rounds to app_user;
select app_private.add_write_guard('app_public.rounds', '{issuer,broker}');

alter table app_public.tranche_bond_data enable row level security;
create policy select_visible on app_public.tranche_bond_data for select
  using (round_id in (select id from app_public.rounds));
create policy insert_editable on app_public.tranche_bond_data for insert
  with check (round_id in (select app_private.editable_round_ids()));
create policy update_editable on app_public.tranche_bond_data for update
  using (round_id in (select id from app_public.rounds))
  with check (round_id in (select app_private.editable_round_ids()));
grant select on app_public.tranche_bond_data to app_user;
grant insert (id, round_id, term, coupon), update (term, coupon) on app_public.tranche_bond_data to app_user;
select app_private.add_write_guard('app_public.tranche_bond_data', '{issuer,broker}');

alter table app_public.capital_deployments enable row level security;
create policy select_visible on app_public.capital_deployments for select
  using (round_id in (select id from app_public.rounds));
create policy insert_own on app_public.capital_deployments for insert
  with check (round_id in (select app_private.issuer_round_ids()) and app_private.can_write());
create policy update_own on app_public.capital_deployments for update
  using (round_id in (select id from app_public.rounds))
  with check (round_id in (select app_private.issuer_round_ids()) and app_private.can_write());
create policy delete_own on app_public.capital_deployments for delete
  using (round_id in (select app_private.issuer_round_ids()) and app_private.can_write());
grant select, delete on app_public.capital_deployments to app_user;
grant insert (id, round_id, amount, deployed_on, description), update (amount, deployed_on, description)
  on app_public.capital_deployments to app_user;
select app_private.add_write_guard('app_public.capital_deployments', '{issuer}');

-- ---------------------------------------------------------------------------------------------------------------
-- Allocations, broker allocations, distributions and their children.

alter table app_public.allocations enable row level security;
create policy select_visible on app_public.allocations for select
  using (id in (select app_private.staff_allocation_ids()) or id in (select app_private.investor_allocation_ids()));
create policy insert_editable on app_public.allocations for insert
  with check (owner_id = app_private.current_account_id() and round_id in (select app_private.editable_round_ids()));
create policy update_editable on app_public.allocations for update
  using (id in (select app_private.staff_allocation_ids()) or id in (select app_private.investor_allocation_ids()))
  with check (id in (select app_private.editable_allocation_ids()));
grant select on app_public.allocations to app_user;
grant insert (id, round_id, owner_id, name, status, opens_on, closes_on), update (name, status, opens_on, closes_on)
  on app_public.allocations to app_user;
select app_private.add_write_guard('app_public.allocations', '{issuer,broker}');

alter table app_public.broker_allocations enable row level security;
create policy select_visible on app_public.broker_allocations for select
  using (round_id in (select app_private.issuer_round_ids())
    or (broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker'));
create policy insert_own_round on app_public.broker_allocations for insert
  with check (round_id in (select app_private.issuer_round_ids()) and app_private.can_write()
    and status = 'sent' and app_private.account_type_of(broker_id) = 'broker');
create policy update_party on app_public.broker_allocations for update
  using (round_id in (select app_private.issuer_round_ids())
    or (broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker'))
  with check (app_private.can_write() and (round_id in (select app_private.issuer_round_ids())
    or (broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker')));
grant select on app_public.broker_allocations to app_user;
grant insert (id, round_id, broker_id, name, managed_units), update (name, managed_units, status)
  on app_public.broker_allocations to app_user;
select app_private.add_write_guard('app_public.broker_allocations', '{issuer,broker}');

-- The issuer invites and edits the invitation; only the invited broker answers it, once: sent -> accepted|rejected.
create function app_private.tg_broker_allocations__rules() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.broker_id is null then
    raise exception 'A broker is required.' using errcode = 'LL422';
  end if;
  if tg_op = 'UPDATE' and current_user = 'app_user' then
    if app_private.current_account_type() = 'broker' then
      if new.name is distinct from old.name or new.managed_units is distinct from old.managed_units then
        raise exception 'Operation not allowed' using errcode = 'LL403',
          detail = 'a broker may only accept or reject an invitation';
      end if;
      if new.status is distinct from old.status
          and (old.status <> 'sent' or new.status not in ('accepted', 'rejected')) then
        raise exception 'Operation not allowed' using errcode = 'LL403',
          detail = format('status %s cannot become %s', old.status, new.status);
      end if;
    elsif new.status is distinct from old.status then
      raise exception 'Operation not allowed' using errcode = 'LL403',
        detail = 'only the invited broker accepts or rejects';
    end if;
  end if;
  return new;
end
$$;
create trigger _300_rules before insert or update on app_public.broker_allocations
  for each row execute function app_private.tg_broker_allocations__rules();

alter table app_public.allocation_offering_links enable row level security;
create policy select_visible on app_public.allocation_offering_links for select
  using (allocation_id in (select app_private.staff_allocation_ids())
    or (agent_id = app_private.current_account_id() and app_private.current_account_type() = 'agent'));
create policy insert_editable on app_public.allocation_offering_links for insert
  with check (allocation_id in (select app_private.editable_allocation_ids()));
create policy update_editable on app_public.allocation_offering_links for update
  using (allocation_id in (select app_private.staff_allocation_ids()))
  with check (allocation_id in (select app_private.editable_allocation_ids()));
create policy delete_editable on app_public.allocation_offering_links for delete
  using (allocation_id in (select app_private.editable_allocation_ids()));
grant select, delete on app_public.allocation_offering_links to app_user;
grant insert (id, allocation_id, agent_id, name, authorized_link, unauthorized_link),
  update (agent_id, name, authorized_link, unauthorized_link) on app_public.allocation_offering_links to app_user;
select app_private.add_write_guard('app_public.allocation_offering_links', '{issuer,broker}');

alter table app_public.allocation_annotations enable row level security;
create policy select_staff on app_public.allocation_annotations for select
  using (allocation_id in (select app_private.staff_allocation_ids()));
create policy insert_editable on app_public.allocation_annotations for insert
  with check (allocation_id in (select app_private.editable_allocation_ids()));
grant select on app_public.allocation_annotations to app_user;
grant insert (id, allocation_id, annotation) on app_public.allocation_annotations to app_user;
select app_private.add_write_guard('app_public.allocation_annotations', '{issuer,broker}');

alter table app_public.allocation_email_preferences enable row level security;
create policy select_staff on app_public.allocation_email_preferences for select
  using (allocation_id in (select app_private.staff_allocation_ids()));
create policy insert_editable on app_public.allocation_email_preferences for insert
  with check (allocation_id in (select app_private.editable_allocation_ids()));
create policy update_editable on app_public.allocation_email_preferences for update
  using (allocation_id in (select app_private.staff_allocation_ids()))
  with check (allocation_id in (select app_private.editable_allocation_ids()));
grant select on app_public.allocation_email_preferences to app_user;
grant insert (id, allocation_id, send_distribution), update (send_distribution)
  on app_public.allocation_email_preferences to app_user;
select app_private.add_write_guard('app_public.allocation_email_preferences', '{issuer,broker}');

alter table app_public.distributions enable row level security;
create policy select_visible on app_public.distributions for select
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or allocation_id in (select app_private.staff_allocation_ids()));
create policy update_editable on app_public.distributions for update
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or allocation_id in (select app_private.staff_allocation_ids()))
  with check (allocation_id in (select app_private.editable_allocation_ids()));
grant select on app_public.distributions to app_user;
grant update (name, amount, status, purchase_price) on app_public.distributions to app_user;
select app_private.add_write_guard('app_public.distributions', '{issuer,broker}');

-- Agents do not see prices (the distributions report leaves them out for agents).
alter table app_public.distribution_prices enable row level security;
create policy select_visible on app_public.distribution_prices for select
  using (app_private.current_account_type() <> 'agent' and distribution_id in (select id from app_public.distributions));
create policy insert_editable on app_public.distribution_prices for insert
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy update_editable on app_public.distribution_prices for update
  using (app_private.current_account_type() <> 'agent' and distribution_id in (select id from app_public.distributions))
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy delete_editable on app_public.distribution_prices for delete
  using (distribution_id in (select app_private.editable_distribution_ids()));
grant select, delete on app_public.distribution_prices to app_user;
grant insert (id, distribution_id, currency_id, price, is_purchase), update (currency_id, price, is_purchase)
  on app_public.distribution_prices to app_user;
select app_private.add_write_guard('app_public.distribution_prices', '{issuer,broker}');

alter table app_public.distribution_payments enable row level security;
create policy select_visible on app_public.distribution_payments for select
  using (distribution_id in (select app_private.payment_distribution_ids()));
create policy insert_editable on app_public.distribution_payments for insert
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy update_editable on app_public.distribution_payments for update
  using (distribution_id in (select app_private.payment_distribution_ids()))
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy delete_editable on app_public.distribution_payments for delete
  using (distribution_id in (select app_private.editable_distribution_ids()));
grant select, delete on app_public.distribution_payments to app_user;
grant insert (id, distribution_id, currency_id, amount, paid_on, status), update (currency_id, amount, paid_on, status)
  on app_public.distribution_payments to app_user;
select app_private.add_write_guard('app_public.distribution_payments', '{issuer,broker}');

-- Notes and custom fields are the issuer's or broker's working data: investors do not see them.
alter table app_public.distribution_annotations enable row level security;
create policy select_staff on app_public.distribution_annotations for select
  using (app_private.current_account_type() <> 'investor' and distribution_id in (select id from app_public.distributions));
create policy insert_editable on app_public.distribution_annotations for insert
  with check (distribution_id in (select app_private.editable_distribution_ids()));
grant select on app_public.distribution_annotations to app_user;
grant insert (id, distribution_id, annotation) on app_public.distribution_annotations to app_user;
select app_private.add_write_guard('app_public.distribution_annotations', '{issuer,broker}');

alter table app_public.distribution_custom_fields enable row level security;
create policy select_staff on app_public.distribution_custom_fields for select
  using (app_private.current_account_type() <> 'investor' and distribution_id in (select id from app_public.distributions));
create policy insert_editable on app_public.distribution_custom_fields for insert
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy update_editable on app_public.distribution_custom_fields for update
  using (app_private.current_account_type() <> 'investor' and distribution_id in (select id from app_public.distributions))
  with check (distribution_id in (select app_private.editable_distribution_ids()));
create policy delete_editable on app_public.distribution_custom_fields for delete
  using (distribution_id in (select app_private.editable_distribution_ids()));
grant select, delete on app_public.distribution_custom_fields to app_user;
grant insert (id, distribution_id, name, value), update (name, value) on app_public.distribution_custom_fields to app_user;
select app_private.add_write_guard('app_public.distribution_custom_fields', '{issuer,broker}');

alter table app_public.vesting_schedules enable row level security;
create policy select_visible on app_public.vesting_schedules for select
  using (distribution_id in (select id from app_public.distributions)
    or allocation_id in (select id from app_public.allocations));
create policy insert_editable on app_public.vesting_schedules for insert
  with check (distribution_id in (select app_private.editable_distribution_ids())
    or allocation_id in (select app_private.editable_allocation_ids()));
create policy update_editable on app_public.vesting_schedules for update
  using (distribution_id in (select id from app_public.distributions)
    or allocation_id in (select id from app_public.allocations))
  with check (distribution_id in (select app_private.editable_distribution_ids())
    or allocation_id in (select app_private.editable_allocation_ids()));
grant select on app_public.vesting_schedules to app_user;
grant insert (id, distribution_id, allocation_id, cliff, periods, duration, automatic, starts_on),
  update (cliff, periods, duration, automatic, starts_on) on app_public.vesting_schedules to app_user;
select app_private.add_write_guard('app_public.vesting_schedules', '{issuer,broker}');

-- ---------------------------------------------------------------------------------------------------------------
-- Holdings and the append-only ledger: read-only through the API (issuance is a SQL function).

alter table app_public.holdings enable row level security;
create policy select_visible on app_public.holdings for select
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or round_id in (select app_private.issuer_round_ids())
    or round_id in (select app_private.broker_round_ids()));
grant select on app_public.holdings to app_user;

alter table app_public.transactions enable row level security;
create policy select_visible on app_public.transactions for select
  using (id in (select app_private.staff_transaction_ids()) or id in (select app_private.investor_transaction_ids()));
grant select on app_public.transactions to app_user;

alter table app_public.ledger_entries enable row level security;
create policy select_visible on app_public.ledger_entries for select
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or transaction_id in (select app_private.staff_transaction_ids()));
grant select on app_public.ledger_entries to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- Contacts and documents.

alter table app_public.customers enable row level security;
create policy select_own on app_public.customers for select
  using (account_id = app_private.current_account_id() and app_private.current_account_type() <> 'investor');
create policy update_own on app_public.customers for update
  using (account_id = app_private.current_account_id() and app_private.current_account_type() <> 'investor')
  with check (account_id = app_private.current_account_id() and app_private.can_write()
    and app_private.current_account_type() in ('issuer', 'broker'));
grant select on app_public.customers to app_user;
grant update (email, name, status) on app_public.customers to app_user;
select app_private.add_write_guard('app_public.customers', '{issuer,broker}');

alter table app_public.documents enable row level security;
create policy select_visible on app_public.documents for select
  using (uploaded_by_id = app_private.current_account_id()
    or (id in (select app_private.shared_document_ids())
        and (security_id in (select id from app_public.securities)
             or holding_id in (select id from app_public.holdings))));
create policy insert_own on app_public.documents for insert
  with check (uploaded_by_id = app_private.current_account_id() and app_private.can_write()
    and (security_id in (select id from app_public.securities) or holding_id in (select id from app_public.holdings))
    and exists (select 1 from app_public.document_sharing_allowed_shares s
                where s.type = documents.type and s.from_account_type = app_private.current_account_type()));
create policy update_own on app_public.documents for update
  using (uploaded_by_id = app_private.current_account_id()
    or (id in (select app_private.shared_document_ids())
        and (security_id in (select id from app_public.securities)
             or holding_id in (select id from app_public.holdings))))
  with check (uploaded_by_id = app_private.current_account_id() and app_private.can_write());
create policy delete_own on app_public.documents for delete
  using (uploaded_by_id = app_private.current_account_id() and app_private.can_write());
grant select, delete on app_public.documents to app_user;
grant insert (id, name, type, extension, uploaded_by_id, security_id, holding_id), update (name)
  on app_public.documents to app_user;
select app_private.add_write_guard('app_public.documents');

alter table app_public.document_sharings enable row level security;
create policy select_visible on app_public.document_sharings for select
  using (document_id in (select id from app_public.documents));
create policy insert_own on app_public.document_sharings for insert
  with check (document_id in (select app_private.own_document_ids()) and app_private.can_write()
    and exists (select 1 from app_public.documents d join app_public.document_sharing_allowed_shares s
                  on s.type = d.type
                where d.id = document_sharings.document_id
                  and s.from_account_type = app_private.current_account_type()
                  and s.to_role = document_sharings.to_role));
create policy delete_own on app_public.document_sharings for delete
  using (document_id in (select app_private.own_document_ids()) and app_private.can_write());
grant select, delete on app_public.document_sharings to app_user;
grant insert (id, document_id, to_role, name) on app_public.document_sharings to app_user;
select app_private.add_write_guard('app_public.document_sharings');

grant execute on function app_public.holdings_percent_of_security_total(app_public.holdings) to app_user;
