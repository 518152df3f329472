-- The audiences of the replicated documents: audience_<model>(id) names the accounts that may see a document
-- (stored with each change so a reader scans only the changes meant for it; row-level security still decides),
-- audience_types the account types that see a document by type alone (every broker sees every asset, round and
-- security; a document shared to investors); and the triggers that record changes when who may see what changes
-- (visibility grants, memberships, document sharings, a round's staff).

create or replace function app_private.audience_types(model text, doc_id uuid)
  returns text[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select case model
    when 'assets' then array['broker']
    when 'rounds' then array['broker']
    when 'securities' then array['broker']
    when 'documents' then (select array_agg(s.to_role) from app_public.document_sharings s where s.document_id = doc_id)
    when 'accounts' then (select case when a.type in ('issuer', 'broker', 'ats')
                                      then array['issuer', 'broker', 'ats', 'agent'] end
                          from app_public.accounts a where a.id = doc_id)
  end
$function$;

create or replace function app_private.audience_accounts(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with investor_allocations as (
    select d.allocation_id from app_public.distributions d where d.investor_id = doc_id
  ), investor_rounds as (
    select al.round_id from app_public.allocations al where al.id in (select allocation_id from investor_allocations)
    union select h.round_id from app_public.holdings h where h.investor_id = doc_id
  ), owned_rounds as (
    select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = doc_id
  )
  select array(
    select doc_id
    union select ua2.account_id from app_public.users_accounts ua1
      join app_public.users_accounts ua2 on ua2.user_id = ua1.user_id where ua1.account_id = doc_id
    union select c.account_id from app_public.customers c where c.investor_id = doc_id
    union select m.manager_id from app_public.managed_accounts m where m.account_id = doc_id
    -- who sees an investor: its allocations' owners and agents, its rounds' issuers, brokers and exchanges
    union select al.owner_id from app_public.allocations al where al.id in (select allocation_id from investor_allocations)
    union select l.agent_id from app_public.allocation_offering_links l
      where l.allocation_id in (select allocation_id from investor_allocations) and l.agent_id is not null
    union select a.issuer_id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
      where r.id in (select round_id from investor_rounds)
    union select b.broker_id from app_public.broker_allocations b where b.round_id in (select round_id from investor_rounds)
    union select sl.exchange_id from app_public.rounds r join app_public.security_listings sl on sl.security_id = r.security_id
      where r.id in (select round_id from investor_rounds)
    -- who an issuer or allocation owner is seen by: the investors it deals with
    union select d.investor_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      where al.owner_id = doc_id or al.round_id in (select id from owned_rounds)
    union select h.investor_id from app_public.holdings h where h.round_id in (select id from owned_rounds)
  )
$function$;

create or replace function app_private.audience_allocations(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select al.owner_id from app_public.allocations al where al.id = doc_id
    union select a.issuer_id from app_public.allocations al
      join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id where al.id = doc_id
    union select b.broker_id from app_public.allocations al
      join app_public.broker_allocations b on b.round_id = al.round_id where al.id = doc_id
    union select l.agent_id from app_public.allocation_offering_links l where l.allocation_id = doc_id and l.agent_id is not null
    union select d.investor_id from app_public.distributions d where d.allocation_id = doc_id
  )
$function$;

create or replace function app_private.audience_assets(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select array(
    select a.issuer_id from app_public.assets a where a.id = doc_id
    union select unnest(app_private.audience_rounds(r.id)) from app_public.rounds r where r.asset_id = doc_id
  )
$function$;

create or replace function app_private.audience_broker_allocations(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select b.broker_id from app_public.broker_allocations b where b.id = doc_id
    union select a.issuer_id from app_public.broker_allocations b
      join app_public.rounds r on r.id = b.round_id join app_public.assets a on a.id = r.asset_id where b.id = doc_id
  )
$function$;

create or replace function app_private.audience_customers(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select c.account_id from app_public.customers c where c.id = doc_id
               union select c.investor_id from app_public.customers c where c.id = doc_id)
$function$;

create or replace function app_private.audience_distributions(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select d.investor_id from app_public.distributions d where d.id = doc_id
    union select al.owner_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id where d.id = doc_id
    union select a.issuer_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id where d.id = doc_id
    union select b.broker_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.broker_allocations b on b.round_id = al.round_id where d.id = doc_id
    union select l.agent_id from app_public.distributions d
      join app_public.allocation_offering_links l on l.allocation_id = d.allocation_id
      where d.id = doc_id and l.agent_id is not null
  )
$function$;

create or replace function app_private.audience_documents(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select array(
    select d.uploaded_by_id from app_public.documents d where d.id = doc_id
    union select unnest(app_private.audience_securities(d.security_id)) from app_public.documents d
      where d.id = doc_id and d.security_id is not null
    union select unnest(app_private.audience_holdings(d.holding_id)) from app_public.documents d
      where d.id = doc_id and d.holding_id is not null
  )
$function$;

create or replace function app_private.audience_holdings(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select array(
    select h.investor_id from app_public.holdings h where h.id = doc_id
    union select s.issuer_id from app_public.holdings h join app_public.securities s on s.id = h.security_id where h.id = doc_id
    union select a.issuer_id from app_public.holdings h
      join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id where h.id = doc_id
    union select b.broker_id from app_public.holdings h
      join app_public.broker_allocations b on b.round_id = h.round_id where h.id = doc_id
    union select sl.exchange_id from app_public.holdings h
      join app_public.security_listings sl on sl.security_id = h.security_id where h.id = doc_id
    union select unnest(app_private.audience_distributions(h.distribution_id)) from app_public.holdings h
      where h.id = doc_id and h.distribution_id is not null
  )
$function$;

create or replace function app_private.audience_rounds(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select a.issuer_id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where r.id = doc_id
    union select al.owner_id from app_public.allocations al where al.round_id = doc_id
    union select b.broker_id from app_public.broker_allocations b where b.round_id = doc_id
    union select l.agent_id from app_public.allocation_offering_links l
      join app_public.allocations al on al.id = l.allocation_id where al.round_id = doc_id and l.agent_id is not null
    union select d.investor_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id where al.round_id = doc_id
    union select h.investor_id from app_public.holdings h where h.round_id = doc_id
    union select sl.exchange_id from app_public.rounds r
      join app_public.security_listings sl on sl.security_id = r.security_id where r.id = doc_id
  )
$function$;

create or replace function app_private.audience_securities(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select array(
    select s.issuer_id from app_public.securities s where s.id = doc_id
    union select sl.exchange_id from app_public.security_listings sl where sl.security_id = doc_id
    union select h.investor_id from app_public.holdings h where h.security_id = doc_id
    union select unnest(app_private.audience_rounds(r.id)) from app_public.rounds r where r.security_id = doc_id
  )
$function$;

create or replace function app_private.audience_transactions(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select t.issuer_id from app_public.transactions t where t.id = doc_id
    union select t.broker_id from app_public.transactions t where t.id = doc_id and t.broker_id is not null
    union select b.broker_id from app_public.transactions t
      join app_public.broker_allocations b on b.round_id = t.round_id where t.id = doc_id
    union select e.investor_id from app_public.ledger_entries e where e.transaction_id = doc_id
  )
$function$;

create or replace function app_private.record_grant_change(model text, doc_id uuid, accounts uuid[])
  returns void
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  audience uuid[] := array(select distinct a from unnest(accounts) a where a is not null);
begin
  if doc_id is null or cardinality(audience) = 0 then
    return;
  end if;
  insert into app_private.changes (model, doc_id, audience) values (model, doc_id, audience);
  perform pg_notify('app_changes', json_build_object('t', model, 'x', pg_current_xact_id()::text)::text);
end;
$function$;

create or replace function app_private.record_round_changes(round_id uuid, accounts uuid[])
  returns void
  language sql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select app_private.record_grant_change('rounds', r.id, accounts) from app_public.rounds r where r.id = round_id;
  select app_private.record_grant_change('assets', r.asset_id, accounts) from app_public.rounds r where r.id = round_id;
  select app_private.record_grant_change('securities', r.security_id, accounts)
  from app_public.rounds r where r.id = round_id and r.security_id is not null;
$function$;

create or replace function app_private.tg__visibility_grants()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  new_json jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  row_json jsonb := coalesce(new_json, old_json);
  accounts uuid[];
  round uuid;
begin
  case tg_table_name
  when 'distributions' then
    if tg_op = 'UPDATE' and (new_json -> 'investor_id', new_json -> 'allocation_id')
        is not distinct from (old_json -> 'investor_id', old_json -> 'allocation_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['investor_id']) || app_private.row_accounts(new_json, array['investor_id']);
    perform app_private.record_grant_change('allocations', (row_json ->> 'allocation_id')::uuid, accounts);
    select al.round_id into round from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_round_changes(round, accounts);
    -- the vendors now see the investor's account
    perform app_private.record_grant_change('accounts', (row_json ->> 'investor_id')::uuid,
      app_private.audience_distributions((row_json ->> 'id')::uuid));
  when 'holdings' then
    if tg_op = 'UPDATE' and new_json -> 'investor_id' is not distinct from old_json -> 'investor_id' then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['investor_id']) || app_private.row_accounts(new_json, array['investor_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
    perform app_private.record_grant_change('securities', (row_json ->> 'security_id')::uuid, accounts);
  when 'allocations' then
    if tg_op = 'UPDATE' and (new_json -> 'owner_id', new_json -> 'round_id')
        is not distinct from (old_json -> 'owner_id', old_json -> 'round_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['owner_id']) || app_private.row_accounts(new_json, array['owner_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
  when 'broker_allocations' then
    if tg_op = 'UPDATE' and (new_json -> 'status', new_json -> 'broker_id')
        is not distinct from (old_json -> 'status', old_json -> 'broker_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['broker_id']) || app_private.row_accounts(new_json, array['broker_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
    perform app_private.record_grant_change('accounts', (row_json ->> 'broker_id')::uuid,
      app_private.audience_broker_allocations((row_json ->> 'id')::uuid));
    perform app_private.record_grant_change('allocations', al.id, accounts)
    from app_public.allocations al where al.round_id = (row_json ->> 'round_id')::uuid;
    perform app_private.record_grant_change('distributions', d.id, accounts)
    from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where al.round_id = (row_json ->> 'round_id')::uuid;
  when 'allocation_offering_links' then
    accounts := app_private.row_accounts(old_json, array['agent_id']) || app_private.row_accounts(new_json, array['agent_id']);
    if cardinality(accounts) = 0 then
      return null;
    end if;
    perform app_private.record_grant_change('distributions', d.id, accounts)
    from app_public.distributions d where d.allocation_id = (row_json ->> 'allocation_id')::uuid;
    select al.round_id into round from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_round_changes(round, accounts);
  when 'security_listings' then
    accounts := app_private.row_accounts(old_json, array['exchange_id']) || app_private.row_accounts(new_json, array['exchange_id']);
    perform app_private.record_round_changes(r.id, accounts)
    from app_public.rounds r where r.security_id = (row_json ->> 'security_id')::uuid;
    perform app_private.record_grant_change('accounts', (row_json ->> 'exchange_id')::uuid,
      app_private.audience_securities((row_json ->> 'security_id')::uuid));
  when 'customers' then
    perform app_private.record_grant_change('accounts', (row_json ->> 'investor_id')::uuid,
      app_private.row_accounts(row_json, array['account_id', 'investor_id']));
  else
    raise exception 'tg__visibility_grants: unexpected table %', tg_table_name;
  end case;
  return null;
end;
$function$;

create or replace function app_private.tg__visibility_grants_more()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  row_json jsonb := to_jsonb(coalesce(new, old));
  accounts uuid[];
  investor uuid := (row_json ->> 'investor_id')::uuid;
begin
  if tg_table_name = 'broker_allocations' then
    if tg_op = 'UPDATE' and new.status is not distinct from old.status and new.broker_id is not distinct from old.broker_id then
      return null;
    end if;
    accounts := array(select distinct a from unnest(array[(to_jsonb(old) ->> 'broker_id')::uuid, (to_jsonb(new) ->> 'broker_id')::uuid]) a
                      where a is not null);
    perform app_private.record_grant_change('holdings', h.id, accounts)
    from app_public.holdings h where h.round_id = (row_json ->> 'round_id')::uuid;
    perform app_private.record_grant_change('transactions', t.id, accounts)
    from app_public.transactions t where t.round_id = (row_json ->> 'round_id')::uuid;
  elsif tg_table_name = 'distributions' then
    if tg_op = 'UPDATE' and new.allocation_id is not distinct from old.allocation_id
        and new.investor_id is not distinct from old.investor_id then
      return null;
    end if;
    -- the investor now sees the allocation owner's and the issuer's accounts
    perform app_private.record_grant_change('accounts', al.owner_id, array[investor])
    from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_grant_change('accounts', a.issuer_id, array[investor])
    from app_public.allocations al join app_public.rounds r on r.id = al.round_id
      join app_public.assets a on a.id = r.asset_id
    where al.id = (row_json ->> 'allocation_id')::uuid;
  end if;
  return null;
end;
$function$;

create or replace function app_private.tg_document_sharings__types()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  doc uuid := coalesce(new.document_id, old.document_id);
  types text[] := array(select distinct t from unnest(array[old.to_role, new.to_role]
                                                    || app_private.audience_types('documents', doc)) t
                        where t is not null);
begin
  insert into app_private.changes (model, doc_id, audience, audience_types)
    select 'documents', doc, app_private.audience_documents(doc), types;
  perform pg_notify('app_changes', json_build_object('t', 'documents', 'x', pg_current_xact_id()::text)::text);
  return null;
end;
$function$;

create or replace function app_private.tg_users_accounts__changes()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  member uuid := coalesce(new.user_id, old.user_id);
  changed uuid := coalesce(new.account_id, old.account_id);
  others uuid[] := array(select ua.account_id from app_public.users_accounts ua where ua.user_id = member);
begin
  if tg_op = 'UPDATE' and (new.status, new.account_id, new.user_id) is not distinct from (old.status, old.account_id, old.user_id) then
    return null;
  end if;
  perform app_private.record_grant_change('accounts', changed, others || changed);
  perform app_private.record_grant_change('accounts', o, array[changed]) from unnest(others) o where o <> changed;
  return null;
end;
$function$;

-- Where these functions fire.
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.allocation_offering_links FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.allocations FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.broker_allocations FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _921_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.broker_allocations FOR EACH ROW
  execute function app_private.tg__visibility_grants_more();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE ON app_public.customers FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.distributions FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _921_visibility_grants AFTER INSERT OR UPDATE ON app_public.distributions FOR EACH ROW
  execute function app_private.tg__visibility_grants_more();
create or replace trigger _930_sharing_types AFTER INSERT OR DELETE OR UPDATE ON app_public.document_sharings FOR EACH ROW
  execute function app_private.tg_document_sharings__types();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.holdings FOR EACH ROW
  execute function app_private.tg__visibility_grants();
create or replace trigger _920_visibility_grants AFTER INSERT OR DELETE OR UPDATE ON app_public.security_listings FOR EACH ROW
  execute function app_private.tg__visibility_grants();

-- Where tg_users_accounts__changes fires.
CREATE OR REPLACE TRIGGER _900_changes_accounts AFTER INSERT OR DELETE OR UPDATE ON app_public.users_accounts FOR EACH ROW EXECUTE FUNCTION app_private.tg_users_accounts__changes();
