-- Pull performance (issue 8): app_private.row_document (every document and every embedded child row goes through
-- it) looked every key up in pg_attribute with a join planned for a generic table; it now looks a column's type up
-- only for JSON numbers (the only values it may change: numeric columns travel as exact decimal strings). Same
-- result, key for key.
create or replace function app_private.row_document(row_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_object_agg(
    app_private.camel_case(e.key),
    case when jsonb_typeof(e.value) = 'number'
          and exists (select 1 from pg_catalog.pg_attribute a
                      where a.attrelid = tbl and a.attname = e.key and a.atttypid = 'numeric'::regtype
                        and not a.attisdropped)
      then to_jsonb(e.value #>> '{}') else e.value end
  ), '{}'::jsonb)
  from jsonb_each(row_json) e
$$;

-- The child rows of a document (prices, payments, notes...): converted in one statement instead of one
-- row_document call per row (a nested SQL function call is set up again on every call of its caller).
create or replace function app_private.row_documents(rows_json jsonb, tbl regclass) returns jsonb
  language sql stable parallel safe
as $$
  select coalesce(jsonb_agg(d.doc order by d.ord), '[]'::jsonb)
  from (
    select x.ord, coalesce(jsonb_object_agg(
      app_private.camel_case(e.key),
      case when jsonb_typeof(e.value) = 'number'
            and exists (select 1 from pg_catalog.pg_attribute a
                        where a.attrelid = tbl and a.attname = e.key and a.atttypid = 'numeric'::regtype
                          and not a.attisdropped)
        then to_jsonb(e.value #>> '{}') else e.value end
    ) filter (where e.key is not null), '{}'::jsonb) as doc
    from jsonb_array_elements(coalesce(rows_json, '[]'::jsonb)) with ordinality as x(r, ord)
      left join lateral jsonb_each(x.r) e on true
    group by x.ord
  ) d
$$;
