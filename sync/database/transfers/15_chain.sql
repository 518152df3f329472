-- Transfers of tokenized holdings (issue 32 item 1, docs/TRANSFERS.md "On the chain"): where a holding's tokens are
-- and whether they can move, the chain job an approval queues (the contract's forceTransfer through the token's
-- controller key, run by sync/chain/transfer-jobs.ts) and the issuer's retry of a transfer the chain refused. The
-- ledger moves at approval; the chain's rows (holding addresses, cap table entries) follow only from the chain.

-- The corporate action whose chain job on this holding is not done, in words: {action, status} with action 'split',
-- 'reverse split', 'redemption' or 'conversion' and status 'failed' (refused by the chain) or 'pending' (queued or
-- on its way), a failed one first; null when none. A split, redemption or conversion changes the ledger at once and
-- the chain after (corporate-actions/40_chain.sql): until then the chain holds other units than the ledger.
create or replace function app_private.holding_action_on_chain(holding_id uuid)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select jsonb_build_object(
           'action', case a.kind when 'split' then case when a.ratio_new < a.ratio_old then 'reverse split' else 'split' end
                                 else a.kind end,
           'status', case when j.status = 'failed' then 'failed' else 'pending' end)
    from app_private.chain_jobs j join app_public.corporate_actions a on a.id = j.corporate_action_id
   where j.holding_id = holding_action_on_chain.holding_id and j.status <> 'done'
   order by j.status = 'failed' desc, j.created_on desc
   limit 1
$function$;

-- How a holding's units move: null when the holding is not on a chain (the ledger alone), else the plan
-- {chain, contract_id, from_address, to_address} of its forced transfer. Refusals (LL422) name what stops it: a
-- corporate action's change of the holding not on the chain yet (queued, on its way, or refused by the chain until the
-- issuer retries it), tokens still on their way (a mint or an incoming transfer not recorded yet), an incoming
-- transfer the chain refused, a chain this server is not connected to, a chain or contract the product cannot move
-- tokens on yet, units finer than the token's precision and, at approval, a transferee without a wallet address on
-- that chain. Only the source holding is checked: an approval always gives the transferee a new holding, which no
-- corporate action has touched.
create or replace function app_private.transfer_chain_plan(holding app_public.holdings, transferee uuid, units numeric,
    at_approval boolean)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  security_name text := (select s.name from app_public.securities s where s.id = holding.security_id);
  incoming app_private.chain_jobs;
  contract app_public.contracts;
  token_precision integer;
  any_chain text;
  setting app_private.chain_settings;
  from_address text;
  to_address text;
  action jsonb := app_private.holding_action_on_chain(holding.id);
