-- The assets read model (RxDB collection "assets"): one document per asset, with its asset type.

create or replace function app_private.docs_assets(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select a.id, app_private.live_document(
    app_private.row_document(to_jsonb(a), 'app_public.assets')
    || jsonb_build_object(
      'assetTypeByType', (select jsonb_build_object('type', t.type, 'accountingType', to_jsonb(t) -> 'accounting_type')
                          from app_public.asset_types t where t.type = a.type)
    ))
  from app_public.assets a where a.id = any (ids)
$function$;
grant execute on function app_private.docs_assets(uuid[]) to app_user;
