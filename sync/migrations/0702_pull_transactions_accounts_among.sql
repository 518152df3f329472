-- Pull performance (issue 8): transaction and account documents, like the distributions' children in 0701, no
-- longer evaluate a policy helper over the reader's whole book for every page:
--   * transactions and ledger entries are visible through staff_transaction_ids() (every transaction of an issuer:
--     O(N) per page, twice: the page and its entries). app_private.visible_transaction_ids_among(ids) restates the
--     transactions select policy of 0010 for the given ids, and transaction_documents_of(visible, policies) applies
--     the ledger entries policy to their entries;
--   * accounts are visible through related_account_ids() (every customer, distribution and holding of an issuer);
--     the page is read through app_private.visible_accounts(ids) of 0500 (the accounts select policy restricted to
--     the ids, tested equal to the policy for every demo account by tests/db/account-summaries.test.ts).
-- Without row-level security (a superuser's raw SQL) the builders read the tables themselves. Same documents as
-- before (tests/db/pull-docs-equal.test.ts).

create function app_private.visible_transaction_ids_among(ids uuid[]) returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
as $$
  -- staff_transaction_ids() among the ids
  select t.id from app_public.transactions t
  where t.id = any (ids)
    and ((t.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
      or (t.broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker')
      or t.round_id in (select app_private.broker_round_ids()))
  union
  -- investor_transaction_ids() among the ids
  select l.transaction_id from app_public.ledger_entries l
  where l.transaction_id = any (ids)
    and l.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
$$;

-- Transaction documents (0700's) of the given transactions; with `policies`, their ledger entries as the ledger
-- entries select policy of 0010 shows them (the investor's own entries, or every entry of a staff transaction).
-- Security invoker: called by app_user directly it reads under row-level security.
create function app_private.transaction_documents_of(visible uuid[], policies boolean)
  returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select t.* from app_public.transactions t where t.id = any (visible)),
  shape as (select * from app_private.document_shape('app_public.transactions')),
  entry_shape as (select * from app_private.document_shape('app_public.ledger_entries')),
  staff as (
    select t.id from page t
    where (t.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer')
       or (t.broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker')
       or t.round_id in (select app_private.broker_round_ids())),
  entries as (
    select le.transaction_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(le)) e)
                     order by le.created_on, le.id) as docs
    from app_public.ledger_entries le, entry_shape s
    where le.transaction_id = any (visible)
      and (not policies
        or (le.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
        or le.transaction_id in (select st.id from staff st))
    group by le.transaction_id)
  select t.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(t)) e)
    || jsonb_build_object('ledgerEntries', coalesce(entries.docs, '[]'::jsonb), '_deleted', false)
  from page t cross join shape s left join entries on entries.transaction_id = t.id
$$;

create function app_private.transaction_documents_among(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
as $$
  select * from app_private.transaction_documents_of(array(select app_private.visible_transaction_ids_among(ids)), true)
$$;

grant execute on function
  app_private.visible_transaction_ids_among(uuid[]),
  app_private.transaction_documents_of(uuid[], boolean),
  app_private.transaction_documents_among(uuid[])
  to app_user;

create or replace function app_private.docs_transactions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select * from app_private.transaction_documents_among(ids) where row_security_active('app_public.transactions')
  union all
  select * from app_private.transaction_documents_of(ids, false) where not row_security_active('app_public.transactions')
$$;

-- Accounts (0700's document), the page read through visible_accounts(ids) under row-level security.
create or replace function app_private.docs_accounts(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (
    select a.* from app_private.visible_accounts(ids) a where row_security_active('app_public.accounts')
    union all
    select a.* from app_public.accounts a where a.id = any (ids) and not row_security_active('app_public.accounts')),
  shape as (select * from app_private.document_shape('app_public.accounts')),
  managers as (
    select distinct on (m.account_id) m.account_id, m.manager_id, m.created_on
    from app_public.managed_accounts m
    where m.account_id = any (ids)
    order by m.account_id, m.created_on, m.id),
  preferences as (
    -- account_id is unique: at most one per account
    select e.account_id, jsonb_build_object('id', e.id, 'sendDistribution', e.send_distribution) as doc
    from app_public.vendor_default_email_preferences e
    where e.account_id = any (ids))
  select a.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(a)) e)
    || jsonb_build_object(
      'jurisdiction', case when c.id is not null
                        then jsonb_build_object('id', c.id, 'name', c.name, 'alpha2', c.alpha2, 'alpha3', c.alpha3) end,
      'managedBy', m.manager_id,
      'managedOn', m.created_on,
      'vendorDefaultEmailPreference', p.doc,
      '_deleted', false)
  from page a
    cross join shape s
    left join app_public.countries c on c.id = a.jurisdiction_id
    left join managers m on m.account_id = a.id
    left join preferences p on p.account_id = a.id
$$;
