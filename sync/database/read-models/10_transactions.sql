-- The transactions read model (RxDB collection "transactions"): one document per transaction with its ledger
-- entries. Built for a page of ids at once: transaction_documents_among (security definer) reads the page's
-- transactions the reader may see (visible_transaction_ids_among: the transactions' select policy's rule,
-- sees_transaction of policies/00_rules.sql, for a page of ids); transaction_documents_of reads given transactions,
-- with `policies` their ledger entries by the ledger entries' rule (sees_ledger_entry), without it every entry.

create or replace function app_private.visible_transaction_ids_among(ids uuid[])
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select t.id from app_public.transactions t
  where t.id = any (ids)
    and app_private.sees_transaction(
      t.issuer_id, t.broker_id, t.round_id in (select app_private.broker_round_ids()),
      -- investor_transaction_ids() among the ids
      t.id in (select l.transaction_id from app_public.ledger_entries l
               where l.transaction_id = any (ids)
                 and app_private.is_reader_investor(l.investor_id, (select app_private.current_account_id()), (select app_private.current_account_type()))),
      (select app_private.current_account_id()), (select app_private.current_account_type()))
$function$;
grant execute on function app_private.visible_transaction_ids_among(uuid[]) to app_user;

create or replace function app_private.transaction_documents_of(visible uuid[], policies boolean)
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with page as (select t.* from app_public.transactions t where t.id = any (visible)),
  shape as (select * from app_private.document_shape('app_public.transactions')),
  entry_shape as (select * from app_private.document_shape('app_public.ledger_entries')),
  -- staff_transaction_ids() among the page
  staff as (
    select t.id from page t
    where app_private.is_transaction_staff(t.issuer_id, t.broker_id, t.round_id in (select app_private.broker_round_ids()),
                                           (select app_private.current_account_id()), (select app_private.current_account_type()))),
  entries as (
    select le.transaction_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(le)) e)
                     order by le.created_on, le.id) as docs
    from app_public.ledger_entries le, entry_shape s
    where le.transaction_id = any (visible)
      and (not policies or app_private.sees_ledger_entry(le.investor_id, le.transaction_id in (select st.id from staff st),
                                                       (select app_private.current_account_id()), (select app_private.current_account_type())))
    group by le.transaction_id)
  select t.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(t)) e)
    || jsonb_build_object('ledgerEntries', coalesce(entries.docs, '[]'::jsonb), '_deleted', false)
  from page t cross join shape s left join entries on entries.transaction_id = t.id
$function$;
grant execute on function app_private.transaction_documents_of(uuid[],boolean) to app_user;

create or replace function app_private.transaction_documents_among(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select * from app_private.transaction_documents_of(array(select app_private.visible_transaction_ids_among(ids)), true)
$function$;
grant execute on function app_private.transaction_documents_among(uuid[]) to app_user;

create or replace function app_private.docs_transactions(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select * from app_private.transaction_documents_among(ids) where row_security_active('app_public.transactions')
  union all
  select * from app_private.transaction_documents_of(ids, false) where not row_security_active('app_public.transactions')
$function$;
grant execute on function app_private.docs_transactions(uuid[]) to app_user;
