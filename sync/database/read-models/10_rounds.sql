-- The rounds read model (RxDB collection "rounds"): one document per round, with its tranche bond data, its
-- security summary and capital deployments.

create or replace function app_private.docs_rounds(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select r.id, app_private.live_document(
    app_private.row_document(to_jsonb(r), 'app_public.rounds')
    || jsonb_build_object(
      'trancheBondData', (select app_private.row_document(to_jsonb(t), 'app_public.tranche_bond_data')
                          from app_public.tranche_bond_data t where t.round_id = r.id),
      'security', (select jsonb_build_object('id', s.id, 'name', s.name, 'ticker', s.ticker,
                                             'total', s.total::text, 'unitValue', s.unit_value::text)
                   from app_public.securities s where s.id = r.security_id),
      'capitalDeployments', (select app_private.row_documents(jsonb_agg(to_jsonb(c) order by c.deployed_on, c.id),
                                                              'app_public.capital_deployments')
                             from app_public.capital_deployments c where c.round_id = r.id)
    ))
  from app_public.rounds r where r.id = any (ids)
$function$;
grant execute on function app_private.docs_rounds(uuid[]) to app_user;
