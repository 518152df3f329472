-- The `tokens` read model (a kind of the device's shared `records` collection, parent roundId; docs/CHAIN.md): one
-- document per token with its contracts (newest first: [0] is the current one), its cap table entries (the
-- Stakeholder Ledger: amount > 0, investor, address and block) and its holdings' mint status per chain. Built under
-- the reader's row-level security: an investor's document carries its own entries and holdings only.
-- Audience: the round's issuer and the token's investors. Triggers record a change of the token's document whenever
-- the token, a contract, a cap table entry or a holding address changes, so Deploying -> Deployed travels through the
-- normal change stream.

create or replace function app_private.docs_tokens(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select t.id, app_private.live_document(
    app_private.row_document(to_jsonb(t), 'app_public.tokens')
    || jsonb_build_object(
      'contracts', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', c.id, 'chain', c.chain, 'status', c.status, 'contractAddress', c.contract_address,
            'failure', c.failure, 'blockNumber', c.block_number, 'txHash', c.tx_hash, 'createdOn', c.created_on)
          order by c.created_on desc, c.id desc)
        from app_public.contracts c where c.token_id = t.id), '[]'::jsonb),
      'capTableEntries', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', e.id, 'investorId', e.investor_id, 'investor', app_private.account_summary(e.investor_id),
            'amount', e.amount::text, 'blockNumber', e.block_number,
            'blockchainAddress', case when b.id is null then null
              else jsonb_build_object('id', b.id, 'address', b.address, 'chain', b.chain) end)
          order by e.amount desc, e.id)
        from app_public.cap_table_entries e
          left join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
        where e.token_id = t.id and e.amount > 0), '[]'::jsonb),
      'holdings', coalesce((
        select jsonb_agg(jsonb_build_object(
            'holdingId', h.id, 'investorId', h.investor_id, 'chain', x.chain, 'status', x.status,
            'failure', x.failure, 'blockNumber', x.block_number, 'txHash', x.tx_hash, 'address', b.address)
          order by h.id, x.chain)
        from app_public.holdings h
          join app_public.holding_blockchain_addresses x on x.holding_id = h.id
          join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
        where h.round_id = t.round_id), '[]'::jsonb)
    )
  )
  from app_public.tokens t where t.id = any (ids)
$function$;
grant execute on function app_private.docs_tokens(uuid[]) to app_user;

create or replace function app_private.audience_tokens(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select a.issuer_id from app_public.tokens t
      join app_public.rounds r on r.id = t.round_id join app_public.assets a on a.id = r.asset_id
    where t.id = doc_id
    union select e.investor_id from app_public.cap_table_entries e where e.token_id = doc_id
  )
$function$;

create or replace trigger _900_changes_tokens after insert or update or delete on app_public.tokens
  for each row execute function app_private.record_change('tokens', 'id');
create or replace trigger _900_changes_tokens after insert or update or delete on app_public.contracts
  for each row execute function app_private.record_change('tokens', 'token_id');
create or replace trigger _900_changes_tokens after insert or update or delete on app_public.cap_table_entries
  for each row execute function app_private.record_change('tokens', 'token_id');
-- A holding address changed: the documents of the tokens of the holding's round.
create or replace trigger _900_changes_tokens after insert or update or delete on app_public.holding_blockchain_addresses
  for each row execute function app_private.record_related_changes('tokens', 'holding_id',
    $$select distinct t.id from app_public.holdings h join app_public.tokens t on t.round_id = h.round_id
      where h.id = any ($1)$$);
