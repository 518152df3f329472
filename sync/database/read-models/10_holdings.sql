-- The holdings read model (RxDB collection "holdings"): one document per holding, with the investor's summary, its
-- blockchain addresses, token positions and dividends paid out.

create or replace function app_private.docs_holdings(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_private.docs_holdings(uuid[]) to app_user;
