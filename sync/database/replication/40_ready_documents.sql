-- Ready documents (app_private.ready_documents, migration 1400): the heavy read models' documents (holdings,
-- distributions, transactions) built once per change instead of once per pull.
--
-- What is kept: for each document, the text its builder app_private.docs_<model> makes without row-level security
-- and without a reader's claims (ready_build), with the version of the builder's code files (ready_version). The
-- writing transaction forgets, at commit, the texts of every document of these models it logged a change for (a
-- deferred trigger on the change log, tg_changes__ready_documents); the change log's consumer, the pull endpoint,
-- builds what is missing after answering (fill_ready_documents, sync/http/pull.ts), set-based. Until then, and for
-- text of another builder version, the pull builds the document as before.
--
-- Who receives it: row-level security still decides. A reader receives the ready text only for the documents it sees
-- whole, where its builder's document is the ready one (ready_whole_ids, below); for every other document (an
-- investor's own holding or transaction, an agent's or a round issuer's view of another owner's distribution) the
-- pull builds the document under the reader's row-level security as before. tests/db/ready-docs.test.ts compares
-- every served document with the builder's for every model and demo membership, also after updates, deletes, grants
-- and revocations.

create or replace function app_private.ready_models()
  returns text[]
  language sql
  immutable
as $function$
  select array['distributions', 'holdings', 'transactions']
$function$;
grant execute on function app_private.ready_models() to app_user;

-- The builder's version: the checksums of the code files a model's document is made by.
create or replace function app_private.ready_version(model text)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select md5(coalesce(string_agg(f.name || ':' || f.checksum, ',' order by f.name), ''))
  from app_private.code_files f
  where f.name in ('read-models/00_document_helpers.sql', 'read-models/10_' || model || '.sql',
                   'replication/40_ready_documents.sql')
$function$;
grant execute on function app_private.ready_version(text) to app_user;

-- The documents of `ids` the current reader sees whole: its builder under row-level security makes exactly the
-- document built without it. Each rule is a branch of the model's select policy, stated once in
-- policies/00_rules.sql: the holding's round is one of the reader's issuer_round_ids() (sees_holding's issuer_round:
-- the holding, its addresses, its round's tokens, cap table and contracts, and the investor of a holding in its round
-- are all visible to it); the reader owns the distribution's allocation as an issuer or broker
-- (is_reader_allocation_owner, the branch of staff_allocation_ids and sees_distribution_payments: prices, payments,
-- annotations, custom fields, process and the investor's summary are all visible to it, and it is not an agent); the
-- reader is the transaction's staff (is_transaction_staff, the rule of staff_transaction_ids: every ledger entry
-- visible).
create or replace function app_private.ready_whole_ids(model text, ids uuid[])
  returns setof uuid
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
begin
  if app_private.current_account_id() is null then
    return;
  end if;
  case model
    when 'holdings' then
      return query
        select h.id from app_public.holdings h
        where h.id = any (ids) and h.round_id in (select app_private.issuer_round_ids());
    when 'distributions' then
      return query
        select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
        where d.id = any (ids) and app_private.is_reader_allocation_owner(al.owner_id);
    when 'transactions' then
      return query
        -- staff_transaction_ids() among the ids
        select t.id from app_public.transactions t
        where t.id = any (ids)
          and app_private.is_transaction_staff(t.issuer_id, t.broker_id,
                                               t.round_id in (select app_private.broker_round_ids()));
    else
      return;
  end case;
end;
$function$;
grant execute on function app_private.ready_whole_ids(text, uuid[]) to app_user;

-- The ready text of the documents of `ids` the current reader sees whole (doc null: not ready, or of another
-- builder version; the pull builds it).
create or replace function app_private.ready_texts(model text, ids uuid[])
  returns table(id uuid, doc text)
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  whole uuid[] := array(select app_private.ready_whole_ids(ready_texts.model, ids));
  ver text := app_private.ready_version(ready_texts.model);
begin
  -- the version and the whole ids computed once; the texts read by the primary key
  return query
    select w.id, r.doc
    from unnest(whole) as w(id)
      left join app_private.ready_documents r
        on r.model = ready_texts.model and r.id = w.id and r.version = ver;
end;
$function$;
grant execute on function app_private.ready_texts(text, uuid[]) to app_user;

