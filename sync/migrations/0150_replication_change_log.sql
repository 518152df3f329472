-- Replication change log: every write to a replicated table appends (model, document id) to app_private.changes in
-- the writing transaction and notifies channel `app_changes` with {"t": "<model>"}. Devices pull documents
-- "strictly after (txid, seq)", and only below the safe watermark: a change is served once its transaction id is
-- older than every transaction still running (txid < pg_snapshot_xmin(pg_current_snapshot())). A plain sequence or
-- a timestamp would let a long transaction commit a row *behind* a checkpoint a device already holds; below the
-- watermark no new row can ever appear, so (txid, seq) is a checkpoint that cannot skip anything.
-- See docs/REPLICATION.md.

create table app_private.changes (
  seq bigserial primary key,
  txid xid8 not null default pg_current_xact_id(),
  model text not null,
  doc_id uuid not null,
  -- Accounts that may see the document, or just lost sight of it (they must receive its tombstone). NULL means
  -- "any account": the document is then read under row-level security and a reader that cannot see it gets
  -- a tombstone. Admin accounts read every change.
  audience uuid[],
  created_on timestamptz not null default now()
);

create index changes_model_txid_seq on app_private.changes (model, txid, seq);

comment on table app_private.changes is
  'Replication change log: one row per change of a read-model document, ordered by (txid, seq).';

-- The read models devices replicate (RxDB collections). A model is pulled by app_public.pull_documents; its
-- documents are built by app_private.docs_<model>(ids uuid[]) (security invoker: run under the reader''s RLS) and
-- its audience, when known, by app_private.audience_<model>(doc_id uuid) (security definer).
create table app_private.replicated_models (
  model text primary key check (model ~ '^[a-z_]+$')
);

-- snake_case -> camelCase for document keys ('created_on' -> 'createdOn', 'line_1' -> 'line1').
create function app_private.camel_case(name text) returns text
  language sql immutable strict parallel safe
as $$
  select lower(left(replace(initcap(name), '_', ''), 1)) || substr(replace(initcap(name), '_', ''), 2)
$$;

