-- The customers (contacts) read model (RxDB collection "customers"): one document per contact, with the investor account's
-- summary.

create or replace function app_private.docs_customers(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with page as (select c.* from app_public.customers c where c.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.customers')),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p)))
  select c.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(c)) e)
    || jsonb_build_object('investor', i.summary, '_deleted', false)
  from page c cross join shape s left join investors i on i.id = c.investor_id
$function$;
grant execute on function app_private.docs_customers(uuid[]) to app_user;
