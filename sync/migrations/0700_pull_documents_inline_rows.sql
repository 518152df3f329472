-- Pull performance (issue 8): the large read models' builders no longer call a SQL function per document or per
-- child row. app_private.row_document / row_documents are not inlinable (they read jsonb_each in a FROM clause), so
-- each call sets up a function executor: about 0.5 ms a document on PGlite, more than everything else a document
-- costs. The builders below convert rows with the same rule written inline, as a scalar subquery over the row's
-- jsonb_each, with the table's column names (camelCase) and numeric columns looked up once per page
-- (app_private.document_shape) instead of a catalog lookup per JSON number.
-- The correlated subqueries per document that were left (qualifications of 0410, an account's jurisdiction,
-- manager and email preference, a holding's blockchain addresses and tokens, a process's steps) read the page's
-- rows at once, grouped by document.
-- Same documents, value for value (tests/db/pull-docs-equal.test.ts compares every document of every demo account
-- and of a small scale issuer with the definitions of 0699, the state before this migration). The layering stays:
-- docs_distributions (0410's qualifications) wraps docs_distributions_before_qualifications (0400's process),
-- which wraps docs_distributions_before_process; docs_holdings, docs_customers, docs_transactions and docs_accounts
-- are replaced in place, as 0501/0504/0505 did.

-- The key of each column of a table in a document (camelCase) and the columns whose JSON numbers travel as exact
-- decimal strings (numeric): what app_private.row_document decides key by key, once per table.
create function app_private.document_shape(tbl regclass, out keys jsonb, out numerics text[])
  language sql stable
  set search_path = pg_catalog, app_private
as $$
  select coalesce(jsonb_object_agg(a.attname, app_private.camel_case(a.attname)), '{}'::jsonb),
         coalesce(array_agg(a.attname::text) filter (where a.atttypid = 'numeric'::regtype), '{}')
  from pg_catalog.pg_attribute a
  where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped
$$;

grant execute on function app_private.document_shape(regclass) to app_user;

-- The inline form used below, for a row image `r` of a table with shape `s` (equal to row_document(r, tbl)):
--   (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
--                                     case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
--                                       then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
--    from jsonb_each(r) e)
-- Keys that are not columns (extra keys such as currency_code) get camel_case, never the decimal rule.

-- ---------------------------------------------------------------------------------------------------------------
-- Distributions: the innermost builder (0504's fields).

create or replace function app_private.docs_distributions_before_process(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select d.* from app_public.distributions d where d.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.distributions')),
  price_shape as (select * from app_private.document_shape('app_public.distribution_prices')),
  payment_shape as (select * from app_private.document_shape('app_public.distribution_payments')),
  annotation_shape as (select * from app_private.document_shape('app_public.distribution_annotations')),
  field_shape as (select * from app_private.document_shape('app_public.distribution_custom_fields')),
  schedule_shape as (select * from app_private.document_shape('app_public.vesting_schedules')),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p))),
  paid as (select * from app_private.distribution_paid_ins(ids)),
  prices as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.created_on, p.id) as docs
    from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id, price_shape s
    where p.distribution_id = any (ids)
    group by p.distribution_id),
  payments as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.paid_on, p.id) as docs
    from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id, payment_shape s
    where p.distribution_id = any (ids)
    group by p.distribution_id),
  annotations as (
    select n.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(n)) e)
                     order by n.created_on, n.id) as docs
    from app_public.distribution_annotations n, annotation_shape s
    where n.distribution_id = any (ids)
    group by n.distribution_id),
  custom_fields as (
    select f.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(f)) e)
                     order by f.name) as docs
    from app_public.distribution_custom_fields f, field_shape s
    where f.distribution_id = any (ids)
    group by f.distribution_id),
  schedules as (
    select v.distribution_id,
           (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                              case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
            from jsonb_each(to_jsonb(v)) e) as doc
    from app_public.vesting_schedules v, schedule_shape s
    where v.distribution_id = any (ids)),
  allocations as (
    select al.id, jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id, 'ownerId', al.owner_id) as doc
    from app_public.allocations al
    where al.id in (select p.allocation_id from page p))
  select d.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(d)) e)
    || jsonb_build_object(
      -- Agents never receive prices (the distributions report leaves them out for agents).
      'purchasePrice', case when app_private.current_account_type() = 'agent' then null else d.purchase_price::text end,
      'prices', coalesce(prices.docs, '[]'::jsonb),
      'payments', coalesce(payments.docs, '[]'::jsonb),
      'paidInCapital', coalesce(paid.paid_in, 0)::text,
      'annotations', coalesce(annotations.docs, '[]'::jsonb),
      'customFields', coalesce(custom_fields.docs, '[]'::jsonb),
      'vestingSchedule', schedules.doc,
      'investor', i.summary,
      'allocation', allocations.doc,
      '_deleted', false)
  from page d
    cross join shape s
    left join investors i on i.id = d.investor_id
    left join paid on paid.distribution_id = d.id
    left join prices on prices.distribution_id = d.id
    left join payments on payments.distribution_id = d.id
    left join annotations on annotations.distribution_id = d.id
    left join custom_fields on custom_fields.distribution_id = d.id
    left join schedules on schedules.distribution_id = d.id
    left join allocations on allocations.id = d.allocation_id
$$;

