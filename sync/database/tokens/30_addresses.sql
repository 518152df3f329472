-- An investor's blockchain addresses (docs/CHAIN.md "Keys", the wallet's Addresses section): the Tezos address check
-- makeBlockchainAddress uses (tz1/tz2/tz3/KT1, base58check) and the `blockchain_addresses` read model (a kind of the
-- device's shared `records` collection, parent accountId): one document per address of the reader's own account with
-- whether the platform holds its key (custodial) and how many holdings were minted to it, by status. Built under the
-- reader's row-level security and for the reader's own account only. Audience: the address's account. A change of a
-- holding's mint status records a change of its address's document.

-- A Tezos address in base58check: a tz1, tz2 or tz3 account (ed25519, secp256k1, p256) or a KT1 contract, 36
-- characters: a 3-byte prefix, a 20-byte hash and the first 4 bytes of the payload's double SHA-256.
create or replace function app_private.tezos_address_ok(address text)
  returns boolean
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  alphabet constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  n numeric := 0;
  digit integer;
  bytes bytea := '\x'::bytea;
  prefix bytea;
begin
  if address is null or address !~ '^(tz1|tz2|tz3|KT1)[1-9A-HJ-NP-Za-km-z]{33}$' then
    return false;
  end if;
  for i in 1..length(address) loop
    digit := strpos(alphabet, substr(address, i, 1)) - 1;
    n := n * 58 + digit;
  end loop;
  for i in 1..27 loop
    bytes := set_byte('\x00'::bytea, 0, (n % 256)::integer) || bytes;
    n := div(n, 256);
  end loop;
  if n <> 0 then
    return false;
  end if;
  -- (an IF's condition ends at its first THEN: the expected prefix is assigned first)
  prefix := case left(address, 3)
      when 'tz1' then '\x06a19f'::bytea
      when 'tz2' then '\x06a1a1'::bytea
      when 'tz3' then '\x06a1a4'::bytea
      else '\x025a79'::bytea end;
  if substr(bytes, 1, 3) <> prefix then
    return false;
  end if;
  return substr(sha256(sha256(substr(bytes, 1, 23))), 1, 4) = substr(bytes, 24, 4);
end;
$function$;
comment on function app_private.tezos_address_ok(text) is
  'A Tezos tz1/tz2/tz3/KT1 address with a valid base58check checksum.';

-- Whether the platform holds the address's key (created for the investor when its first holding was minted there).
create or replace function app_private.custodial_address_ids(ids uuid[])
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select b.id from app_public.blockchain_addresses b
    join app_private.chain_keys k on k.chain = b.chain and k.address = lower(b.address) and k.purpose = 'custodial'
   where b.id = any (ids) and b.account_id = app_private.current_account_id()
$function$;
grant execute on function app_private.custodial_address_ids(uuid[]) to app_user;

create or replace function app_private.docs_blockchain_addresses(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select b.id, app_private.live_document(
    app_private.row_document(to_jsonb(b), 'app_public.blockchain_addresses')
    || jsonb_build_object(
      'custodial', b.id in (select app_private.custodial_address_ids(ids)),
      'holdings', jsonb_build_object(
        'trade', (select count(*) from app_public.holding_blockchain_addresses x
                   where x.blockchain_address_id = b.id and x.status = 'trade'),
        'pending', (select count(*) from app_public.holding_blockchain_addresses x
                     where x.blockchain_address_id = b.id and x.status = 'pending'),
        'failed', (select count(*) from app_public.holding_blockchain_addresses x
                    where x.blockchain_address_id = b.id and x.status = 'failed')))
  )
  from app_public.blockchain_addresses b
  where b.id = any (ids) and b.account_id = app_private.current_account_id()
$function$;
grant execute on function app_private.docs_blockchain_addresses(uuid[]) to app_user;

create or replace function app_private.audience_blockchain_addresses(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select b.account_id from app_public.blockchain_addresses b where b.id = doc_id)
$function$;

create or replace trigger _900_changes_blockchain_addresses after insert or update or delete
  on app_public.blockchain_addresses
  for each row execute function app_private.record_change('blockchain_addresses', 'id', 'account_id');
create or replace trigger _900_changes_blockchain_addresses after insert or update or delete
  on app_public.holding_blockchain_addresses
  for each row execute function app_private.record_change('blockchain_addresses', 'blockchain_address_id');
