-- Pull performance (issue 8): a distribution document's child rows (prices, payments, notes, custom fields, vesting
-- schedule, allocation) are read for the whole page at once, grouped by distribution, instead of six correlated
-- subqueries per document. Same document, field for field (an absent child list is [], an absent schedule or
-- allocation null), read under the reader's row-level security as before.
create or replace function app_private.docs_distributions_before_process(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with page as (select d.* from app_public.distributions d where d.id = any (ids)),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p))),
  paid as (select * from app_private.distribution_paid_ins(array(select p.id from page p))),
  prices as (
    select p.distribution_id, app_private.row_documents(
             jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.created_on, p.id),
             'app_public.distribution_prices') as docs
    from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id
    where p.distribution_id = any (ids)
    group by p.distribution_id),
  payments as (
    select p.distribution_id, app_private.row_documents(
             jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.paid_on, p.id),
             'app_public.distribution_payments') as docs
    from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id
    where p.distribution_id = any (ids)
    group by p.distribution_id),
  annotations as (
    select n.distribution_id, app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                        'app_public.distribution_annotations') as docs
    from app_public.distribution_annotations n
    where n.distribution_id = any (ids)
    group by n.distribution_id),
  custom_fields as (
    select f.distribution_id, app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.name),
                                                        'app_public.distribution_custom_fields') as docs
    from app_public.distribution_custom_fields f
    where f.distribution_id = any (ids)
    group by f.distribution_id),
  schedules as (
    select v.distribution_id, app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules') as doc
    from app_public.vesting_schedules v
    where v.distribution_id = any (ids)),
  allocations as (
    select al.id, jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id, 'ownerId', al.owner_id) as doc
    from app_public.allocations al
    where al.id in (select p.allocation_id from page p))
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d), 'app_public.distributions')
    || jsonb_build_object(
      -- Agents never receive prices (the distributions report leaves them out for agents).
      'purchasePrice', case when app_private.current_account_type() = 'agent' then null else d.purchase_price::text end,
      'prices', coalesce(prices.docs, '[]'::jsonb),
      'payments', coalesce(payments.docs, '[]'::jsonb),
      'paidInCapital', coalesce(paid.paid_in, 0)::text,
      'annotations', coalesce(annotations.docs, '[]'::jsonb),
      'customFields', coalesce(custom_fields.docs, '[]'::jsonb),
      'vestingSchedule', schedules.doc,
      'investor', i.summary,
      'allocation', allocations.doc
    ))
  from page d
    left join investors i on i.id = d.investor_id
    left join paid on paid.distribution_id = d.id
    left join prices on prices.distribution_id = d.id
    left join payments on payments.distribution_id = d.id
    left join annotations on annotations.distribution_id = d.id
    left join custom_fields on custom_fields.distribution_id = d.id
    left join schedules on schedules.distribution_id = d.id
    left join allocations on allocations.id = d.allocation_id
$$;
