-- Tokens (spec part 2: Token entity, token and contract statuses, wallet, Tokenized): a round's token with its
-- contracts on chains, the investors' blockchain addresses, the addresses attached to holdings (status trade makes a
-- holding Tokenized unless the chain is the product's own test chain ledgerlinen-hawknet) and the token's cap table
-- entries (amounts per investor and address).
--
-- Who sees and writes (docs/DATABASE.md matrix): the issuer of the round sees and edits (owners and admins; viewers
-- read only); an investor sees its own cap table entries, the tokens and contracts it holds, its own addresses and
-- the addresses of its own holdings.
--
-- Read model: no new collection (the device's 13 collections are all used). Each holding document carries
--   * blockchainAddresses: [{id, address, chain, status}] (Tokenized),
--   * tokens: the investor's positions in the tokens of the holding's round, one per token:
--     {id, name, symbol, type, status, total, precision, coinbaseBuyPriceUSD, coinbaseSellPriceUSD,
--      coinbaseSpotPriceUSD, chain, contractStatus, contractAddress, amount, roundId, roundName, assetName}
--     (chain and contract of the token's most advanced contract; amount = sum of the investor's cap table entries).
--   Two holdings in one round carry the same positions: the wallet counts each token once.
-- Triggers below record a change of every holding document a token, contract, address or cap table row affects.

create table app_public.tokens (
  id uuid primary key default gen_random_uuid(),
  round_id uuid not null references app_public.rounds (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 40),
  symbol text not null check (length(btrim(symbol)) between 1 and 40),
  -- 'Crypto' or any other type (Security, Utility, ...)
  type text not null default 'Security' check (length(btrim(type)) > 0),
  status text not null default 'not_deployed'
    check (status in ('system_only', 'burning', 'not_deployed', 'deploying', 'deployed', 'issuing', 'issued')),
  total numeric not null default 0 check (total >= 0),
  precision integer not null default 0 check (precision between 0 and 18),
  coinbase_buy_price_usd numeric,
  coinbase_sell_price_usd numeric,
  coinbase_spot_price_usd numeric,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index tokens_round_id_idx on app_public.tokens (round_id);

create table app_public.contracts (
  id uuid primary key default gen_random_uuid(),
  token_id uuid not null references app_public.tokens (id) on delete cascade,
  chain text not null check (length(btrim(chain)) > 0),
  status text not null default 'not_deployed'
    check (status in ('not_deployed', 'deploying', 'deployed', 'issuing', 'issued')),
  contract_address text,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index contracts_token_id_idx on app_public.contracts (token_id);

create table app_public.blockchain_addresses (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  address text not null check (length(btrim(address)) > 0),
  chain text not null check (length(btrim(chain)) > 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (chain, address)
);
create index blockchain_addresses_account_id_idx on app_public.blockchain_addresses (account_id);

create table app_public.holding_blockchain_addresses (
  id uuid primary key default gen_random_uuid(),
  holding_id uuid not null references app_public.holdings (id) on delete cascade,
  blockchain_address_id uuid not null references app_public.blockchain_addresses (id) on delete cascade,
  -- trade | pending (others may follow: the Tokenized rule only asks for trade)
  status text not null default 'pending' check (length(btrim(status)) > 0),
  chain text not null check (length(btrim(chain)) > 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now(),
  unique (holding_id, blockchain_address_id)
);
create index holding_blockchain_addresses_holding_id_idx on app_public.holding_blockchain_addresses (holding_id);
create index holding_blockchain_addresses_address_idx on app_public.holding_blockchain_addresses (blockchain_address_id);

create table app_public.cap_table_entries (
  id uuid primary key default gen_random_uuid(),
  token_id uuid not null references app_public.tokens (id) on delete cascade,
  investor_id uuid not null references app_public.accounts (id) on delete restrict,
  blockchain_address_id uuid references app_public.blockchain_addresses (id) on delete set null,
  amount numeric not null default 0 check (amount >= 0),
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index cap_table_entries_token_id_idx on app_public.cap_table_entries (token_id);
create index cap_table_entries_investor_id_idx on app_public.cap_table_entries (investor_id);
create index cap_table_entries_address_idx on app_public.cap_table_entries (blockchain_address_id);

-- ---------------------------------------------------------------------------------------------------------------
-- Row-level security helpers (security definer, filtered by the request's own settings).

-- Tokens of the selected issuer's rounds (read: owners, admins and viewers).
create function app_private.issuer_token_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select t.id from app_public.tokens t where t.round_id in (select app_private.issuer_round_ids())
  $$;

-- Tokens of the selected issuer's rounds it may change (not viewers).
create function app_private.editable_token_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select id from app_private.issuer_token_ids() as id where app_private.can_write()
  $$;

-- Tokens the selected investor holds (has a cap table entry of).
create function app_private.investor_token_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select e.token_id from app_public.cap_table_entries e
    where e.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
  $$;

-- Addresses the selected issuer deals with: those on its tokens' cap tables and on holdings of its rounds.
create function app_private.issuer_address_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select e.blockchain_address_id from app_public.cap_table_entries e
    where e.token_id in (select app_private.issuer_token_ids()) and e.blockchain_address_id is not null
    union
    select x.blockchain_address_id from app_public.holding_blockchain_addresses x
      join app_public.holdings h on h.id = x.holding_id
    where h.round_id in (select app_private.issuer_round_ids())
  $$;

-- Investors of the selected issuer's rounds (it may register their addresses).
create function app_private.issuer_investor_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select h.investor_id from app_public.holdings h where h.round_id in (select app_private.issuer_round_ids())
  $$;

-- Holdings of the selected issuer's rounds it may change.
create function app_private.editable_issuer_holding_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select h.id from app_public.holdings h
    where h.round_id in (select app_private.issuer_round_ids()) and app_private.can_write()
  $$;

grant execute on function app_private.issuer_token_ids(), app_private.editable_token_ids(),
  app_private.investor_token_ids(), app_private.issuer_address_ids(), app_private.issuer_investor_ids(),
  app_private.editable_issuer_holding_ids() to app_user;

alter table app_public.tokens enable row level security;
-- (by round, not issuer_token_ids(): a row being inserted is not in the statement's snapshot, and RETURNING needs it)
create policy select_visible on app_public.tokens for select
  using (round_id in (select app_private.issuer_round_ids()) or id in (select app_private.investor_token_ids()));
create policy insert_own on app_public.tokens for insert
  with check (round_id in (select app_private.issuer_round_ids()) and app_private.can_write());
create policy update_own on app_public.tokens for update
  using (round_id in (select app_private.issuer_round_ids()) or id in (select app_private.investor_token_ids()))
  with check (round_id in (select app_private.issuer_round_ids()) and app_private.can_write());
create policy delete_own on app_public.tokens for delete
  using (id in (select app_private.editable_token_ids()));
grant select, delete on app_public.tokens to app_user;
grant insert (id, round_id, name, symbol, type, status, total, precision, coinbase_buy_price_usd,
    coinbase_sell_price_usd, coinbase_spot_price_usd),
  update (name, symbol, type, status, total, precision, coinbase_buy_price_usd, coinbase_sell_price_usd,
    coinbase_spot_price_usd)
  on app_public.tokens to app_user;
select app_private.add_write_guard('app_public.tokens', '{issuer}');

alter table app_public.contracts enable row level security;
create policy select_visible on app_public.contracts for select
  using (token_id in (select app_private.issuer_token_ids()) or token_id in (select app_private.investor_token_ids()));
create policy insert_own on app_public.contracts for insert
  with check (token_id in (select app_private.editable_token_ids()));
create policy update_own on app_public.contracts for update
  using (token_id in (select app_private.issuer_token_ids()) or token_id in (select app_private.investor_token_ids()))
  with check (token_id in (select app_private.editable_token_ids()));
create policy delete_own on app_public.contracts for delete
  using (token_id in (select app_private.editable_token_ids()));
grant select, delete on app_public.contracts to app_user;
grant insert (id, token_id, chain, status, contract_address), update (chain, status, contract_address)
  on app_public.contracts to app_user;
select app_private.add_write_guard('app_public.contracts', '{issuer}');

alter table app_public.blockchain_addresses enable row level security;
create policy select_visible on app_public.blockchain_addresses for select
  using (account_id = app_private.current_account_id() or id in (select app_private.issuer_address_ids()));
create policy insert_own on app_public.blockchain_addresses for insert
  with check (app_private.can_write() and (account_id = app_private.current_account_id()
    or account_id in (select app_private.issuer_investor_ids())));
create policy update_own on app_public.blockchain_addresses for update
  using (account_id = app_private.current_account_id() or id in (select app_private.issuer_address_ids()))
  with check (app_private.can_write() and account_id = app_private.current_account_id());
create policy delete_own on app_public.blockchain_addresses for delete
  using (app_private.can_write() and account_id = app_private.current_account_id());
grant select, delete on app_public.blockchain_addresses to app_user;
grant insert (id, account_id, address, chain), update (address, chain) on app_public.blockchain_addresses to app_user;
select app_private.add_write_guard('app_public.blockchain_addresses', '{issuer,investor}');

alter table app_public.holding_blockchain_addresses enable row level security;
create policy select_visible on app_public.holding_blockchain_addresses for select
  using (holding_id in (select id from app_public.holdings));
create policy insert_own on app_public.holding_blockchain_addresses for insert
  with check (holding_id in (select app_private.editable_issuer_holding_ids()));
create policy update_own on app_public.holding_blockchain_addresses for update
  using (holding_id in (select id from app_public.holdings))
  with check (holding_id in (select app_private.editable_issuer_holding_ids()));
create policy delete_own on app_public.holding_blockchain_addresses for delete
  using (holding_id in (select app_private.editable_issuer_holding_ids()));
grant select, delete on app_public.holding_blockchain_addresses to app_user;
grant insert (id, holding_id, blockchain_address_id, status, chain), update (status, chain)
  on app_public.holding_blockchain_addresses to app_user;
select app_private.add_write_guard('app_public.holding_blockchain_addresses', '{issuer}');

alter table app_public.cap_table_entries enable row level security;
create policy select_visible on app_public.cap_table_entries for select
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or token_id in (select app_private.issuer_token_ids()));
create policy insert_own on app_public.cap_table_entries for insert
  with check (token_id in (select app_private.editable_token_ids()));
create policy update_own on app_public.cap_table_entries for update
  using ((investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
    or token_id in (select app_private.issuer_token_ids()))
  with check (token_id in (select app_private.editable_token_ids()));
create policy delete_own on app_public.cap_table_entries for delete
  using (token_id in (select app_private.editable_token_ids()));
grant select, delete on app_public.cap_table_entries to app_user;
grant insert (id, token_id, investor_id, blockchain_address_id, amount), update (blockchain_address_id, amount)
  on app_public.cap_table_entries to app_user;
select app_private.add_write_guard('app_public.cap_table_entries', '{issuer}');

-- ---------------------------------------------------------------------------------------------------------------
-- The holding read model: every field of 0160 plus blockchainAddresses and tokens (security invoker: the reader's
-- row-level security decides which tokens, contracts and addresses appear).

create or replace function app_private.docs_holdings(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select h.id, app_private.live_document(
    app_private.row_document(to_jsonb(h), 'app_public.holdings')
    || jsonb_build_object('investor', app_private.account_summary(h.investor_id))
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
  from app_public.holdings h where h.id = any (ids)
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Change triggers: a token, contract, cap table entry, address or holding address changes the holding documents
-- that show it.

create function app_private.tg__token_holdings_changed() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
declare
  kind text := tg_argv[0];
  rows_json jsonb := jsonb_build_array(
    case when tg_op <> 'DELETE' then to_jsonb(new) end, case when tg_op <> 'INSERT' then to_jsonb(old) end);
  holding uuid;
begin
  if tg_op = 'UPDATE' and to_jsonb(new) = to_jsonb(old) then
    return null;
  end if;
  for holding in
    select distinct h.id from jsonb_array_elements(rows_json) r(row_json)
      join app_public.holdings h on case kind
        when 'tokens' then h.round_id = (r.row_json ->> 'round_id')::uuid
        when 'contracts' then h.round_id = (select t.round_id from app_public.tokens t
                                            where t.id = (r.row_json ->> 'token_id')::uuid)
        when 'cap_table_entries' then h.investor_id = (r.row_json ->> 'investor_id')::uuid
          and h.round_id = (select t.round_id from app_public.tokens t where t.id = (r.row_json ->> 'token_id')::uuid)
        when 'holding_blockchain_addresses' then h.id = (r.row_json ->> 'holding_id')::uuid
        when 'blockchain_addresses' then h.id in (select x.holding_id from app_public.holding_blockchain_addresses x
                                                  where x.blockchain_address_id = (r.row_json ->> 'id')::uuid)
      end
    where jsonb_typeof(r.row_json) = 'object'
  loop
    perform app_private.record_document_change('holdings', holding);
  end loop;
  return null;
end;
$$;

create trigger _900_changes_holdings after insert or update or delete on app_public.tokens
  for each row execute function app_private.tg__token_holdings_changed('tokens');
create trigger _900_changes_holdings after insert or update or delete on app_public.contracts
  for each row execute function app_private.tg__token_holdings_changed('contracts');
create trigger _900_changes_holdings after insert or update or delete on app_public.cap_table_entries
  for each row execute function app_private.tg__token_holdings_changed('cap_table_entries');
create trigger _900_changes_holdings after insert or update or delete on app_public.holding_blockchain_addresses
  for each row execute function app_private.tg__token_holdings_changed('holding_blockchain_addresses');
create trigger _900_changes_holdings after insert or update or delete on app_public.blockchain_addresses
  for each row execute function app_private.tg__token_holdings_changed('blockchain_addresses');
