-- The distributions report leaves prices out for agents, on the server too: the distribution read model drops the
-- purchase price for agent readers (price rows are already hidden from them by row-level security).
create or replace function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d), 'app_public.distributions')
    || jsonb_build_object(
      -- Agents never receive prices (the distributions report leaves them out for agents).
      'purchasePrice', case when app_private.current_account_type() = 'agent' then null else d.purchase_price::text end,
      'prices', (select app_private.row_documents(
                          jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.created_on, p.id),
                          'app_public.distribution_prices')
                 from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id
                 where p.distribution_id = d.id),
      'payments', (select app_private.row_documents(
                            jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.paid_on, p.id),
                            'app_public.distribution_payments')
                   from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id
                   where p.distribution_id = d.id),
      'paidInCapital', app_private.distribution_paid_in(d.id)::text,
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.distribution_annotations')
                      from app_public.distribution_annotations n where n.distribution_id = d.id),
      'customFields', (select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.name),
                                                        'app_public.distribution_custom_fields')
                       from app_public.distribution_custom_fields f where f.distribution_id = d.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.distribution_id = d.id),
      'investor', app_private.account_summary(d.investor_id),
      'allocation', (select jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id,
                                               'ownerId', al.owner_id)
                     from app_public.allocations al where al.id = d.allocation_id)
    ))
  from app_public.distributions d where d.id = any (ids)
$$;
