-- The securities read model (RxDB collection "securities"): one document per security, with its listing and exchange.

create or replace function app_private.docs_securities(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.id, app_private.live_document(
    app_private.row_document(to_jsonb(s), 'app_public.securities')
    || jsonb_build_object(
      'listing', (select jsonb_build_object('id', l.id, 'exchangeId', l.exchange_id,
                                            'exchange', (select jsonb_build_object('id', x.id, 'name', x.name, 'company', x.company)
                                                         from app_public.accounts x where x.id = l.exchange_id))
                  from app_public.security_listings l where l.security_id = s.id)
    ))
  from app_public.securities s where s.id = any (ids)
$function$;
grant execute on function app_private.docs_securities(uuid[]) to app_user;
