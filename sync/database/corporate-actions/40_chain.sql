-- Corporate actions on tokenized securities (issue 32 item 2, docs/CORPORATE-ACTIONS.md "On the chain"): the chain
-- kept equal to the ledger. A split, a redemption or a conversion applies the ledger as before and, in the same
-- transaction, queues one chain job per changed holding whose tokens are on the chain (migration 2000): the increase
-- minted to the holding's address (the contract's issue), a decrease burned from it through the token's transfer
-- controller (forceBurn); a conversion's new equity holdings are minted like any Mint. The job runner
-- (sync/chain/action-jobs.ts) signs, sends and reconciles them as mints, and the action carries the chain's answer.
-- What the chain cannot follow refuses the action before anything is written, with its reason.

-- The product's own test chain holds demo rows only: never tokenized (as the register and the wallet read it).
create or replace function app_private.hidden_chain(chain text)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select chain = 'ledgerlinen-hawknet' $function$;

-- Where a holding's tokens are: null when it has none on a chain (the ledger alone; a later Mint mints its units of
-- then), else {chain, contract_id, address, precision} of the token's current contract. Refusals (LL422, `action` is
-- 'A split', 'A redemption' or 'A conversion') name what the chain cannot follow: a chain this server is not
-- connected to, Tezos, a contract that is no longer the token's (after Swap Chain).
create or replace function app_private.holding_chain_position(holding app_public.holdings, action text)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  security_name text := (select s.name from app_public.securities s where s.id = holding.security_id);
  any_chain text;
  contract app_public.contracts;
  setting app_private.chain_settings;
  place jsonb;
begin
  select x.chain into any_chain from app_public.holding_blockchain_addresses x
    where x.holding_id = holding.id and x.status = 'trade' and not app_private.hidden_chain(x.chain)
    order by x.created_on, x.id limit 1;
  if any_chain is null then
    return null;
  end if;
  select c.* into contract
    from app_public.tokens t cross join lateral app_private.current_contract(t.id) c
    where t.round_id = holding.round_id and c.contract_address is not null
      and c.status in ('deployed', 'issuing', 'issued')
      and exists (select 1 from app_public.holding_blockchain_addresses x
                  where x.holding_id = holding.id and x.status = 'trade' and x.chain = c.chain)
    order by t.created_on, t.id limit 1;
  select s.* into setting from app_private.chain_settings s where s.chain = coalesce(contract.chain, any_chain);
  if not coalesce(setting.enabled, false) then
    raise exception '% of % is not possible while its units are on %, which is not connected to this server: the platform administrator connects it first.',
      action, security_name, app_private.chain_label(coalesce(contract.chain, any_chain)) using errcode = 'LL422';
  end if;
  if coalesce(contract.chain, any_chain) like 'tezos%' then
    raise exception '% of % is not possible while its units are on Tezos: the chain cannot follow it there yet.',
      action, security_name using errcode = 'LL422';
  end if;
  if contract.id is null then
    raise exception '% of % is not possible while some of its units are on a contract that is no longer the token''s (after Swap Chain).',
      action, security_name using errcode = 'LL422';
  end if;
  select jsonb_build_object('chain', contract.chain, 'contract_id', contract.id, 'address', b.address,
                            'precision', t.precision)
    into place
    from app_public.holding_blockchain_addresses x
    join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
    join app_public.tokens t on t.id = contract.token_id
    where x.holding_id = holding.id and x.status = 'trade' and x.chain = contract.chain
    order by x.created_on, x.id limit 1;
  return place;
end
$function$;

