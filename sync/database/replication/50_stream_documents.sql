-- The change itself in the stream (issue 33 item 1, a first model behind a setting: docs/SERVER.md "Live updates",
-- "The change in the stream"). app_private.stream_documents(model, txid) gives the documents of one committed
-- transaction's changes of `model` that the reader's pull would give it, as the pull builds them: the ids of the
-- transaction's change rows addressed to the reader by next_changes' rule (stream_change_ids), each built by
-- app_private.docs_<model> under the reader's row-level security, or {id, _deleted: true} when the reader cannot see
-- it (deleted, or taken from its sight). A JSON array as text. The server's change stream calls it once per
-- transaction, model and reader (user, account, account type, role) with that reader's claims, and sends the array
-- to the reader's sockets. Every read model: the ready models' documents (holdings, distributions, transactions) are
-- built here under the reader's row-level security too, which gives what the pull's ready text gives a reader who
-- sees the document whole (tests/db/ready-docs.test.ts), at the builder's cost instead of a read of stored text.
-- Security invoker: the caller's role and claims decide.

-- The doc ids of the transaction's changes of `model` addressed to the reader: next_changes' rule for one txid (an
-- admin every change; a change without audience for everyone; the reader's account when its role reads the model,
-- role_reads_model; the reader's account type in the change's audience types).
create or replace function app_private.stream_change_ids(model text, change_txid xid8)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select coalesce(array_agg(distinct c.doc_id order by c.doc_id), '{}')
  from app_private.changes c
  where c.model = stream_change_ids.model and c.txid = change_txid
    and (app_private.current_account_type() = 'admin' or c.audience is null
         or (app_private.role_reads_model(stream_change_ids.model)
             and app_private.current_account_id() = any (c.audience))
         or app_private.current_account_type() = any (c.audience_types))
$function$;
grant execute on function app_private.stream_change_ids(text, xid8) to app_user;

create or replace function app_private.stream_documents(model text, change_txid xid8)
  returns text
  language plpgsql stable security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  ids uuid[];
  docs text;
begin
  if app_private.current_account_id() is null then
    raise exception 'Not signed in to an account' using errcode = 'LL401';
  end if;
  if not exists (select 1 from app_private.replicated_models m where m.model = stream_documents.model) then
    raise exception 'No stream documents for the read model %', model using errcode = 'LL404';
  end if;
  ids := app_private.stream_change_ids(model, change_txid);
  if cardinality(ids) > 0 then
    execute format(
      $q$
        select string_agg(coalesce(d.doc, jsonb_build_object('id', i.id, '_deleted', true))::text, ', ' order by i.ord)
        from unnest($1) with ordinality as i(id, ord)
        left join app_private.docs_%s($1) d on d.id = i.id
      $q$, model)
      into docs using ids;
  end if;
  return '[' || coalesce(docs, '') || ']';
end;
$$;
grant execute on function app_private.stream_documents(text, xid8) to app_user;
