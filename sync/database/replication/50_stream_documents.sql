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
  perform app_private.require_model_reader(model, 'No stream documents for the read model %s');
  ids := app_private.stream_change_ids(model, change_txid);
  if cardinality(ids) > 0 then
    docs := app_private.built_documents_text(model, ids);
  end if;
  return '[' || coalesce(docs, '') || ']';
end;
$$;
grant execute on function app_private.stream_documents(text, xid8) to app_user;

-- Several server processes on one PostgreSQL (issue 33 item 4): each process hears every change and serves its own
-- sockets, but a reader's documents of a change are built once, whichever process builds them first. The reader key
-- is what the pull's answer depends on (the policies and builders read nothing else of the session).
create or replace function app_private.stream_reader_key()
  returns text
  language sql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select concat_ws('/', app_private.current_user_id(), app_private.current_account_id(),
                   app_private.current_account_type(), app_private.current_account_role())
$function$;
grant execute on function app_private.stream_reader_key() to app_user;

-- The documents another process built for the caller's own reader key (app_private.stream_builds, 2040), or null.
create or replace function app_private.stream_build_taken(model text, change_txid xid8)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select b.docs from app_private.stream_builds b
  where b.txid = change_txid and b.model = stream_build_taken.model and b.reader = app_private.stream_reader_key()
$function$;
grant execute on function app_private.stream_build_taken(text, xid8) to app_user;

-- Keeps the documents the caller built, under its own reader key, and drops builds older than two minutes (no
-- process asks for a change that old: a notification is answered within seconds or the device pulls). A key built
-- again (only should a build have run outside the lock) counts one more build.
create or replace function app_private.stream_build_keep(model text, change_txid xid8, docs text)
  returns void
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  delete from app_private.stream_builds b
  where (b.txid, b.model, b.reader) in (
    select o.txid, o.model, o.reader from app_private.stream_builds o
    where o.created_on < now() - interval '2 minutes' limit 1000 for update skip locked);
  insert into app_private.stream_builds (txid, model, reader, docs)
  values (change_txid, stream_build_keep.model, app_private.stream_reader_key(), docs)
  on conflict (txid, model, reader) do update set builds = stream_builds.builds + 1, docs = excluded.docs;
$function$;
grant execute on function app_private.stream_build_keep(text, xid8, text) to app_user;

-- stream_documents built once across processes: the text another process kept, else, under a transaction-scoped
-- advisory lock on (model, txid, reader key), the text kept meanwhile (the lock's holder committed it before
-- releasing the lock; each statement here reads with a new snapshot) or a build of our own, kept for the others.
-- Security invoker: the build runs under the caller's role and claims, as stream_documents.
create or replace function app_private.stream_documents_shared(model text, change_txid xid8)
  returns text
  language plpgsql volatile security invoker
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  docs text := app_private.stream_build_taken(model, change_txid);
begin
  if docs is not null then
    return docs;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(
    concat_ws('/', 'stream_build', model, change_txid::text, app_private.stream_reader_key()), 0));
  docs := app_private.stream_build_taken(model, change_txid);
  if docs is not null then
    return docs;
  end if;
  docs := app_private.stream_documents(model, change_txid);
  perform app_private.stream_build_keep(model, change_txid, docs);
  return docs;
end;
$$;
grant execute on function app_private.stream_documents_shared(text, xid8) to app_user;
