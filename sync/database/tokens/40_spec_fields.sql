-- Read fields of the chain's rows that the spec names (issue 35, item 3): a token's asset and issuer account, a
-- contract's custodian and issuance-platform integrations, a ledger entry's blockchain address, an address's linked
-- accounts (and their names), a cap-table entry's ledgers and linked accounts, a transaction's block number. The rows
-- stay read-only to clients (migration 1720); every field is a computed column that reads as the caller, so the
-- policies of the rows it reaches decide: a linked account the caller may not see is not named.

create or replace function app_public.tokens_asset(t app_public.tokens)
  returns app_public.assets
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select a from app_public.assets a join app_public.rounds r on r.asset_id = a.id where r.id = t.round_id
$function$;
comment on function app_public.tokens_asset(app_public.tokens) is 'The asset of the token''s round.';
grant execute on function app_public.tokens_asset(app_public.tokens) to app_user;

create or replace function app_public.tokens_issuer(t app_public.tokens)
  returns app_public.accounts
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select ac from app_public.accounts ac
    join app_public.assets a on a.issuer_id = ac.id
    join app_public.rounds r on r.asset_id = a.id
   where r.id = t.round_id
$function$;
comment on function app_public.tokens_issuer(app_public.tokens) is 'The issuer account of the token''s asset.';
grant execute on function app_public.tokens_issuer(app_public.tokens) to app_user;

-- No custody or issuance-platform integration exists on this server: the server itself keeps the custodial keys of
-- the embedded chain and issues the tokens (docs/CHAIN.md), so these read null until such an integration is added.
create or replace function app_public.contracts_custodian_integration(c app_public.contracts)
  returns app_public.integrations
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select i from app_public.integrations i where false
$function$;
comment on function app_public.contracts_custodian_integration(app_public.contracts) is
  'The integration that holds the contract''s tokens in custody: none on this server (the server keeps the custodial keys itself), so null.';
grant execute on function app_public.contracts_custodian_integration(app_public.contracts) to app_user;

create or replace function app_public.contracts_issuance_platform_integration(c app_public.contracts)
  returns app_public.integrations
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select i from app_public.integrations i where false
$function$;
comment on function app_public.contracts_issuance_platform_integration(app_public.contracts) is
  'The integration that issues the contract''s tokens: none on this server (it deploys and mints itself), so null.';
grant execute on function app_public.contracts_issuance_platform_integration(app_public.contracts) to app_user;

create or replace function app_public.ledger_entries_blockchain_address(e app_public.ledger_entries)
  returns app_public.blockchain_addresses
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select b from app_public.blockchain_addresses b where b.id = e.blockchain_address_id
$function$;
comment on function app_public.ledger_entries_blockchain_address(app_public.ledger_entries) is
  'The blockchain address the entry moved units at (address, chain, linked accounts), when the caller may see it.';
grant execute on function app_public.ledger_entries_blockchain_address(app_public.ledger_entries) to app_user;

create or replace function app_public.blockchain_addresses_linked_accounts(b app_public.blockchain_addresses)
  returns setof app_public.accounts
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select a from app_public.accounts a
   where a.id = b.account_id
      or a.id in (select h.investor_id from app_public.holding_blockchain_addresses x
                    join app_public.holdings h on h.id = x.holding_id
                   where x.blockchain_address_id = b.id)
      or a.id in (select e.investor_id from app_public.cap_table_entries e where e.blockchain_address_id = b.id)
   order by a.name, a.id
$function$;
comment on function app_public.blockchain_addresses_linked_accounts(app_public.blockchain_addresses) is
  'The accounts linked to the address that the caller may see: its owner and the investors whose holdings or balances are at it.';
grant execute on function app_public.blockchain_addresses_linked_accounts(app_public.blockchain_addresses) to app_user;

create or replace function app_public.blockchain_addresses_linked_account_names(b app_public.blockchain_addresses)
  returns text[]
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select coalesce(array_agg(a.name order by a.name, a.id), '{}')
    from app_public.blockchain_addresses_linked_accounts(b) a
$function$;
comment on function app_public.blockchain_addresses_linked_account_names(app_public.blockchain_addresses) is
  'The names of the linked accounts the caller may see.';
grant execute on function app_public.blockchain_addresses_linked_account_names(app_public.blockchain_addresses) to app_user;

create or replace function app_public.cap_table_entries_ledgers(c app_public.cap_table_entries)
  returns setof app_public.ledger_entries
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select l from app_public.ledger_entries l
   where l.investor_id = c.investor_id
     and (l.token_id = c.token_id
          or (l.token_id is null
              and l.holding_id in (select h.id from app_public.holdings h
                                     join app_public.tokens t on t.round_id = h.round_id
                                    where t.id = c.token_id and h.investor_id = c.investor_id)))
   order by l.created_on, l.id
$function$;
comment on function app_public.cap_table_entries_ledgers(app_public.cap_table_entries) is
  'The ledger entries behind the balance: the investor''s entries of the token, or of its holdings in the token''s round (each with its transaction and block number).';
grant execute on function app_public.cap_table_entries_ledgers(app_public.cap_table_entries) to app_user;

create or replace function app_public.cap_table_entries_linked_accounts(c app_public.cap_table_entries)
  returns setof app_public.accounts
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select a from app_public.accounts a
   where a.id = c.investor_id
      or a.id in (select b.account_id from app_public.blockchain_addresses b where b.id = c.blockchain_address_id)
      or a.id in (select h.investor_id from app_public.holding_blockchain_addresses x
                    join app_public.holdings h on h.id = x.holding_id
                   where x.blockchain_address_id = c.blockchain_address_id)
   order by a.name, a.id
$function$;
comment on function app_public.cap_table_entries_linked_accounts(app_public.cap_table_entries) is
  'The accounts linked to the entry (its investor and the accounts of its address) that the caller may see.';
grant execute on function app_public.cap_table_entries_linked_accounts(app_public.cap_table_entries) to app_user;

create or replace function app_public.transactions_block_number(t app_public.transactions)
  returns bigint
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select coalesce(
    case when t.chain_data ->> 'block_number' ~ '^[0-9]{1,18}$' then (t.chain_data ->> 'block_number')::bigint end,
    (select max(x.block_number) from app_public.ledger_entries l
       join app_public.holding_blockchain_addresses x on x.holding_id = l.holding_id
      where l.transaction_id = t.id))
$function$;
comment on function app_public.transactions_block_number(app_public.transactions) is
  'The block the transaction''s units reached the chain in: chainData.block_number, else the latest block of its holdings'' chain registrations the caller may see.';
grant execute on function app_public.transactions_block_number(app_public.transactions) to app_user;
