-- The pull endpoint's SQL (issue 8; sync/http/pull.ts, POST /api/v2/pull). The same pull as
-- app_public.pull_documents - same checks, same change-log scan, the same builder under the caller's row-level
-- security - answered as JSON text, byte for byte what `pull_documents(...)::text` prints. The page is joined as text
-- (string_agg of each document's text) instead of being aggregated into one jsonb array, wrapped into another jsonb
-- object and then printed: for a page of 1,000 documents that copying was about a fifth of the pull's time.
-- pull_documents stays as it is for GraphQL (pullDocuments); tests/server/pull-endpoint.test.ts compares both, page
-- by page, for every read model as an issuer, an investor and an agent. Keep the two in step.
-- In app_private so that it is not a GraphQL field; security invoker: the request's role and claims decide.
create function app_private.pull_documents_text(model text, after_txid text, after_seq bigint, lim integer)
  returns text
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  batch record;
  docs text;
begin
  if app_private.current_account_id() is null then
    raise exception 'Not signed in to an account' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_private.replicated_models m where m.model = pull_documents_text.model) then
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
        select string_agg(coalesce(d.doc, jsonb_build_object('id', i.id, '_deleted', true))::text, ', ' order by i.ord)
        from unnest($1) with ordinality as i(id, ord)
        left join app_private.docs_%s($1) d on d.id = i.id
      $q$, model)
      into docs using batch.doc_ids;
  end if;
  -- jsonb prints an object's keys shortest first: "documents" before "checkpoint", "seq" before "txid".
  return '{"documents": [' || coalesce(docs, '') || '], "checkpoint": '
    || jsonb_build_object('txid', batch.txid::text, 'seq', batch.seq)::text || '}';
end;
$$;

comment on function app_private.pull_documents_text(text, text, bigint, integer) is
  'pull_documents as JSON text (the pull endpoint): the same documents and checkpoint, printed as jsonb prints them.';

grant execute on function app_private.pull_documents_text(text, text, bigint, integer) to app_user;