-- A table row as a document: camelCase keys, numerics as strings (exact decimals on the wire), every other value
-- as to_jsonb gives it (uuids and timestamps as strings).
create function app_private.row_document(row_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_object_agg(
    app_private.camel_case(e.key),
    case when a.atttypid = 'numeric'::regtype and jsonb_typeof(e.value) = 'number'
      then to_jsonb(e.value #>> '{}') else e.value end
  ), '{}'::jsonb)
  from jsonb_each(row_json) e
  left join pg_catalog.pg_attribute a on a.attrelid = tbl and a.attname = e.key and not a.attisdropped
$$;

-- Rows of a child table as a JSON array of documents (for read models that embed small child rows).
create function app_private.row_documents(rows_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_agg(app_private.row_document(r, tbl) order by ord), '[]'::jsonb)
  from jsonb_array_elements(coalesce(rows_json, '[]'::jsonb)) with ordinality as x(r, ord)
$$;

-- Accounts named by some columns of a row image.
create function app_private.row_accounts(row_json jsonb, columns text[]) returns uuid[]
  language sql immutable parallel safe
as $$
  select coalesce(array_agg(distinct (row_json ->> c)::uuid), '{}')
  from unnest(columns) c
  where row_json is not null and row_json ->> c is not null
$$;

-- Appends one change for a document of a model (also used by triggers that record revoked visibility).
create function app_private.record_document_change(model text, doc_id uuid, extra_audience uuid[] default '{}')
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
  insert into app_private.changes (model, doc_id, audience) values (model, doc_id, audience);
  -- Identical notifications inside one transaction are folded into one by PostgreSQL.
  perform pg_notify('app_changes', json_build_object('t', model)::text);
end;
$$;

-- Row trigger for a replicated table (or a child table of a read model):
--   tg_argv[0]   model
--   tg_argv[1]   the column holding the document id ('id' for the model's own table, the parent key for a child)
--   tg_argv[2..] columns naming accounts whose sight of the document this row decides: their OLD and NEW values
--                join the audience, so an account that loses sight of the document still receives its tombstone.
create function app_private.record_change() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
declare
  model text := tg_argv[0];
  id_column text := tg_argv[1];
  account_columns text[] := coalesce(tg_argv[2:], '{}');
  new_json jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  extra uuid[] := app_private.row_accounts(old_json, account_columns) || app_private.row_accounts(new_json, account_columns);
  new_id uuid := (new_json ->> id_column)::uuid;
  old_id uuid := (old_json ->> id_column)::uuid;
begin
  if tg_op = 'UPDATE' and new_json = old_json then
    return null;
  end if;
  perform app_private.record_document_change(model, coalesce(new_id, old_id), extra);
  if old_id is distinct from new_id and new_id is not null and old_id is not null then
    -- a child row moved to another parent: both parents changed
    perform app_private.record_document_change(model, old_id, extra);
  end if;
  return null;
end;
$$;

-- Attaches the change trigger to a table (idempotent): app_private.replicate('app_public.assets', 'assets', 'id',
-- array['issuer_id']).
create function app_private.replicate(tbl regclass, model text, id_column text, account_columns text[] default '{}')
  returns void
  language plpgsql volatile
  set search_path = pg_catalog, app_private
as $$
declare
  trigger_name text := format('_900_changes_%s', model);
begin
  insert into app_private.replicated_models (model) values (model) on conflict do nothing;
  execute format('drop trigger if exists %I on %s', trigger_name, tbl);
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function app_private.record_change(%s)',
    trigger_name, tbl,
    (select string_agg(quote_literal(a), ', ') from unnest(array[model, id_column] || account_columns) a)
  );
end;
$$;

-- The next batch of changed documents a reader may need: distinct document ids of `model` changed strictly after
-- the checkpoint and below the safe watermark, in (txid, seq) order, filtered by the reader's account (audience).
-- The scan stops before the change that would add a (lim+1)-th document, so the returned checkpoint never passes a
-- change whose document is not in this batch, and a batch is short only when the log is exhausted (RxDB stops
-- pulling on a short batch). SECURITY DEFINER because app_user cannot read the log. PL/pgSQL so the loop reads the
-- index incrementally instead of materialising every change after the checkpoint.
create function app_private.next_changes(model text, after_txid xid8, after_seq bigint, lim integer,
  out doc_ids uuid[], out txid xid8, out seq bigint)
  language plpgsql stable security definer
  set search_path = pg_catalog, app_private
as $$
declare
  change record;
  account uuid := app_private.current_account_id();
  sees_all boolean := app_private.current_account_type() = 'admin';
  watermark xid8 := pg_snapshot_xmin(pg_current_snapshot());
begin
  doc_ids := '{}';
  txid := after_txid;
  seq := after_seq;
  for change in
    select c.txid, c.seq, c.doc_id, c.audience
    from app_private.changes c
    where c.model = next_changes.model
      and (c.txid, c.seq) > (after_txid, after_seq)
      and c.txid < watermark
    order by c.txid, c.seq
  loop
    if sees_all or change.audience is null or account = any (change.audience) then
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

-- The safe watermark itself, for tests and diagnostics: changes with a txid below it are final.
create function app_private.replication_watermark() returns xid8
  language sql stable
as $$
  select pg_snapshot_xmin(pg_current_snapshot())
$$;

-- Pull for RxDB: up to `lim` distinct documents of `model` changed strictly after the checkpoint (after_txid,
-- after_seq), each in its current state read under the reader's row-level security; a document the reader cannot
-- see (deleted, or out of its account's sight) comes as {id, _deleted: true}.
-- Returns {documents: [...], checkpoint: {txid, seq}} (the given checkpoint when nothing is new).
create function app_public.pull_documents(model text, after_txid text, after_seq bigint, lim integer)
  returns jsonb
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  batch record;
  docs jsonb := '[]';
begin
  if app_private.current_account_id() is null then
    raise exception 'Not signed in to an account' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_private.replicated_models m where m.model = pull_documents.model) then
    raise exception 'Unknown read model %', model using errcode = 'LL404';
  end if;
  select * into batch from app_private.next_changes(
    model,
    coalesce(nullif(after_txid, ''), '0')::xid8,
    coalesce(after_seq, 0),
    least(greatest(coalesce(lim, 100), 1), 1000)
  );
  if cardinality(batch.doc_ids) > 0 then
    execute format(
      $q$
        select coalesce(jsonb_agg(coalesce(d.doc, jsonb_build_object('id', i.id, '_deleted', true)) order by i.ord), '[]')
        from unnest($1) with ordinality as i(id, ord)
        left join app_private.docs_%s($1) d on d.id = i.id
      $q$, model)
      into docs using batch.doc_ids;
  end if;
  return jsonb_build_object(
    'documents', docs,
    'checkpoint', jsonb_build_object('txid', batch.txid::text, 'seq', batch.seq)
  );
end;
$$;

comment on function app_public.pull_documents(text, text, bigint, integer) is
  'Replication pull: documents of a read model changed after a checkpoint, below the safe watermark, under RLS.';

-- Documents carry `_deleted: false` and `updatedOn`; builders add them through this helper.
create function app_private.live_document(doc jsonb) returns jsonb
  language sql immutable parallel safe
as $$
  select doc || jsonb_build_object('_deleted', false)
$$;

-- Drops changes superseded by a later change of the same document below the watermark (safe at any time: the
-- later change is after every checkpoint the earlier one could be after, so its document is still delivered).
create function app_private.compact_changes() returns bigint
  language sql volatile
  set search_path = pg_catalog, app_private
as $$
  with doomed as (
    delete from app_private.changes c
    using app_private.changes later
    where later.model = c.model
      and later.doc_id = c.doc_id
      and (later.txid, later.seq) > (c.txid, c.seq)
      and later.txid < pg_snapshot_xmin(pg_current_snapshot())
      and (later.audience is null or (c.audience is not null and later.audience @> c.audience))
    returning 1
  )
  select count(*) from doomed
$$;

grant usage on schema app_private to app_user;
grant execute on function app_private.next_changes(text, xid8, bigint, integer) to app_user;
grant execute on function app_private.camel_case(text) to app_user;
grant execute on function app_private.row_document(jsonb, regclass) to app_user;
grant execute on function app_private.row_documents(jsonb, regclass) to app_user;
grant execute on function app_private.live_document(jsonb) to app_user;
grant execute on function app_private.replication_watermark() to app_user;
grant execute on function app_public.pull_documents(text, text, bigint, integer) to app_user;
grant select on app_private.replicated_models to app_user;