-- What stops any corporate action on a security because of its tokens (called by check_corporate_action, so the
-- preview says it too): tokens still on their way (a mint, transfer or earlier action's job not in a block yet), an
-- earlier transfer or action the chain refused and nobody retried, and each tokenized holding's position above.
create or replace function app_private.check_corporate_action_chain(security app_public.securities, action text)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  holding app_public.holdings;
begin
  if exists (select 1 from app_private.chain_jobs j join app_public.holdings h
               on h.id = j.holding_id or h.id = j.from_holding_id
              where h.security_id = security.id and j.kind <> 'deploy' and j.status in ('queued', 'signed'))
     or exists (select 1 from app_public.holdings h join app_public.holding_blockchain_addresses x on x.holding_id = h.id
                 where h.security_id = security.id and x.status = 'pending' and not app_private.hidden_chain(x.chain)) then
    raise exception 'The tokens of % are still on their way on the chain: try again once they are recorded.',
      security.name using errcode = 'LL422';
  end if;
  if exists (select 1 from app_private.chain_jobs j join app_public.holdings h
               on h.id = j.holding_id or h.id = j.from_holding_id
              where h.security_id = security.id and j.status = 'failed'
                and j.kind in ('transfer', 'action_mint', 'action_burn')) then
    raise exception 'The chain has not yet followed an earlier change of %: retry it on the chain first.',
      security.name using errcode = 'LL422';
  end if;
  for holding in
    select h.* from app_public.holdings h
     where h.security_id = security.id
       and exists (select 1 from app_public.holding_blockchain_addresses x
                    where x.holding_id = h.id and x.status = 'trade' and not app_private.hidden_chain(x.chain))
  loop
    perform app_private.holding_chain_position(holding, action);
  end loop;
end
$function$;

-- The action's chain state from its jobs: failed when any failed (with how many and the last reason), else done when
-- all are, pending once any is signed, queued before. Run by the commands and the job runner.
create or replace function app_private.refresh_corporate_action_chain(action_ids uuid[])
  returns void
  language sql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  update app_public.corporate_actions a
     set chain_status = k.status, chain_failure = k.failure
    from (select j.corporate_action_id as id,
                 case when count(*) filter (where j.status = 'failed') > 0 then 'failed'
                      when count(*) filter (where j.status = 'done') = count(*) then 'done'
                      when count(*) filter (where j.status = 'signed' or j.status = 'done') > 0 then 'pending'
                      else 'queued' end as status,
                 case when count(*) filter (where j.status = 'failed') > 0
                      then left(count(*) filter (where j.status = 'failed')
                                || case when count(*) filter (where j.status = 'failed') = 1
                                        then ' holding did' else ' holdings did' end
                                || ' not change on the chain: '
                                || (array_agg(j.failure order by j.updated_on desc)
                                      filter (where j.status = 'failed'))[1], 2000) end as failure
            from app_private.chain_jobs j
           where j.corporate_action_id = any (action_ids)
           group by j.corporate_action_id) k
   where a.id = k.id
$function$;

-- Queues the chain's side of an applied action (inside its command's transaction): per changed holding on the chain,
-- an action_mint of the increase or an action_burn of the decrease at the holding's address; per new equity holding
-- of a conversion whose round's token is deployed, a mint like Mint's. Returns the action with its chain state.
create or replace function app_private.queue_corporate_action_on_chain(action_id uuid)
  returns app_public.corporate_actions
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  action app_public.corporate_actions;
  verb text;
  line record;
  place jsonb;
  delta numeric;
  contract app_public.contracts;
  chains text[] := '{}';
  chain_name text;