begin
  if action ->> 'status' = 'failed' then
    raise exception 'The % did not reach the chain for this holding of %: the issuer retries it on the chain first.',
      action ->> 'action', security_name using errcode = 'LL422';
  elsif action is not null then
    raise exception 'The units of this holding of % are still changing on the chain after the %: try again once it is recorded.',
      security_name, action ->> 'action' using errcode = 'LL422';
  end if;
  select j.* into incoming from app_private.chain_jobs j
    where j.kind = 'transfer' and j.holding_id = holding.id and j.status <> 'done'
    order by j.created_on desc limit 1;
  if incoming.status = 'failed' then
    raise exception 'The units of this holding of % did not move on the chain: the issuer retries that transfer first.',
      security_name using errcode = 'LL422';
  elsif incoming.id is not null
      or exists (select 1 from app_public.holding_blockchain_addresses x
                 where x.holding_id = holding.id and x.status = 'pending')
      -- a mint queued with the holding's units of now: moving them first would mint units the holder no longer has
      or exists (select 1 from app_private.chain_jobs m
                 where m.kind in ('mint', 'action_mint', 'action_burn') and m.holding_id = holding.id
                   and m.status in ('queued', 'signed')) then
    raise exception 'The tokens of this holding of % are still on their way on the chain: try again once they are recorded.',
      security_name using errcode = 'LL422';
  end if;
  select x.chain into any_chain from app_public.holding_blockchain_addresses x
    where x.holding_id = holding.id and x.status = 'trade' order by x.created_on, x.id limit 1;
  if any_chain is null then
    return null;
  end if;

  -- the current contract of the round's token on a chain the holding's tokens are on
  select c.* into contract
    from app_public.tokens t cross join lateral app_private.current_contract(t.id) c
    where t.round_id = holding.round_id and c.contract_address is not null
      and c.status in ('deployed', 'issuing', 'issued')
      and exists (select 1 from app_public.holding_blockchain_addresses x
                  where x.holding_id = holding.id and x.status = 'trade' and x.chain = c.chain)
    order by t.created_on, t.id limit 1;
  select t.precision into token_precision from app_public.tokens t where t.id = contract.token_id;
  select s.* into setting from app_private.chain_settings s where s.chain = coalesce(contract.chain, any_chain);
  if not coalesce(setting.enabled, false) then
    raise exception 'This holding of % is on %, which is not connected to this server: its units cannot be transferred until the platform administrator connects it.',
      security_name, app_private.chain_label(coalesce(contract.chain, any_chain)) using errcode = 'LL422';
  end if;
  if contract.id is null or contract.chain like 'tezos%' then
    -- tokens on a contract that is no longer the token's, or on Tezos: no forced transfer from here yet
    raise exception 'Transfers of tokenized holdings are not supported yet: this holding of % is on the chain.',
      security_name using errcode = 'LL422';
  end if;
  if units is not null and scale(trim_scale(units)) > token_precision then
    raise exception 'The token of % has % decimals: % units cannot move on the chain.', security_name,
      token_precision, app_private.transfer_units(units) using errcode = 'LL422';
  end if;

  select b.address into from_address
    from app_public.holding_blockchain_addresses x join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
    where x.holding_id = holding.id and x.status = 'trade' and x.chain = contract.chain
    order by x.created_on, x.id limit 1;
  if at_approval then
    -- the transferee's wallet on that chain (its oldest, as a mint picks it)
    select b.address into to_address from app_public.blockchain_addresses b
      where b.account_id = transferee and b.chain = contract.chain order by b.created_on, b.id limit 1;
    if to_address is null then
      raise exception '% has no wallet address on %: the units of % move on the chain, so the transferee adds an address in their wallet before this transfer can be approved.',
        (select a.name from app_public.accounts a where a.id = transferee), app_private.chain_label(contract.chain),
        security_name using errcode = 'LL422';
    end if;
  end if;
  return jsonb_build_object('chain', contract.chain, 'contract_id', contract.id, 'from_address', from_address,
                            'to_address', to_address);
end
$function$;

-- Queues the forced transfer of an approved transfer (inside approveTransfer's transaction), once per request.
create or replace function app_private.queue_transfer_on_chain(transfer app_public.transfers, plan jsonb)
  returns void
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  insert into app_private.chain_jobs (kind, chain, contract_id, holding_id, from_holding_id, transfer_id, address,
                                      from_address, amount)
    values ('transfer', plan ->> 'chain', (plan ->> 'contract_id')::uuid, transfer.new_holding_id, transfer.holding_id,
            transfer.id, plan ->> 'to_address', plan ->> 'from_address', transfer.units)
    on conflict (transfer_id) where kind = 'transfer' do nothing;
  update app_public.transfers t set chain = plan ->> 'chain', chain_status = 'queued'
    where t.id = transfer.id and t.chain_status is null;
  perform app_private.wake_chain_jobs(plan ->> 'chain');
end
$function$;

create or replace function app_public.retry_transfer_on_chain(transfer_id uuid)
  returns app_public.transfers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  transfer app_public.transfers := app_private.decided_transfer(retry_transfer_on_chain.transfer_id);
  job app_private.chain_jobs;
begin
  select j.* into job from app_private.chain_jobs j
    where j.kind = 'transfer' and j.transfer_id = transfer.id for update;
  if job.id is null then
    raise exception 'This transfer has nothing to move on the chain.' using errcode = 'LL409';
  end if;
  if job.status <> 'failed' then
    -- queued, on its way or done: a second retry (another device, another admin) changes nothing
    return transfer;
  end if;
  perform app_private.check_token_chain(job.chain);
  update app_private.chain_jobs j
    set status = 'queued', nonce = null, raw_tx = null, tx_hash = null, block_number = null, failure = null,
        updated_on = now()
    where j.id = job.id;
  update app_public.transfers t
    set chain_status = 'queued', chain_failure = null, chain_tx_hash = null, chain_block_number = null
    where t.id = transfer.id
    returning * into transfer;
  perform app_private.wake_chain_jobs(job.chain);
  return transfer;
end
$function$;

comment on function app_public.retry_transfer_on_chain(uuid) is
  'Sends an approved transfer of tokenized units to the chain again after the chain refused it (the issuer''s owners and admins, or a managing broker). Once queued or done, changes nothing.';
grant execute on function app_public.retry_transfer_on_chain(uuid) to app_user;
