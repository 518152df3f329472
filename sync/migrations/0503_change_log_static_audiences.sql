-- Command throughput (issue 8): every replicated row change computed its document's audience through a dynamic
-- EXECUTE (planned from scratch on every call: the accounts audience alone is a dozen-way union) after a catalog
-- lookup of the function's name. The known models now call their audience function directly, so the plan is
-- cached for the session; a model added later with its own app_private.audience_<model>(uuid) still works through
-- the dynamic path. Same rows in app_private.changes as before.
create or replace function app_private.record_document_change(model text, doc_id uuid, extra_audience uuid[] default '{}')
  returns void
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
declare
  audience uuid[];
  known boolean := true;
begin
  if doc_id is null then
    return;
  end if;
  case model
    when 'accounts' then audience := app_private.audience_accounts(doc_id);
    when 'allocations' then audience := app_private.audience_allocations(doc_id);
    when 'assets' then audience := app_private.audience_assets(doc_id);
    when 'broker_allocations' then audience := app_private.audience_broker_allocations(doc_id);
    when 'customers' then audience := app_private.audience_customers(doc_id);
    when 'distributions' then audience := app_private.audience_distributions(doc_id);
    when 'documents' then audience := app_private.audience_documents(doc_id);
    when 'holdings' then audience := app_private.audience_holdings(doc_id);
    when 'rounds' then audience := app_private.audience_rounds(doc_id);
    when 'securities' then audience := app_private.audience_securities(doc_id);
    when 'transactions' then audience := app_private.audience_transactions(doc_id);
    else
      known := to_regprocedure(format('app_private.audience_%s(uuid)', model)) is not null;
      if known then
        execute format('select app_private.audience_%s($1)', model) into audience using doc_id;
      end if;
  end case;
  if known then
    audience := array(select distinct a from unnest(coalesce(audience, '{}') || extra_audience) a where a is not null);
  end if;
  insert into app_private.changes (model, doc_id, audience, audience_types)
    values (model, doc_id, audience, app_private.audience_types(model, doc_id));
  -- Identical notifications inside one transaction are folded into one by PostgreSQL.
  perform pg_notify('app_changes', json_build_object('t', model)::text);
end;
$$;
