-- Ready documents (app_private.ready_documents, migration 1400): the heavy read models' documents (holdings,
-- distributions, transactions) built once per change instead of once per pull.
--
-- What is kept: for each document, the text its builder app_private.docs_<model> makes without row-level security
-- and without a reader's claims (ready_build), with the version of the builder's code files (ready_version). The
-- writing transaction forgets, at commit, the texts of every document of these models it logged a change for (a
-- deferred trigger on the change log, tg_changes__ready_documents); the change log's consumer, the pull endpoint,
-- builds what is missing after answering (fill_ready_documents, below, and sync/http/pull.ts): a walk of the model's
-- primary key in short parts that resumes after a restart. Until then, and for text of another builder version, the
-- pull builds the document as before.
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
  -- who reads reaches the rules as their last arguments, sub-selects read once per statement (not once per row)
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
        where d.id = any (ids) and app_private.is_reader_allocation_owner(al.owner_id, (select app_private.current_account_id()),
                                                                     (select app_private.current_account_type()));
    when 'transactions' then
      return query
        -- staff_transaction_ids() among the ids
        select t.id from app_public.transactions t
        where t.id = any (ids)
          and app_private.is_transaction_staff(t.issuer_id, t.broker_id,
                                               t.round_id in (select app_private.broker_round_ids()),
                                               (select app_private.current_account_id()),
                                               (select app_private.current_account_type()));
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
  -- the version and the whole ids computed once; each text read by the primary key (a subquery per id: a join was
  -- planned as a scan of the whole store, or with the statistics of an empty store as a nested loop over it)
  return query
    select w.id, (select r.doc from app_private.ready_documents r
                  where r.model = ready_texts.model and r.id = w.id and r.version = ver)
    from unnest(whole) as w(id);
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
  -- each text read by the primary key (a subquery per id; see ready_texts)
  select string_agg(p.doc, ', ' order by p.ord), count(p.doc), (select count(*) from whole)
  from (select i.ord,
               (select r.doc from app_private.ready_documents r
                where r.model = ready_page.model and r.id = i.id and r.version = (select v.version from ver v)) as doc
        from unnest(ids) with ordinality as i(id, ord)
          join whole w on w.id = i.id) p
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