begin
  select c.* into action from app_public.corporate_actions c where c.id = action_id;
  verb := case action.kind when 'split' then 'A split' when 'redemption' then 'A redemption' else 'A conversion' end;
  for line in
    select l.units_before, l.units_after, l.to_holding_id, h as holding, s.name as security_name
      from app_public.corporate_action_lines l
      join app_public.holdings h on h.id = l.holding_id
      join app_public.securities s on s.id = h.security_id
     where l.action_id = action.id
       -- only what can touch a chain (a split of 50,000 holdings on the ledger alone reads no more)
       and (l.to_holding_id is not null
            or exists (select 1 from app_public.holding_blockchain_addresses x
                        where x.holding_id = l.holding_id and x.status = 'trade' and not app_private.hidden_chain(x.chain)))
     order by l.created_on, l.id
  loop
    -- a conversion's line: the note's holding goes to 0, units_after counts the new equity units
    delta := case when action.kind = 'conversion' then -line.units_before else line.units_after - line.units_before end;
    place := app_private.holding_chain_position(line.holding, verb);
    if place is not null and delta <> 0 then
      if scale(trim_scale(delta)) > (place ->> 'precision')::integer then
        raise exception 'The token of % has % decimals: % units cannot change on the chain.', line.security_name,
          place ->> 'precision', trim_scale(abs(delta))::text using errcode = 'LL422';
      end if;
      insert into app_private.chain_jobs (kind, chain, contract_id, holding_id, address, amount, corporate_action_id)
        values (case when delta > 0 then 'action_mint' else 'action_burn' end, place ->> 'chain',
                (place ->> 'contract_id')::uuid, (line.holding).id, place ->> 'address', abs(delta), action.id)
        on conflict (corporate_action_id, holding_id) where corporate_action_id is not null do nothing;
      chains := chains || (place ->> 'chain');
    end if;
    if line.to_holding_id is not null then
      -- the new equity holding, minted when its round's token is deployed (else a later Mint mints it)
      select c.* into contract
        from app_public.holdings h join app_public.tokens t on t.round_id = h.round_id
        cross join lateral app_private.current_contract(t.id) c
        where h.id = line.to_holding_id and c.status in ('deployed', 'issuing', 'issued')
          and not app_private.hidden_chain(c.chain)
        order by t.created_on, t.id limit 1;
      if contract.id is not null then
        if not coalesce((select s.enabled from app_private.chain_settings s where s.chain = contract.chain), false) then
          raise exception '% of % is not possible while its units are on %, which is not connected to this server: the platform administrator connects it first.',
            verb, (select s.name from app_public.securities s join app_public.holdings h on h.security_id = s.id
                    where h.id = line.to_holding_id), app_private.chain_label(contract.chain) using errcode = 'LL422';
        end if;
        insert into app_private.chain_jobs (kind, chain, contract_id, holding_id, amount, corporate_action_id)
          select 'mint', contract.chain, contract.id, h.id, h.amount, action.id
            from app_public.holdings h where h.id = line.to_holding_id and h.amount > 0
          on conflict (contract_id, holding_id) where kind = 'mint' do nothing;
        if found then
          update app_public.contracts c set status = 'issuing', failure = null where c.id = contract.id;
          update app_public.tokens t set status = 'issuing'
            where t.id = contract.token_id and (app_private.current_contract(t.id)).id = contract.id;
          chains := chains || contract.chain;
        end if;
      end if;
    end if;
  end loop;
  if cardinality(chains) > 0 then
    update app_public.corporate_actions c set chain = chains[1] where c.id = action.id;
    perform app_private.refresh_corporate_action_chain(array[action.id]);
    foreach chain_name in array (select array_agg(distinct x) from unnest(chains) x) loop
      perform app_private.wake_chain_jobs(chain_name);
    end loop;
  end if;
  select c.* into action from app_public.corporate_actions c where c.id = action_id;
  return action;
end
$function$;

create or replace function app_public.retry_corporate_action_on_chain(action_id uuid)
  returns app_public.corporate_actions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  action app_public.corporate_actions;
  chain_name text;
begin
  perform app_private.require_writer('{issuer}');
  select c.* into action from app_public.corporate_actions c
    where c.id = retry_corporate_action_on_chain.action_id and c.issuer_id = app_private.current_account_id()
    for update;
  if action.id is null then
    raise exception 'Corporate action not found' using errcode = 'LL404';
  end if;
  if not exists (select 1 from app_private.chain_jobs j where j.corporate_action_id = action.id) then
    raise exception 'This corporate action has nothing to change on the chain.' using errcode = 'LL409';
  end if;
  -- queued, on its way or done: a second retry (another device, another admin) changes nothing
  for chain_name in
    select distinct j.chain from app_private.chain_jobs j where j.corporate_action_id = action.id and j.status = 'failed'
  loop
    perform app_private.check_token_chain(chain_name);
    update app_private.chain_jobs j
      set status = 'queued', nonce = null, raw_tx = null, tx_hash = null, block_number = null, failure = null,
          updated_on = now()
      where j.corporate_action_id = action.id and j.status = 'failed' and j.chain = chain_name;
    perform app_private.wake_chain_jobs(chain_name);
  end loop;
  perform app_private.refresh_corporate_action_chain(array[action.id]);
  select c.* into action from app_public.corporate_actions c where c.id = action.id;
  return action;
end
$function$;

comment on function app_public.retry_corporate_action_on_chain(uuid) is
  'Sends the chain''s side of a corporate action again after the chain refused some of it (the issuer''s owners and admins). Once queued or done, changes nothing.';
grant execute on function app_public.retry_corporate_action_on_chain(uuid) to app_user;
