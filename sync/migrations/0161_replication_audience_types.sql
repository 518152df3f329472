-- Audiences by account type. Row-level security (0010_rls.sql) lets some account types see documents by type
-- alone: every broker sees every asset, round and security; a document shared "to_role" investor is for investors.
-- Such a document's change carries those types in audience_types, and a reader of one of those types scans it
-- (then RLS decides, as always). Also: holdings and transactions follow a broker's accepted invitation, and an
-- investor's new distribution shows it the allocation owner's and issuer's accounts.

alter table app_private.changes add column audience_types text[];

-- Account types that may see a document of a model by type alone (NULL: none beyond its audience).
create function app_private.audience_types(model text, doc_id uuid) returns text[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select case model
    when 'assets' then array['broker']
    when 'rounds' then array['broker']
    when 'securities' then array['broker']
    when 'documents' then (select array_agg(s.to_role) from app_public.document_sharings s where s.document_id = doc_id)
  end
$$;

create or replace function app_private.record_document_change(model text, doc_id uuid, extra_audience uuid[] default '{}')
  returns void
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
declare
  audience uuid[];
begin
  if doc_id is null then
    return;
  end if;
  if to_regprocedure(format('app_private.audience_%s(uuid)', model)) is not null then
    execute format('select app_private.audience_%s($1)', model) into audience using doc_id;
    audience := array(select distinct a from unnest(coalesce(audience, '{}') || extra_audience) a where a is not null);
  end if;
  insert into app_private.changes (model, doc_id, audience, audience_types)
    values (model, doc_id, audience, app_private.audience_types(model, doc_id));
  -- Identical notifications inside one transaction are folded into one by PostgreSQL.
  perform pg_notify('app_changes', json_build_object('t', model)::text);
end;
$$;

create or replace function app_private.next_changes(model text, after_txid xid8, after_seq bigint, lim integer,
  out doc_ids uuid[], out txid xid8, out seq bigint)
  language plpgsql stable security definer
  set search_path = pg_catalog, app_private
as $$
declare
  change record;
  account uuid := app_private.current_account_id();
  account_type text := app_private.current_account_type();
  sees_all boolean := app_private.current_account_type() = 'admin';
  watermark xid8 := pg_snapshot_xmin(pg_current_snapshot());
begin
  doc_ids := '{}';
  txid := after_txid;
  seq := after_seq;
  for change in
    select c.txid, c.seq, c.doc_id, c.audience, c.audience_types
    from app_private.changes c
    where c.model = next_changes.model
      and (c.txid, c.seq) > (after_txid, after_seq)
      and c.txid < watermark
    order by c.txid, c.seq
  loop
    if sees_all or change.audience is null or account = any (change.audience)
        or account_type = any (change.audience_types) then
      if not change.doc_id = any (doc_ids) then
        exit when cardinality(doc_ids) >= lim;
        doc_ids := doc_ids || change.doc_id;
      end if;
    end if;
    txid := change.txid;
    seq := change.seq;
  end loop;
end;
$$;

-- Holdings are seen by the issuer of their round's asset and by brokers who accepted the round.
create or replace function app_private.audience_holdings(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;

-- Transactions of a round are seen by the brokers of that round.
create or replace function app_private.audience_transactions(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select t.issuer_id from app_public.transactions t where t.id = doc_id
    union select t.broker_id from app_public.transactions t where t.id = doc_id and t.broker_id is not null
    union select b.broker_id from app_public.transactions t
      join app_public.broker_allocations b on b.round_id = t.round_id where t.id = doc_id
    union select e.investor_id from app_public.ledger_entries e where e.transaction_id = doc_id
  )
$$;

-- A sharing changes who may see a document by type: its old audience types must get the tombstone too.
create function app_private.tg_document_sharings__types() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  doc uuid := coalesce(new.document_id, old.document_id);
  types text[] := array(select distinct t from unnest(array[old.to_role, new.to_role]
                                                    || app_private.audience_types('documents', doc)) t
                        where t is not null);
begin
  insert into app_private.changes (model, doc_id, audience, audience_types)
    select 'documents', doc, app_private.audience_documents(doc), types;
  perform pg_notify('app_changes', json_build_object('t', 'documents')::text);
  return null;
end;
$$;
create trigger _930_sharing_types after insert or update or delete on app_public.document_sharings
  for each row execute function app_private.tg_document_sharings__types();

-- Extends the visibility grants of 0160: a broker's accepted (or rejected) invitation also shows (or hides) the
-- round's holdings and transactions; an investor's distribution shows the allocation owner's and issuer's accounts.
create function app_private.tg__visibility_grants_more() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  row_json jsonb := to_jsonb(coalesce(new, old));
  accounts uuid[];
begin
  if tg_table_name = 'broker_allocations' then
    if tg_op = 'UPDATE' and new.status is not distinct from old.status and new.broker_id is not distinct from old.broker_id then
      return null;
    end if;
    accounts := array(select distinct a from unnest(array[(to_jsonb(old) ->> 'broker_id')::uuid, (to_jsonb(new) ->> 'broker_id')::uuid]) a
                      where a is not null);
    perform app_private.record_document_change('holdings', h.id, accounts)
    from app_public.holdings h where h.round_id = (row_json ->> 'round_id')::uuid;
    perform app_private.record_document_change('transactions', t.id, accounts)
    from app_public.transactions t where t.round_id = (row_json ->> 'round_id')::uuid;
  elsif tg_table_name = 'distributions' then
    if tg_op = 'UPDATE' and new.allocation_id is not distinct from old.allocation_id then
      return null;
    end if;
    perform app_private.record_document_change('accounts', al.owner_id)
    from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_document_change('accounts', a.issuer_id)
    from app_public.allocations al join app_public.rounds r on r.id = al.round_id
      join app_public.assets a on a.id = r.asset_id
    where al.id = (row_json ->> 'allocation_id')::uuid;
  end if;
  return null;
end;
$$;
create trigger _921_visibility_grants after insert or update or delete on app_public.broker_allocations
  for each row execute function app_private.tg__visibility_grants_more();
create trigger _921_visibility_grants after insert or update on app_public.distributions
  for each row execute function app_private.tg__visibility_grants_more();