-- The pull's common page (replication/10_pull.sql): every document of `ids` seen whole by the reader and ready. In one
-- statement: the ready texts in the page's order joined by ', ' (docs), how many of the page are ready (ready) and
-- how many the reader sees whole (whole). The pull takes docs as they are when ready = cardinality(ids); otherwise
-- it reads ready_texts and builds the rest.
create or replace function app_private.ready_page(model text, ids uuid[], OUT docs text, OUT ready bigint,
                                                  OUT whole bigint)
  returns record
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  with whole as materialized (select w.id from app_private.ready_whole_ids(ready_page.model, ids) w(id)),
  ver as materialized (select app_private.ready_version(ready_page.model) as version)
  select string_agg(r.doc, ', ' order by i.ord), count(r.doc), (select count(*) from whole)
  from unnest(ids) with ordinality as i(id, ord)
    join whole w on w.id = i.id
    left join app_private.ready_documents r
      on r.model = ready_page.model and r.id = i.id and r.version = (select v.version from ver v)
$function$;
grant execute on function app_private.ready_page(text, uuid[]) to app_user;

-- Builds the documents of `ids` as their builder makes them without row-level security (this function's owner reads
-- every row) and without a reader's claims, and keeps them. One writer of a model at a time: the lock is taken
-- before the documents are read, so under READ COMMITTED the build sees every transaction that kept its documents
-- before it (a document is never overwritten by an older build).
create or replace function app_private.ready_build(model text, ids uuid[])
  returns bigint
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
  set "jwt.claims.account_id" to ''
  set "jwt.claims.account_type" to ''
  set "jwt.claims.user_id" to ''
  set "jwt.claims.role" to ''
as $function$
declare
  kept bigint;
begin
  if not (model = any (app_private.ready_models())) or cardinality(ids) = 0 then
    return 0;
  end if;
  perform pg_advisory_xact_lock(7231400, array_position(app_private.ready_models(), model));
  delete from app_private.ready_documents r where r.model = ready_build.model and r.id = any (ids);
  execute format(
    $q$
      insert into app_private.ready_documents (model, id, version, doc)
      select $1, d.id, $2, d.doc::text from app_private.docs_%s($3) d
    $q$, model)
    using model, app_private.ready_version(model), ids;
  get diagnostics kept = row_count;
  return kept;
end;
$function$;

-- Forgets the ready texts of `ids` (their documents changed). Under the same lock as ready_build: a build that read
-- the documents before this transaction committed has kept its texts by now, and they are forgotten here.
create or replace function app_private.ready_forget(model text, ids uuid[])
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if cardinality(ids) = 0 then
    return;
  end if;
  perform pg_advisory_xact_lock(7231400, array_position(app_private.ready_models(), model));
  delete from app_private.ready_documents r where r.model = ready_forget.model and r.id = any (ids);
end;
$function$;

-- At commit: the ready texts of every document of the ready models this transaction logged a change for are
-- forgotten (building them here cost a single-row write on PostgreSQL 0.3-2.3 s in bench/ready-docs.ts); the pull
-- endpoint builds them again after its next answer (fill_ready_documents).
create or replace function app_private.tg_changes__ready_documents()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  -- the changes up to this one were kept by an earlier firing in this transaction
  done bigint := coalesce(nullif(current_setting('ledgerline.ready_seq', true), '')::bigint, 0);
  top bigint := done;
  -- a value, so the change log's index (model, txid, seq) answers (a volatile call in the condition is not used by it)
  cur xid8 := pg_current_xact_id();
  m text;
  ids uuid[];
  last bigint;
begin
  if new.seq <= done then
    return null;
  end if;
  foreach m in array app_private.ready_models() loop
    select array_agg(distinct c.doc_id), max(c.seq) into ids, last
    from app_private.changes c
    where c.model = m and c.txid = cur and c.seq > done;
    if last is not null then
      perform app_private.ready_forget(m, ids);
      top := greatest(top, last);
    end if;
  end loop;
  perform set_config('ledgerline.ready_seq', top::text, true);
  return null;
end;
$function$;

-- (a constraint trigger, to fire at commit, cannot be replaced in place)
drop trigger if exists _900_ready_documents on app_private.changes;
create constraint trigger _900_ready_documents after insert on app_private.changes
  deferrable initially deferred
  for each row when (new.model in ('distributions', 'holdings', 'transactions'))
  execute function app_private.tg_changes__ready_documents();

-- Builds up to `lim` documents of `model` that have no ready text of the current builder version (a new builder, a
-- database seeded with triggers off). Returns how many it built: 0 when the model is complete.
create or replace function app_private.fill_ready_documents(model text, lim integer)
  returns bigint
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  ids uuid[];
begin
  if not (model = any (app_private.ready_models())) then
    return 0;
  end if;
  execute format(
    $q$
      select array(
        select t.id from app_public.%I t
        where not exists (select 1 from app_private.ready_documents r
                          where r.model = $1 and r.id = t.id and r.version = $2)
        limit $3)
    $q$, model)
    into ids using model, app_private.ready_version(model), lim;
  return app_private.ready_build(model, ids);
end;
$function$;
