-- What every read model's document builder (app_private.docs_<model>(ids) returns table(id, doc)) shares: a row as a
-- document (camelCase keys: camel_case; numerics as strings: row_document, row_documents, document_shape), the `_deleted: false`
-- mark (live_document), and the account summaries ({id, name, type, ...}) of the accounts a reader may see
-- (visible_accounts, account_summaries, account_summary).

create or replace function app_private.camel_case(name text)
  returns text
  language sql
  immutable parallel safe strict
as $function$
  select lower(left(replace(initcap(name), '_', ''), 1)) || substr(replace(initcap(name), '_', ''), 2)
$function$;
grant execute on function app_private.camel_case(text) to app_user;

create or replace function app_private.row_document(row_json jsonb, tbl regclass)
  returns jsonb
  language sql
  stable parallel safe
as $function$
  select coalesce(jsonb_object_agg(
    app_private.camel_case(e.key),
    case when jsonb_typeof(e.value) = 'number'
          and exists (select 1 from pg_catalog.pg_attribute a
                      where a.attrelid = tbl and a.attname = e.key and a.atttypid = 'numeric'::regtype
                        and not a.attisdropped)
      then to_jsonb(e.value #>> '{}') else e.value end
  ), '{}'::jsonb)
  from jsonb_each(row_json) e
$function$;
grant execute on function app_private.row_document(jsonb,regclass) to app_user;

create or replace function app_private.row_documents(rows_json jsonb, tbl regclass)
  returns jsonb
  language sql
  stable parallel safe
as $function$
  select coalesce(jsonb_agg(app_private.row_document(x.r, tbl) order by x.ord), '[]'::jsonb)
  from jsonb_array_elements(coalesce(rows_json, '[]'::jsonb)) with ordinality as x(r, ord)
$function$;
grant execute on function app_private.row_documents(jsonb,regclass) to app_user;

create or replace function app_private.live_document(doc jsonb)
  returns jsonb
  language sql
  immutable parallel safe
as $function$
  select doc || jsonb_build_object('_deleted', false)
$function$;
grant execute on function app_private.live_document(jsonb) to app_user;

create or replace function app_private.document_shape(tbl regclass, OUT keys jsonb, OUT numerics text[])
  returns record
  language sql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select coalesce(jsonb_object_agg(a.attname, app_private.camel_case(a.attname)), '{}'::jsonb),
         coalesce(array_agg(a.attname::text) filter (where a.atttypid = 'numeric'::regtype), '{}')
  from pg_catalog.pg_attribute a
  where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped
$function$;
grant execute on function app_private.document_shape(regclass) to app_user;

create or replace function app_private.visible_accounts(ids uuid[])
  returns setof app_public.accounts
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select a.* from app_public.accounts a
    where a.id = any (ids)
      and app_private.sees_account(a.id, a.type, a.id in (select app_private.member_account_ids()),
                                   a.id in (select app_private.related_account_ids_among(ids)))
  $function$;
grant execute on function app_private.visible_accounts(uuid[]) to app_user;

create or replace function app_private.account_summaries(ids uuid[])
  returns table(id uuid, summary jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select a.id, jsonb_build_object('id', a.id, 'name', a.name, 'contactName', a.contact_name, 'email', a.email,
                                  'setup', a.setup, 'type', a.type)
  from app_private.visible_accounts(ids) a
  where row_security_active('app_public.accounts')
  union all
  select a.id, jsonb_build_object('id', a.id, 'name', a.name, 'contactName', a.contact_name, 'email', a.email,
                                  'setup', a.setup, 'type', a.type)
  from app_public.accounts a
  where a.id = any (ids) and not row_security_active('app_public.accounts')
$function$;
grant execute on function app_private.account_summaries(uuid[]) to app_user;

create or replace function app_private.account_summary(account_id uuid)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.summary from app_private.account_summaries(array[account_id]) s
$function$;
grant execute on function app_private.account_summary(uuid) to app_user;
