-- The broker allocations read model (RxDB collection "broker_allocations"): one document per broker allocation,
-- with the broker's account summary.

create or replace function app_private.docs_broker_allocations(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select b.id, app_private.live_document(
    app_private.row_document(to_jsonb(b), 'app_public.broker_allocations')
    || jsonb_build_object('broker', app_private.account_summary(b.broker_id))
  )
  from app_public.broker_allocations b where b.id = any (ids)
$function$;
grant execute on function app_private.docs_broker_allocations(uuid[]) to app_user;
