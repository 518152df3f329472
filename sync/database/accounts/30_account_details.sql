-- The `account_details` read model (issue 22 item 7; a kind of the device's shared `records` collection, parent
-- accountId): the addresses and parties the Account details panel shows an investor (spec part 1 section 6), one
-- document per account, so the panel reads them offline too. Built under the reader's row-level security and for
-- the reader's own (selected) account only; audience: the account. Edits stay queued commands (updateAddressById);
-- a change of an account address, a party, a party's address or an address itself records a change of the document
-- of every account that uses it.

create or replace function app_private.address_document(address app_public.addresses)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select jsonb_build_object('id', address.id, 'lineOne', address.line_one, 'lineTwo', address.line_two,
    'city', address.city, 'province', address.province, 'postalCode', address.postal_code)
$function$;
grant execute on function app_private.address_document(app_public.addresses) to app_user;

create or replace function app_private.docs_account_details(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select a.id, app_private.live_document(jsonb_build_object(
    'id', a.id,
    'accountId', a.id,
    'addresses', coalesce((
      select jsonb_agg(jsonb_build_object('id', aa.id, 'type', aa.type, 'address', app_private.address_document(ad))
               order by aa.type desc, aa.id)
        from app_public.account_addresses aa join app_public.addresses ad on ad.id = aa.address_id
       where aa.account_id = a.id), '[]'::jsonb),
    'parties', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'role', p.role, 'email', p.email,
               'isPrimary', p.is_primary,
               'addresses', coalesce((
                 select jsonb_agg(jsonb_build_object('id', pa.id, 'type', pa.type,
                          'address', app_private.address_document(ad)) order by pa.type desc, pa.id)
                   from app_public.party_addresses pa join app_public.addresses ad on ad.id = pa.address_id
                  where pa.party_id = p.id), '[]'::jsonb))
               order by p.is_primary desc, p.created_on, p.id)
        from app_public.parties p
       where p.account_id = a.id), '[]'::jsonb),
    'createdOn', a.created_on,
    'updatedOn', a.updated_on))
  from app_public.accounts a
  where a.id = any (ids) and a.id = app_private.current_account_id()
$function$;
grant execute on function app_private.docs_account_details(uuid[]) to app_user;

create or replace function app_private.audience_account_details(doc_id uuid)
  returns uuid[]
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select array[doc_id]
$function$;

create or replace trigger _900_changes_account_details after insert or update or delete
  on app_public.account_addresses
  for each row execute function app_private.record_change('account_details', 'account_id');
create or replace trigger _900_changes_account_details after insert or update or delete on app_public.parties
  for each row execute function app_private.record_change('account_details', 'account_id');
-- A party's address, or an address: the documents of the accounts that use it.
create or replace trigger _900_changes_account_details after insert or update or delete
  on app_public.party_addresses
  for each row execute function app_private.record_related_changes('account_details', 'party_id',
    $$select p.account_id from app_public.parties p where p.id = any ($1)$$);
create or replace trigger _900_changes_account_details after update on app_public.addresses
  for each row execute function app_private.record_related_changes('account_details', 'id',
    $$select aa.account_id from app_public.account_addresses aa where aa.address_id = any ($1)
      union
      select p.account_id from app_public.party_addresses pa join app_public.parties p on p.id = pa.party_id
       where pa.address_id = any ($1)$$);
