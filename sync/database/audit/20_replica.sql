-- The `audit_events` read model (a kind of the device's `records` collection, parent accountId; docs/ADMIN.md
-- "Offline"): the audit trail's latest events on the devices that may read them, a bounded window: the latest
-- app_private.audit_window() events of the account for its owners and admins (the select policy), of the whole
-- platform for a platform admin. Older events are read from the server (allAuditEvents). An event that leaves every
-- window loses its change rows, so a first sync lists the window only (devices drop what leaves it themselves).

-- 500 (a test may set ledgerline.audit_window lower).
create or replace function app_private.audit_window()
  returns integer
  language sql
  stable
as $function$ select coalesce(nullif(current_setting('ledgerline.audit_window', true), '')::integer, 500) $function$;
grant execute on function app_private.audit_window() to app_user;

-- The oldest created_on the reader's window holds (-infinity while the scope has fewer events than the window).
create or replace function app_private.audit_window_start()
  returns timestamptz
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
  select coalesce(
    case when app_private.current_account_type() = 'admin'
      then (select e.created_on from app_public.audit_events e
             order by e.created_on desc offset app_private.audit_window() - 1 limit 1)
      else (select e.created_on from app_public.audit_events e
             where e.account_id = app_private.current_account_id()
             order by e.created_on desc offset app_private.audit_window() - 1 limit 1)
    end, '-infinity'::timestamptz)
$function$;
grant execute on function app_private.audit_window_start() to app_user;

create or replace function app_private.docs_audit_events(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with since as (select app_private.audit_window_start() as start)
  select e.id, app_private.live_document(
    app_private.row_document(to_jsonb(e), 'app_public.audit_events')
    || jsonb_build_object('actor', app_public.audit_events_actor(e), 'accountName', app_public.audit_events_account_name(e)))
  from app_public.audit_events e, since
  -- under the select policy: the account's owners and admins, a platform admin every event
  where e.id = any (ids) and e.created_on >= since.start
$function$;
grant execute on function app_private.docs_audit_events(uuid[]) to app_user;

-- The event's account (its owners and admins); platform admins read every change.
create or replace function app_private.audience_audit_events(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select e.account_id from app_public.audit_events e where e.id = doc_id and e.account_id is not null)
$function$;

-- The change log's rows of new events, one statement per insert (the command log's trigger inserts a transaction's
-- events in one statement): what record_change would write for each row, as record_document_change makes it (the
-- audience: the event's account, none for an event of no account, which only platform admins read; no audience
-- types), without its per-row look-ups.
create or replace function app_private.tg_audit_events__changes()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
begin
  insert into app_private.changes (model, doc_id, audience, audience_types)
  select 'audit_events', a.id, case when a.account_id is null then '{}'::uuid[] else array[a.account_id] end, null
  from added a;
  if found then
    perform pg_notify('app_changes', json_build_object('t', 'audit_events', 'x', pg_current_xact_id()::text)::text);
  end if;
  return null;
end;
$function$;

create or replace trigger _900_changes_audit_events after insert on app_public.audit_events
  referencing new table as added
  for each statement execute function app_private.tg_audit_events__changes();

-- New events push older ones out of their windows: those lose their change rows. An event out of its account's
-- window is out of the platform's too (the platform's latest N hold at most the account's latest N); an event of no
-- account (a sign-in before an account was chosen) is in the platform's window only. Both look-ups walk an index in
-- order (audit_events_account_idx, audit_events_created_idx) and stop after n + 100 events: without bitmap scans,
-- because on statistics older than the trail (PGlite has no autovacuum; sync/db/statistics.ts analyzes every 2,000
-- changes) the planner took a bitmap scan of all the account's events and sorted them, a cost that grew with the trail.
create or replace function app_private.tg__audit_events_window()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
  set enable_bitmapscan to off
as $function$
declare
  n integer := app_private.audit_window();
  gone uuid[];
begin
  select array_agg(x.id) into gone from (
    select o.id
    from (select distinct a.account_id from added a where a.account_id is not null) t
    cross join lateral (select e.id from app_public.audit_events e where e.account_id = t.account_id
                         order by e.created_on desc offset n limit 100) o
    union all
    select p.id from (select e.id, e.account_id from app_public.audit_events e
                       order by e.created_on desc offset n limit 100) p
    where p.account_id is null
  ) x;
  if gone is not null then
    delete from app_private.changes c where c.model = 'audit_events' and c.doc_id = any (gone);
  end if;
  return null;
end;
$function$;

create or replace trigger _910_audit_window after insert on app_public.audit_events
  referencing new table as added
  for each statement execute function app_private.tg__audit_events_window();
