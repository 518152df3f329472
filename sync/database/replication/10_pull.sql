-- The pull (RxDB replication), stated once. app_private.pull_documents_text is the pull endpoint's SQL
-- (sync/http/pull.ts, POST /api/v2/pull): up to `lim` distinct documents of `model` changed strictly after the
-- checkpoint (after_txid, after_seq), each in its current state built by app_private.docs_<model> under the
-- reader's row-level security; a document the reader cannot see (deleted, or out of its account's sight) comes as
-- {id, _deleted: true}. The answer is {documents: [...], checkpoint: {txid, seq}} (the given checkpoint when nothing
-- is new), printed as jsonb prints it: the page is joined as text (string_agg of each document's text) instead of
-- being aggregated into one jsonb array, wrapped into another object and printed, about a fifth of the time for a
-- page of 1,000 documents. The heavy models' documents a reader sees whole come as ready text, built once per change
-- (replication/40_ready_documents.sql), or while not ready (a cold store) built as the fill builds them, without
-- row-level security (ready_take); the rest are built here under the reader's row-level security. A page whose
-- documents are all seen whole and ready (an issuer's holdings, once filled) is the stored texts joined in one
-- statement (ready_page), without the page-wide joins the mixed case needs.
-- app_public.pull_documents (GraphQL pullDocuments) is the same answer as jsonb.
-- Security invoker: the request's role and claims decide.

-- The documents of these ids of `model` (a replicated model: the callers check), in the ids' order, built by
-- app_private.docs_<model> under the reader's row-level security, one the reader cannot see as {id, _deleted: true};
-- their texts joined by ', ', null for no ids. Shared by the pull and the change stream (50_stream_documents.sql).
create or replace function app_private.built_documents_text(model text, ids uuid[])
  returns text
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  docs text;
begin
  execute format(
    $q$
      select string_agg(coalesce(d.doc, jsonb_build_object('id', i.id, '_deleted', true))::text, ', ' order by i.ord)
      from unnest($1) with ordinality as i(id, ord)
      left join app_private.docs_%s($1) d on d.id = i.id
    $q$, model)
    into docs using ids;
  return docs;
end;
$$;
grant execute on function app_private.built_documents_text(text, uuid[]) to app_user;

-- Who reads a model's documents, by the pull or the change stream: an account signed in ('Not signed in to an
-- account', LL401) and a replicated model (else LL404, `unknown` with the model's name for its %s: each caller's words).
create or replace function app_private.require_model_reader(model text, unknown text)
  returns void
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_private
as $$
begin
  if app_private.current_account_id() is null then
    raise exception 'Not signed in to an account' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_private.replicated_models m where m.model = require_model_reader.model) then
    raise exception '%', format(unknown, model) using errcode = 'LL404';
  end if;
end;
$$;
grant execute on function app_private.require_model_reader(text, text) to app_user;

create or replace function app_private.pull_documents_text(model text, after_txid text, after_seq bigint, lim integer)
  returns text
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  batch record;
  docs text;
  missing bigint;
  -- the page's ready texts (ready_page): all of them, how many are ready, how many the reader sees whole
  ready_docs text;
  ready_count bigint;
  whole_count bigint;
  -- documents ready_take gave a page seen whole
  taken bigint;
begin
  perform app_private.require_model_reader(model, 'Unknown read model %s');
  select * into batch from app_private.next_changes(
    model,
    coalesce(nullif(after_txid, ''), '0')::xid8,
    coalesce(after_seq, 0),
    least(greatest(coalesce(lim, 100), 1), 1000)
  );
  if cardinality(batch.doc_ids) > 0 and model = any (app_private.ready_models()) then
    select p.docs, p.ready, p.whole into ready_docs, ready_count, whole_count from app_private.ready_page(model, batch.doc_ids) p;
    perform set_config('ledgerline.ready_missing', '0', true);
  end if;
  if ready_count = cardinality(batch.doc_ids) then
    -- Every document of the page seen whole and ready (the common page): its stored texts in the page's order.
    docs := ready_docs;
  elsif whole_count = cardinality(batch.doc_ids) then
    -- Every document seen whole, some not ready (a cold store): those built here as the fill builds them, without
    -- row-level security (ready_take), in the page's order; should ready_take not give every one, as below.
    select string_agg(t.doc, ', ' order by i.ord), count(*) into docs, taken
    from unnest(batch.doc_ids) with ordinality as i(id, ord)
      join app_private.ready_take(model, batch.doc_ids) t on t.id = i.id;
  end if;
  if taken = cardinality(batch.doc_ids) or ready_count = cardinality(batch.doc_ids) then
    null;
  elsif whole_count > 0 then
    -- Ready text for the documents this reader sees whole (replication/40_ready_documents.sql), the builder for the
    -- rest. Those seen whole but not ready are built without row-level security as the fill builds them
    -- (ready_take); how many were not ready goes to ledgerline.ready_missing (the endpoint then asks for the fill).
    execute format(
      $q$
        with ready as materialized (
          select * from app_private.ready_texts($2, $1) where $3
          union all
          select t.id, t.doc from app_private.ready_take($2, $1) t where not $3),
        rest as (select array(select i from unnest($1) i except select r.id from ready r where r.doc is not null) as ids),
        built as (
          select d.id, d.doc::text as doc
          from rest cross join lateral app_private.docs_%s(rest.ids) d
          where cardinality(rest.ids) > 0)
        select string_agg(coalesce(r.doc, b.doc, jsonb_build_object('id', i.id, '_deleted', true)::text), ', '
                          order by i.ord),
               (select count(*) from ready r where r.doc is null)
        from unnest($1) with ordinality as i(id, ord)
          left join ready r on r.id = i.id
          left join built b on b.id = i.id
      $q$, model)
      into docs, missing using batch.doc_ids, model, ready_count = whole_count;
    if ready_count < whole_count then
      missing := missing + coalesce(nullif(current_setting('ledgerline.ready_missing', true), '')::bigint, 0);
    end if;
    perform set_config('ledgerline.ready_missing', missing::text, true);
  elsif cardinality(batch.doc_ids) > 0 then
    docs := app_private.built_documents_text(model, batch.doc_ids);
  end if;
  -- jsonb prints an object's keys shortest first: "documents" before "checkpoint", "seq" before "txid".
  return '{"documents": [' || coalesce(docs, '') || '], "checkpoint": '
    || jsonb_build_object('txid', batch.txid::text, 'seq', batch.seq)::text || '}';
end;
$$;

comment on function app_private.pull_documents_text(text, text, bigint, integer) is
  'pull_documents as JSON text (the pull endpoint): the same documents and checkpoint, printed as jsonb prints them.';

grant execute on function app_private.pull_documents_text(text, text, bigint, integer) to app_user;

create or replace function app_public.pull_documents(model text, after_txid text, after_seq bigint, lim integer)
  returns jsonb
  language sql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
  select app_private.pull_documents_text(model, after_txid, after_seq, lim)::jsonb
$$;

comment on function app_public.pull_documents(text, text, bigint, integer) is
  'Replication pull: documents of a read model changed after a checkpoint, below the safe watermark, under RLS.';

grant execute on function app_public.pull_documents(text, text, bigint, integer) to app_user;