-- The documents of `ids` built as ready_build builds them (no row-level security, no reader's claims), as (id, doc)
-- text, not kept. For ready_take.
drop function if exists app_private.ready_built(text, uuid[], boolean);
create or replace function app_private.ready_built(model text, ids uuid[])
  returns table(id uuid, doc text)
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
  set "jwt.claims.account_id" to ''
  set "jwt.claims.account_type" to ''
  set "jwt.claims.user_id" to ''
  set "jwt.claims.role" to ''
as $function$
begin
  if not (model = any (app_private.ready_models())) or cardinality(ids) = 0 then
    return;
  end if;
  return query execute format('select d.id, d.doc::text from app_private.docs_%s($1) d', model) using ids;
end;
$function$;

-- The texts of the documents of `ids` the current reader sees whole (ready_whole_ids): the ready text where there
-- is one of the current builder version, and for the others the document built here exactly as the fill builds it
-- (ready_built: the builder as its owner, no per-row rules, no reader's claims), not kept. So a page on a cold store
-- (after a bulk write with triggers off, or a deploy of a new builder) costs the builder's work without the reader's
-- row-level security. Not kept: writing the texts in the pull measured 1.5-2.6x the cold page's time on PGlite
-- (bench/README.md, "Issue 15 item 1"); the fill keeps them after the answer. How many of the page were not ready goes
-- to ledgerline.ready_missing (the endpoint then asks for the fill). Stable: the pull's snapshot decides who sees what
-- whole and what the documents are, as for the rest of its page.
create or replace function app_private.ready_take(model text, ids uuid[])
  returns table(id uuid, doc text)
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  whole uuid[];
  ver text;
  missing uuid[];
  ready_ids uuid[];
  ready_docs text[];
begin
  perform set_config('ledgerline.ready_missing', '0', true);
  if app_private.current_account_id() is null or not (model = any (app_private.ready_models()))
     or cardinality(ids) = 0 then
    return;
  end if;
  whole := array(select app_private.ready_whole_ids(ready_take.model, ids));
  ver := app_private.ready_version(model);
  -- each text read by the primary key (a subquery per id; see ready_texts)
  select coalesce(array_agg(t.id) filter (where t.doc is null), '{}'),
         array_agg(t.id) filter (where t.doc is not null), array_agg(t.doc) filter (where t.doc is not null)
    into missing, ready_ids, ready_docs
  from (select w.id, (select r.doc from app_private.ready_documents r
                      where r.model = ready_take.model and r.id = w.id and r.version = ver) as doc
        from unnest(whole) w(id)) t;
  if ready_ids is not null then
    return query select * from unnest(ready_ids, ready_docs);
  end if;
  if cardinality(missing) = 0 then
    return;
  end if;
  perform set_config('ledgerline.ready_missing', cardinality(missing)::text, true);
  return query select b.id, b.doc from app_private.ready_built(model, missing) b;
end;
$function$;
grant execute on function app_private.ready_take(text, uuid[]) to app_user;

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

-- The fill: builds the documents that have no ready text of the current builder version (a new builder after a
-- deploy, a database seeded with triggers off, documents changed since they were built) by walking the model's primary
-- key forward, one part per call: each part reads only the ids after the previous one (no rescan of what is done),
-- builds the first `lim` of them without ready text and records where the walk stands in app_private.ready_fill
-- (migration 1560) in the same transaction, so a fill interrupted by a restart resumes there (ready_fill_cursor).
-- A document changed behind the walk loses its text at the change's commit (_900_ready_documents): the next pull that
-- finds it missing asks for another walk (sync/http/pull.ts). A part reads at most FILL_SCAN x `lim` ids, so a walk
-- over a nearly complete store takes few parts.

-- Where an interrupted walk of `model` for the current builder version stands (null: at the start).
create or replace function app_private.ready_fill_cursor(model text)
  returns uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select f.after_id from app_private.ready_fill f
  where f.model = ready_fill_cursor.model and f.version = app_private.ready_version(ready_fill_cursor.model)
$function$;

-- One part of the walk: the ids of `model` after `after_id` (null: from the first) in primary-key order, at most 16 x
-- `lim` of them, and of those the first `lim` without ready text of the current version are built. next_id: the id
-- the walk goes on after (the last built when `lim` were built, else the last read), null when the walk reached the
-- end of the table; built: how many documents were built.
create or replace function app_private.ready_fill_part(model text, after_id uuid, lim integer, OUT next_id uuid,
                                                       OUT built bigint)
  returns record
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  ver text;
  scan integer := greatest(coalesce(lim, 0), 1) * 16;
  ids uuid[];
  walked integer;
  last_read uuid;
  total bigint;
begin
  built := 0;
  next_id := null;
  if not (model = any (app_private.ready_models())) or coalesce(lim, 0) < 1 then
    return;
  end if;
  ver := app_private.ready_version(model);
  execute format(
    $q$
      with walk as materialized (
        select t.id from app_public.%I t %s order by t.id limit $2
      )
      select array(select w.id from walk w
                   where not exists (select 1 from app_private.ready_documents r
                                     where r.model = $3 and r.id = w.id and r.version = $4)
                   order by w.id limit $5),
             (select count(*)::integer from walk),
             (select w.id from walk w order by w.id desc limit 1)
    $q$, model, case when after_id is null then '' else 'where t.id > $1' end)
    into ids, walked, last_read
    using after_id, scan, model, ver, lim;
  built := app_private.ready_build(model, ids);
  if cardinality(ids) >= lim then
    next_id := ids[lim];
  elsif walked >= scan then
    next_id := last_read;
  end if;
  insert into app_private.ready_fill as f (model, version, after_id, parts, built, updated_at)
  values (model, ver, next_id, 1, ready_fill_part.built, now())
  on conflict on constraint ready_fill_pkey do update
    set after_id = excluded.after_id,
        parts = case when f.version = excluded.version then f.parts + 1 else 1 end,
        built = case when f.version = excluded.version then f.built + excluded.built else excluded.built end,
        version = excluded.version,
        updated_at = excluded.updated_at
  returning f.built into total;
  -- The planner's statistics of the store each time the fill's count doubles (from 1,024): PGlite has no
  -- autovacuum and the fill writes no change log (sync/db/statistics.ts analyzes on its growth), so the store kept
  -- the statistics of an empty table, and this walk's anti-join and the pull's ready_page read it by sequential scans
  -- (a fill of 20,000 holdings: 32 s instead of 6 s; the filled pull 76x the raw builder at 50,000). The key columns
  -- only: the texts' own statistics (a sort of up to 30,000 long values) took 0.3-0.7 s at 30,000 documents on
  -- PGlite against 0.1-0.2 s, and nothing reads the store by its text.
  if built > 0 and total >= 1024 and floor(log(2, total::numeric)) > floor(log(2, greatest(total - built, 1)::numeric)) then
    analyze app_private.ready_documents (model, id, version);
  end if;
end;
$function$;

-- One part of the fill (above): returns the id to call it with next, null when the walk reached the end.
create or replace function app_private.fill_ready_documents(model text, after_id uuid, lim integer)
  returns uuid
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select p.next_id from app_private.ready_fill_part(fill_ready_documents.model, fill_ready_documents.after_id,
                                                    fill_ready_documents.lim) p
$function$;

-- Builds up to `lim` documents of `model` without ready text of the current builder version, walking on from where
-- the walk stands (and once round from the start when it did not start there). Returns how many it built: 0 when the
-- model is complete. Called in a loop it reads each id about once.
create or replace function app_private.fill_ready_documents(model text, lim integer)
  returns bigint
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  cur uuid := app_private.ready_fill_cursor(model);
  from_start boolean := cur is null;
  total bigint := 0;
  part record;
begin
  if not (model = any (app_private.ready_models())) then
    return 0;
  end if;
  loop
    select p.next_id, p.built into part from app_private.ready_fill_part(model, cur, lim - total::integer) p;
    total := total + part.built;
    exit when total >= lim;
    if part.next_id is null then
      exit when from_start;
      from_start := true;
    end if;
    cur := part.next_id;
  end loop;
  return total;
end;
$function$;
