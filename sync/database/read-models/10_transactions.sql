-- The transactions read model (RxDB collection "transactions"): one document per transaction with its ledger
-- entries. Read under the reader's row-level security: the transactions' and ledger entries' select policies
-- (policies/10_transactions.sql, 10_ledger_entries.sql) decide what a document holds, and are stated there only.

-- Replaced by reading under the policies (the page's documents no longer restate them).
drop function if exists app_private.transaction_documents_among(uuid[]);
drop function if exists app_private.transaction_documents_of(uuid[], boolean);
drop function if exists app_private.visible_transaction_ids_among(uuid[]);

create or replace function app_private.docs_transactions(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with page as (select t.* from app_public.transactions t where t.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.transactions')),
  entry_shape as (select * from app_private.document_shape('app_public.ledger_entries')),
  entries as (
    select le.transaction_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(le)) e)
                     order by le.created_on, le.id) as docs
    from app_public.ledger_entries le, entry_shape s
    where le.transaction_id = any (ids)
    group by le.transaction_id)
  select t.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(t)) e)
    || jsonb_build_object('ledgerEntries', coalesce(entries.docs, '[]'::jsonb), '_deleted', false)
  from page t cross join shape s left join entries on entries.transaction_id = t.id
$function$;
grant execute on function app_private.docs_transactions(uuid[]) to app_user;