-- The onboarding processes of several distributions with their steps (0501's document), steps grouped per page.
create or replace function app_private.process_documents(ids uuid[]) returns table (distribution_id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with processes as (select p.* from app_public.processes p where p.distribution_id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.processes')),
  step_shape as (select * from app_private.document_shape('app_public.steps')),
  steps as (
    select st.process_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(st)) e)
                     order by st.parent_id nulls first, st."order", st.created_on, st.id) as docs
    from app_public.steps st, step_shape s
    where st.process_id in (select p.id from processes p)
    group by st.process_id)
  select p.distribution_id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(p)) e)
    || jsonb_build_object('steps', coalesce(steps.docs, '[]'::jsonb))
  from processes p cross join shape s left join steps on steps.process_id = p.id
$$;

-- 0410's qualifications wrapper, with the page's qualifications and their steps' completeness read at once
-- (it ran two correlated subqueries on steps per qualification, and one subquery per document).
create or replace function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with qualifications as (
    select q.* from app_public.distribution_qualifications q where q.distribution_id = any (ids)),
  completeness as (
    -- complete: the qualification has steps and none of them is other than complete
    select s.distribution_qualification_id as id, not coalesce(bool_or(s.status <> 'complete'), false) as complete
    from app_public.steps s
    where s.distribution_qualification_id in (select q.id from qualifications q)
    group by s.distribution_qualification_id),
  lists as (
    select q.distribution_id,
           jsonb_agg(jsonb_build_object('id', q.id, 'vendorQualificationId', q.vendor_qualification_id,
                                        'executeOrder', q.execute_order, 'name', v.name,
                                        'complete', coalesce(c.complete, false))
                     order by q.execute_order, q.created_on, q.id) as docs
    from qualifications q
      left join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
      left join completeness c on c.id = q.id
    group by q.distribution_id)
  select b.id, b.doc || jsonb_build_object('qualifications', coalesce(l.docs, '[]'::jsonb))
  from app_private.docs_distributions_before_qualifications(ids) b
    left join lists l on l.distribution_id = b.id
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Holdings (0501's document): blockchain addresses grouped per page, tokens per (round, investor) of the page.

create or replace function app_private.docs_holdings(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select h.* from app_public.holdings h where h.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.holdings')),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p))),
  addresses as (
    select x.holding_id,
           jsonb_agg(jsonb_build_object('id', x.id, 'address', b.address, 'chain', x.chain, 'status', x.status)
                     order by x.created_on, x.id) as docs
    from app_public.holding_blockchain_addresses x
      join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
    where x.holding_id = any (ids)
    group by x.holding_id),
  pairs as (select distinct p.round_id, p.investor_id from page p),
  tokens as (
    select pr.round_id, pr.investor_id,
           jsonb_agg(jsonb_build_object(
               'id', t.id, 'name', t.name, 'symbol', t.symbol, 'type', t.type, 'status', t.status,
               'total', t.total::text, 'precision', t.precision,
               'coinbaseBuyPriceUSD', t.coinbase_buy_price_usd::text,
               'coinbaseSellPriceUSD', t.coinbase_sell_price_usd::text,
               'coinbaseSpotPriceUSD', t.coinbase_spot_price_usd::text,
               'chain', c.chain, 'contractStatus', c.status, 'contractAddress', c.contract_address,
               'amount', p.amount::text,
               'roundId', r.id, 'roundName', r.name, 'assetName', a.name)
             order by t.name, t.id) as docs
    from pairs pr
      join app_public.tokens t on t.round_id = pr.round_id
      join lateral (select coalesce(sum(e.amount), 0) as amount, count(*) as entries
                    from app_public.cap_table_entries e
                    where e.token_id = t.id and e.investor_id = pr.investor_id) p on p.entries > 0
      left join lateral (
        select k.chain, k.status, k.contract_address from app_public.contracts k where k.token_id = t.id
        order by array_position(array['issued', 'deployed', 'issuing', 'deploying', 'not_deployed'], k.status),
                 k.created_on desc, k.id
        limit 1) c on true
      join app_public.rounds r on r.id = t.round_id
      join app_public.assets a on a.id = r.asset_id
    group by pr.round_id, pr.investor_id)
  select h.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(h)) e)
    || jsonb_build_object('investor', i.summary)
    || jsonb_build_object(
      'blockchainAddresses', coalesce(addresses.docs, '[]'::jsonb),
      'tokens', coalesce(tokens.docs, '[]'::jsonb),
      '_deleted', false)
  from page h
    cross join shape s
    left join investors i on i.id = h.investor_id
    left join addresses on addresses.holding_id = h.id
    left join tokens on tokens.round_id = h.round_id and tokens.investor_id = h.investor_id
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Customers (0501), transactions (0505), accounts (0251).

create or replace function app_private.docs_customers(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select c.* from app_public.customers c where c.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.customers')),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p)))
  select c.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(c)) e)
    || jsonb_build_object('investor', i.summary, '_deleted', false)
  from page c cross join shape s left join investors i on i.id = c.investor_id
$$;

create or replace function app_private.docs_transactions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select t.* from app_public.transactions t where t.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.transactions')),
  entry_shape as (select * from app_private.document_shape('app_public.ledger_entries')),
  entries as (
    select le.transaction_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(le)) e)
                     order by le.created_on, le.id) as docs
    from app_public.ledger_entries le, entry_shape s
    where le.transaction_id = any (ids)
    group by le.transaction_id)
  select t.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(t)) e)
    || jsonb_build_object('ledgerEntries', coalesce(entries.docs, '[]'::jsonb), '_deleted', false)
  from page t cross join shape s left join entries on entries.transaction_id = t.id
$$;

create or replace function app_private.docs_accounts(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select a.* from app_public.accounts a where a.id = any (ids)),
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
