-- Pull performance (issue 8): the largest read models are built set-based, once per page of ids, instead of
-- calling a function per document. A SQL function that is not inlined (SET search_path, SECURITY DEFINER) is
-- planned again on every call, and one that reads a table under row-level security evaluates the policy's helper
-- sets again on every call: app_private.account_summary, process_document and distribution_paid_in cost
-- milliseconds per document (a page of 1,000 holdings or distributions took seconds). Each builder below reads the
-- embedded rows of the whole page in one statement: the policies' helper sets are computed once per page.
-- The documents are the same as before, field for field (tests/sync/replication.test.ts compares them with the API).

-- Paid-in capital of several distributions (the same rule as app_private.distribution_paid_in: every reader of the
-- distribution sees it, even when the payments themselves are hidden from it).
create function app_private.distribution_paid_ins(ids uuid[]) returns table (distribution_id uuid, paid_in numeric)
  language sql stable security definer
  set search_path = pg_catalog, app_public
  as $$
    select p.distribution_id, sum(p.amount) from app_public.distribution_payments p
    where p.distribution_id = any (ids) and p.status = 'paid'
    group by p.distribution_id
  $$;

-- The onboarding processes (with their steps) of several distributions, under the reader's row-level security
-- (the same document as app_private.process_document).
create function app_private.process_documents(ids uuid[]) returns table (distribution_id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select p.distribution_id, app_private.row_document(to_jsonb(p), 'app_public.processes')
    || jsonb_build_object('steps', (
      select app_private.row_documents(
        jsonb_agg(to_jsonb(s) order by s.parent_id nulls first, s."order", s.created_on, s.id), 'app_public.steps')
      from app_public.steps s where s.process_id = p.id))
  from app_public.processes p where p.distribution_id = any (ids)
$$;

grant execute on function
  app_private.distribution_paid_ins(uuid[]),
  app_private.process_documents(uuid[])
  to app_user;

create or replace function app_private.docs_holdings(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select h.* from app_public.holdings h where h.id = any (ids)),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p)))
  select h.id, app_private.live_document(
    app_private.row_document(to_jsonb(h), 'app_public.holdings')
    || jsonb_build_object('investor', i.summary)
    || jsonb_build_object(
      'blockchainAddresses', coalesce((
        select jsonb_agg(jsonb_build_object('id', x.id, 'address', b.address, 'chain', x.chain, 'status', x.status)
                         order by x.created_on, x.id)
        from app_public.holding_blockchain_addresses x
          join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
        where x.holding_id = h.id), '[]'::jsonb),
      'tokens', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', t.id, 'name', t.name, 'symbol', t.symbol, 'type', t.type, 'status', t.status,
            'total', t.total::text, 'precision', t.precision,
            'coinbaseBuyPriceUSD', t.coinbase_buy_price_usd::text,
            'coinbaseSellPriceUSD', t.coinbase_sell_price_usd::text,
            'coinbaseSpotPriceUSD', t.coinbase_spot_price_usd::text,
            'chain', c.chain, 'contractStatus', c.status, 'contractAddress', c.contract_address,
            'amount', p.amount::text,
            'roundId', r.id, 'roundName', r.name, 'assetName', a.name)
          order by t.name, t.id)
        from app_public.tokens t
          join lateral (select coalesce(sum(e.amount), 0) as amount, count(*) as entries
                        from app_public.cap_table_entries e
                        where e.token_id = t.id and e.investor_id = h.investor_id) p on p.entries > 0
          left join lateral (
            select k.chain, k.status, k.contract_address from app_public.contracts k where k.token_id = t.id
            order by array_position(array['issued', 'deployed', 'issuing', 'deploying', 'not_deployed'], k.status),
                     k.created_on desc, k.id
            limit 1) c on true
          join app_public.rounds r on r.id = t.round_id
          join app_public.assets a on a.id = r.asset_id
        where t.round_id = h.round_id), '[]'::jsonb)
    )
  )
  from page h left join investors i on i.id = h.investor_id
$$;

create or replace function app_private.docs_customers(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select c.* from app_public.customers c where c.id = any (ids)),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p)))
  select c.id, app_private.live_document(
    app_private.row_document(to_jsonb(c), 'app_public.customers')
    || jsonb_build_object('investor', i.summary)
  )
  from page c left join investors i on i.id = c.investor_id
$$;

-- The innermost distribution builder (0302's fields; 0400 and 0410 wrap it with the process and qualifications).
create or replace function app_private.docs_distributions_before_process(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select d.* from app_public.distributions d where d.id = any (ids)),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p))),
  paid as (select * from app_private.distribution_paid_ins(array(select p.id from page p)))
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d), 'app_public.distributions')
    || jsonb_build_object(
      -- Agents never receive prices (the distributions report leaves them out for agents).
      'purchasePrice', case when app_private.current_account_type() = 'agent' then null else d.purchase_price::text end,
      'prices', (select app_private.row_documents(
                          jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.created_on, p.id),
                          'app_public.distribution_prices')
                 from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id
                 where p.distribution_id = d.id),
      'payments', (select app_private.row_documents(
                            jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.paid_on, p.id),
                            'app_public.distribution_payments')
                   from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id
                   where p.distribution_id = d.id),
      'paidInCapital', coalesce(paid.paid_in, 0)::text,
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.distribution_annotations')
                      from app_public.distribution_annotations n where n.distribution_id = d.id),
      'customFields', (select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.name),
                                                        'app_public.distribution_custom_fields')
                       from app_public.distribution_custom_fields f where f.distribution_id = d.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.distribution_id = d.id),
      'investor', i.summary,
      'allocation', (select jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id,
                                               'ownerId', al.owner_id)
                     from app_public.allocations al where al.id = d.allocation_id)
    ))
  from page d
    left join investors i on i.id = d.investor_id
    left join paid on paid.distribution_id = d.id
$$;

-- 0400's wrapper, with the processes of the page read at once.
create or replace function app_private.docs_distributions_before_qualifications(ids uuid[])
  returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, b.doc || jsonb_build_object('process', p.doc)
  from app_private.docs_distributions_before_process(ids) b
    left join app_private.process_documents(ids) p on p.distribution_id = b.id
$$;
