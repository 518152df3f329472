-- Pull performance (issue 8): a transaction document's ledger entries are read for the whole page at once, grouped
-- by transaction, instead of one correlated subquery per document. Same document (no entries: []), read under the
-- reader's row-level security as before.
create or replace function app_private.docs_transactions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select t.* from app_public.transactions t where t.id = any (ids)),
  entries as (
    select e.transaction_id, app_private.row_documents(jsonb_agg(to_jsonb(e) order by e.created_on, e.id),
                                                       'app_public.ledger_entries') as docs
    from app_public.ledger_entries e
    where e.transaction_id = any (ids)
    group by e.transaction_id)
  select t.id, app_private.live_document(
    app_private.row_document(to_jsonb(t), 'app_public.transactions')
    || jsonb_build_object('ledgerEntries', coalesce(entries.docs, '[]'::jsonb))
  )
  from page t left join entries on entries.transaction_id = t.id
$$;
