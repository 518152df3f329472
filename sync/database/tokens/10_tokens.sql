-- Token commands (issue 16, docs/CHAIN.md): makeToken (Setup Token and Edit), deployContract (Deploy), tokenizeHoldings
-- (Mint), swapTokenChain (Swap Chain) and makeBlockchainAddress (an investor's own address). Each checks who may act
-- (spec part 2: Deploy, Mint and Setup: the round's issuer, not a viewer; Edit and Swap Chain: the round's issuer),
-- the token's state and its fields, changes the rows and queues the chain work in app_private.chain_jobs for the
-- server's job runner (sync/chain/jobs.ts), woken by pg_notify('chain_jobs'). Refusals raise LL403/LL404/LL409/LL422
-- and leave nothing behind.

create or replace function app_private.check_token_issuer(round_id uuid, writer boolean)
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if app_private.current_account_type() is distinct from 'issuer'
      or not exists (select 1 from app_private.issuer_round_ids() r where r = round_id) then
    raise exception 'Only the issuer can manage this token.' using errcode = 'LL403';
  end if;
  if writer and not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end;
$function$;

-- How a chain reads in a message (the app's CHAIN_LABELS, src/features/tokens/strings.ts); a name the product does not
-- know is quoted as given (at most 60 characters, control characters dropped).
create or replace function app_private.chain_label(chain text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select case chain
    when 'ethereum-ledgerline' then 'Ethereum (Ledgerline private network)'
    when 'tezos-mainnet' then 'Tezos mainnet'
    when 'ethereum-mainnet' then 'Ethereum mainnet'
    when 'ethereum-rinkeby' then 'Ethereum Rinkeby'
    when 'ledgerlinen-hawknet' then 'Ledgerline test chain'
    else format('the chain "%s"', left(regexp_replace(chain, '[[:cntrl:]]', '', 'g'), 60))
  end
$function$;

-- A chain the server does not offer (not in app_private.chain_settings: not configured here, or not a chain at all)
-- is refused naming the chain; the settings that enable one are the operator's business (docs/CHAIN.md).
create or replace function app_private.chain_not_set_up(chain text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select format('This server is not set up for %s: choose another chain.', app_private.chain_label(chain))
$function$;

create or replace function app_private.check_token_chain(chain text)
  returns void
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  setting app_private.chain_settings;
begin
  if chain is null or btrim(chain) = '' then
    raise exception 'Chain is required.' using errcode = 'LL422', detail = 'chain';
  end if;
  select * into setting from app_private.chain_settings s where s.chain = check_token_chain.chain;
  if not found then
    raise exception '%', app_private.chain_not_set_up(chain) using errcode = 'LL422', detail = 'chain';
  end if;
  if not setting.enabled then
    raise exception '%', coalesce(setting.reason, 'This chain is not available.') using errcode = 'LL422', detail = 'chain';
  end if;
end;
$function$;

create or replace function app_private.check_token_text(value text, label text, field text)
  returns text
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  trimmed text := btrim(coalesce(value, ''));
begin
  if trimmed = '' then
    raise exception '% is required.', label using errcode = 'LL422', detail = field;
  end if;
  if length(trimmed) > 40 then
    raise exception '% must be less than 40 characters.', label using errcode = 'LL422', detail = field;
  end if;
  if trimmed ~ '[[:cntrl:]]' then
    raise exception '% must contain printable characters only.', label using errcode = 'LL422', detail = field;
  end if;
  return trimmed;
end;
$function$;

-- The token's current contract: the newest one (Swap Chain adds one).
create or replace function app_private.current_contract(token_id uuid)
  returns app_public.contracts
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select c.* from app_public.contracts c where c.token_id = current_contract.token_id
  order by c.created_on desc, c.id desc limit 1
$function$;

create or replace function app_private.wake_chain_jobs(chain text)
  returns void
  language sql
  volatile
  set search_path to 'pg_catalog'
as $function$ select pg_notify('chain_jobs', chain) $function$;

create or replace function app_public.make_token(round_id uuid, name text, symbol text, chain text,
    token_id uuid default null, contract_address_id uuid default null)
  returns app_public.tokens
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  existing app_public.tokens;
  contract app_public.contracts;
  clean_name text;
  clean_symbol text;
  result app_public.tokens;
begin
  if token_id is not null then
    select * into existing from app_public.tokens t where t.id = make_token.token_id;
  end if;
  if existing.id is not null then
    -- Edit: the round's issuer (a viewer is refused by the write check), only while not deployed
    perform app_private.check_token_issuer(existing.round_id, true);
    if make_token.round_id is not null and make_token.round_id <> existing.round_id then
      raise exception 'Token not found.' using errcode = 'LL404';
    end if;
  else
    if make_token.round_id is null or not exists (select 1 from app_public.rounds r where r.id = make_token.round_id) then
      raise exception 'Round not found.' using errcode = 'LL404';
    end if;
    perform app_private.check_token_issuer(make_token.round_id, true);
  end if;
  clean_name := app_private.check_token_text(name, 'Token name', 'name');
  clean_symbol := app_private.check_token_text(symbol, 'Token symbol', 'symbol');
  if make_token.chain is null or btrim(make_token.chain) = '' then
    raise exception 'Chain is required.' using errcode = 'LL422', detail = 'chain';
  end if;

  if existing.id is not null then
    contract := app_private.current_contract(existing.id);
    if existing.status <> 'not_deployed' or coalesce(contract.status, 'not_deployed') <> 'not_deployed' then
      raise exception 'The token is deployed: it can no longer be edited.' using errcode = 'LL409';
    end if;
    if contract.id is null or contract.chain is distinct from btrim(make_token.chain) then
      perform app_private.check_token_chain(btrim(make_token.chain));
    end if;
    update app_public.tokens t set name = clean_name, symbol = clean_symbol where t.id = existing.id
      returning * into result;
    if contract.id is null then
      insert into app_public.contracts (id, token_id, chain, status)
        values (coalesce(contract_address_id, gen_random_uuid()), existing.id, btrim(make_token.chain), 'not_deployed');
    else
      update app_public.contracts c set chain = btrim(make_token.chain), failure = null where c.id = contract.id;
    end if;
    return result;
  end if;

  perform app_private.check_token_chain(btrim(make_token.chain));
  if exists (select 1 from app_public.tokens t where t.round_id = make_token.round_id) then
    raise exception 'This round already has a token.' using errcode = 'LL409';
  end if;
  insert into app_public.tokens (id, round_id, name, symbol, status, total, precision)
    select coalesce(make_token.token_id, gen_random_uuid()), r.id, clean_name, clean_symbol, 'not_deployed',
           coalesce(r.total, 0), 0
    from app_public.rounds r where r.id = make_token.round_id
    returning * into result;
  insert into app_public.contracts (id, token_id, chain, status)
    values (coalesce(contract_address_id, gen_random_uuid()), result.id, btrim(make_token.chain), 'not_deployed');
  return result;
end;
$function$;
grant execute on function app_public.make_token(uuid, text, text, text, uuid, uuid) to app_user;
comment on function app_public.make_token(uuid, text, text, text, uuid, uuid) is
  E'@nullable round_id\nSetup Token (a new token of the round with its contract on the chain, not deployed) or, for an existing tokenId, Edit (name, symbol, chain) while it is not deployed.';

create or replace function app_public.deploy_contract(contract_id uuid)
  returns app_public.contracts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  contract app_public.contracts;
  token app_public.tokens;
  result app_public.contracts;
begin
  select * into contract from app_public.contracts c where c.id = deploy_contract.contract_id;
  if not found then
    raise exception 'Contract not found.' using errcode = 'LL404';
  end if;
  select * into token from app_public.tokens t where t.id = contract.token_id;
  perform app_private.check_token_issuer(token.round_id, true);
  if contract.status <> 'not_deployed' then
    raise exception 'The token is already deployed.' using errcode = 'LL409';
  end if;
  perform app_private.check_token_chain(contract.chain);
  update app_public.contracts c set status = 'deploying', failure = null where c.id = contract.id returning * into result;
  update app_public.tokens t set status = 'deploying' where t.id = token.id;
  insert into app_private.chain_jobs (kind, chain, contract_id) values ('deploy', contract.chain, contract.id);
  perform app_private.wake_chain_jobs(contract.chain);
  return result;
end;
$function$;
grant execute on function app_public.deploy_contract(uuid) to app_user;
comment on function app_public.deploy_contract(uuid) is
  'Deploy: the contract goes deploying and the server deploys it on its chain (then deployed, or back to not_deployed with the failure).';

create or replace function app_public.tokenize_holdings(holding_ids uuid[])
  returns app_public.contracts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  rounds uuid[];
  token app_public.tokens;
  contract app_public.contracts;
  queued integer;
  result app_public.contracts;
begin
  if holding_ids is null or cardinality(holding_ids) = 0 then
    raise exception 'Choose the holdings to mint.' using errcode = 'LL422', detail = 'holdingIds';
  end if;
  if cardinality(holding_ids) > 20000 then
    raise exception 'At most 20000 holdings at once.' using errcode = 'LL422', detail = 'holdingIds';
  end if;
  select array_agg(distinct h.round_id) into rounds from app_public.holdings h where h.id = any (holding_ids);
  if (select count(*) from app_public.holdings h where h.id = any (holding_ids))
      <> (select count(distinct i) from unnest(holding_ids) i) then
    raise exception 'Holding not found.' using errcode = 'LL404';
  end if;
  perform app_private.check_token_issuer(r, true) from unnest(rounds) r;
  if cardinality(rounds) <> 1 then
    raise exception 'The holdings must be of one round.' using errcode = 'LL422', detail = 'holdingIds';
  end if;
  select * into token from app_public.tokens t where t.round_id = rounds[1] order by t.created_on, t.id limit 1;
  if not found then
    raise exception 'Deploy the token before minting.' using errcode = 'LL409';
  end if;
  contract := app_private.current_contract(token.id);
  if contract.status not in ('deployed', 'issuing', 'issued') then
    raise exception 'Deploy the token before minting.' using errcode = 'LL409';
  end if;
  perform app_private.check_token_chain(contract.chain);
  insert into app_private.chain_jobs (kind, chain, contract_id, holding_id, amount)
    select 'mint', contract.chain, contract.id, h.id, h.amount
    from app_public.holdings h
    where h.id = any (holding_ids) and h.amount > 0
      -- a transferee's holding gets its tokens by the transfer's forced transfer, never a second mint
      and not exists (select 1 from app_private.chain_jobs t
                      where t.kind = 'transfer' and t.contract_id = contract.id and t.holding_id = h.id)
    on conflict (contract_id, holding_id) where kind = 'mint' do nothing;
  get diagnostics queued = row_count;
  if queued > 0 then
    update app_public.contracts c set status = 'issuing', failure = null where c.id = contract.id;
    update app_public.tokens t set status = 'issuing' where t.id = token.id;
    perform app_private.wake_chain_jobs(contract.chain);
  end if;
  select * into result from app_public.contracts c where c.id = contract.id;
  return result;
end;
$function$;
grant execute on function app_public.tokenize_holdings(uuid[]) to app_user;
comment on function app_public.tokenize_holdings(uuid[]) is
  'Mint: each holding (of one round) is minted to its investor''s address on the token''s chain, once; a holding already minted or queued on the contract is skipped.';

create or replace function app_public.swap_token_chain(token_id uuid, chain text)
  returns app_public.contracts
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  token app_public.tokens;
  contract app_public.contracts;
  result app_public.contracts;
begin
  select * into token from app_public.tokens t where t.id = swap_token_chain.token_id;
  if not found then
    raise exception 'Token not found.' using errcode = 'LL404';
  end if;
  perform app_private.check_token_issuer(token.round_id, true);
  perform app_private.check_token_chain(btrim(swap_token_chain.chain));
  contract := app_private.current_contract(token.id);
  if contract.status not in ('deployed', 'issued') then
    raise exception 'Swap Chain is available once the token is deployed.' using errcode = 'LL409';
  end if;
  if contract.chain = btrim(swap_token_chain.chain) then
    raise exception 'The token is already on this chain.' using errcode = 'LL409', detail = 'chain';
  end if;
  insert into app_public.contracts (token_id, chain, status, created_on)
    values (token.id, btrim(swap_token_chain.chain), 'deploying', greatest(now(), contract.created_on + interval '1 microsecond'))
    returning * into result;
  update app_public.tokens t set status = 'deploying' where t.id = token.id;
  insert into app_private.chain_jobs (kind, chain, contract_id) values ('deploy', result.chain, result.id);
  perform app_private.wake_chain_jobs(result.chain);
  return result;
end;
$function$;
grant execute on function app_public.swap_token_chain(uuid, text) to app_user;
comment on function app_public.swap_token_chain(uuid, text) is
  'Swap Chain: a new contract of the token on another chain, deployed by the server; Mint then issues the holdings on it.';

create or replace function app_public.make_blockchain_address(chain text, address text)
  returns app_public.blockchain_addresses
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.blockchain_addresses;
  clean text := btrim(coalesce(address, ''));
begin
  if app_private.current_account_type() is distinct from 'investor' or app_private.current_account_id() is null then
    raise exception 'Only an investor can register its address.' using errcode = 'LL403';
  end if;
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if make_blockchain_address.chain is null or btrim(make_blockchain_address.chain) = '' then
    raise exception 'Chain is required.' using errcode = 'LL422', detail = 'chain';
  end if;
  if btrim(make_blockchain_address.chain) like 'ethereum-%' and clean !~ '^0x[0-9a-fA-F]{40}$' then
    raise exception 'Address must be 0x followed by 40 hexadecimal characters.' using errcode = 'LL422', detail = 'address';
  end if;
  if clean = '' then
    raise exception 'Address is required.' using errcode = 'LL422', detail = 'address';
  end if;
  if btrim(make_blockchain_address.chain) like 'tezos-%' and not app_private.tezos_address_ok(clean) then
    raise exception 'Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.'
      using errcode = 'LL422', detail = 'address';
  end if;
  if length(clean) > 200 or clean ~ '[[:cntrl:][:space:]]' then
    raise exception 'Address must be at most 200 characters, without spaces.' using errcode = 'LL422', detail = 'address';
  end if;
  if not exists (select 1 from app_private.chain_settings s where s.chain = btrim(make_blockchain_address.chain)) then
    raise exception '%', app_private.chain_not_set_up(btrim(make_blockchain_address.chain))
      using errcode = 'LL422', detail = 'chain';
  end if;
  if btrim(make_blockchain_address.chain) like 'ethereum-%' then
    clean := lower(clean);
  end if;
  if exists (select 1 from app_public.blockchain_addresses b where b.chain = btrim(make_blockchain_address.chain)
             and b.account_id = app_private.current_account_id()) then
    raise exception 'You already have an address on this chain.' using errcode = 'LL409', detail = 'address';
  end if;
  if exists (select 1 from app_public.blockchain_addresses b where b.chain = btrim(make_blockchain_address.chain)
             and lower(b.address) = lower(clean)) then
    raise exception 'This address is already registered.' using errcode = 'LL409', detail = 'address';
  end if;
  insert into app_public.blockchain_addresses (account_id, address, chain)
    values (app_private.current_account_id(), clean, btrim(make_blockchain_address.chain)) returning * into result;
  return result;
end;
$function$;
grant execute on function app_public.make_blockchain_address(text, text) to app_user;
comment on function app_public.make_blockchain_address(text, text) is
  'An investor registers its own address on a chain (ethereum chains: 0x and 40 hexadecimal characters; tezos chains: tz1/tz2/tz3/KT1 base58check); mints go to it instead of a custodial address.';
