-- The distributions read model (RxDB collection "distributions"): one document per distribution the reader may
-- see, with its prices (never for agents), payments, paid-in capital, annotations, custom fields, vesting schedule,
-- investor and allocation summaries, onboarding process (with its steps), qualification lists and whether it came by
-- transfer (byTransfer). Built for a page
-- of ids at once: the *_among helpers (security definer) read a page's children once, for the distributions of the
-- page the reader may see (visible_distribution_ids_among: the distributions' select policy's rule, sees_distribution
-- of policies/00_rules.sql, for a page of ids); the *_of helpers read the children of given distributions, with
-- `policies` each child's own rule of policies/00_rules.sql, without it every child.

create or replace function app_private.visible_distribution_ids_among(ids uuid[])
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select d.id from app_public.distributions d
  where d.id = any (ids)
    and app_private.sees_distribution(d.investor_id, d.allocation_id in (select app_private.staff_allocation_ids()),
                                  (select app_private.current_account_id()), (select app_private.current_account_type()))
$function$;
grant execute on function app_private.visible_distribution_ids_among(uuid[]) to app_user;

create or replace function app_private.distribution_children_of(visible uuid[], policies boolean)
  returns table(distribution_id uuid, prices jsonb, payments jsonb, annotations jsonb, custom_fields jsonb, vesting_schedule jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with price_shape as (select * from app_private.document_shape('app_public.distribution_prices')),
  payment_shape as (select * from app_private.document_shape('app_public.distribution_payments')),
  annotation_shape as (select * from app_private.document_shape('app_public.distribution_annotations')),
  field_shape as (select * from app_private.document_shape('app_public.distribution_custom_fields')),
  schedule_shape as (select * from app_private.document_shape('app_public.vesting_schedules')),
  -- payment_distribution_ids() among the given distributions
  payable as (
    select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where d.id = any (visible)
      and app_private.sees_distribution_payments(d.investor_id, al.owner_id, (select app_private.current_account_id()),
                                                 (select app_private.current_account_type()))),
  prices as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.created_on, p.id) as docs
    from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id, price_shape s
    where p.distribution_id = any (visible)
      and (not policies or app_private.sees_distribution_prices((select app_private.current_account_type())))
    group by p.distribution_id),
  payments as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.paid_on, p.id) as docs
    from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id, payment_shape s
    where p.distribution_id = any (visible)
      and (not policies or p.distribution_id in (select y.id from payable y))
    group by p.distribution_id),
  annotations as (
    select n.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(n)) e)
                     order by n.created_on, n.id) as docs
    from app_public.distribution_annotations n, annotation_shape s
    where n.distribution_id = any (visible)
      and (not policies or app_private.sees_distribution_annotations((select app_private.current_account_type())))
    group by n.distribution_id),
  custom_fields as (
    select f.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(f)) e)
                     order by f.name) as docs
    from app_public.distribution_custom_fields f, field_shape s
    where f.distribution_id = any (visible)
      and (not policies or app_private.sees_distribution_custom_fields((select app_private.current_account_type())))
    group by f.distribution_id),
  schedules as (
    select v.distribution_id,
           (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                              case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
            from jsonb_each(to_jsonb(v)) e) as doc
    from app_public.vesting_schedules v, schedule_shape s
    where v.distribution_id = any (visible)),
  ids as (
    select distribution_id from prices union select distribution_id from payments
    union select distribution_id from annotations union select distribution_id from custom_fields
    union select distribution_id from schedules)
  select i.distribution_id, prices.docs, payments.docs, annotations.docs, custom_fields.docs, schedules.doc
  from ids i
    left join prices on prices.distribution_id = i.distribution_id
    left join payments on payments.distribution_id = i.distribution_id
    left join annotations on annotations.distribution_id = i.distribution_id
    left join custom_fields on custom_fields.distribution_id = i.distribution_id
    left join schedules on schedules.distribution_id = i.distribution_id
$function$;
grant execute on function app_private.distribution_children_of(uuid[],boolean) to app_user;

create or replace function app_private.distribution_children(ids uuid[])
  returns table(distribution_id uuid, prices jsonb, payments jsonb, annotations jsonb, custom_fields jsonb, vesting_schedule jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select * from app_private.distribution_children_of(array(select app_private.visible_distribution_ids_among(ids)), true)
$function$;
grant execute on function app_private.distribution_children(uuid[]) to app_user;

create or replace function app_private.distribution_paid_ins(ids uuid[])
  returns table(distribution_id uuid, paid_in numeric)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
    select p.distribution_id, sum(p.amount) from app_public.distribution_payments p
    where p.distribution_id = any (ids) and p.status = 'paid'
      and (not app_private.request_reader()
           or p.distribution_id in (select app_private.visible_distribution_ids_among(ids)))
    group by p.distribution_id
  $function$;
grant execute on function app_private.distribution_paid_ins(uuid[]) to app_user;

-- The paid-in capital of the given distributions without looking at who reads (row-level security inactive: the
-- superuser, or the ready documents' build, replication/40_ready_documents.sql).
create or replace function app_private.distribution_paid_ins_of(ids uuid[])
  returns table(distribution_id uuid, paid_in numeric)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public'
as $function$
    select p.distribution_id, sum(p.amount) from app_public.distribution_payments p
    where p.distribution_id = any (ids) and p.status = 'paid'
    group by p.distribution_id
  $function$;
grant execute on function app_private.distribution_paid_ins_of(uuid[]) to app_user;

create or replace function app_private.process_documents_of(visible uuid[])
  returns table(distribution_id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with processes as (select p.* from app_public.processes p where p.distribution_id = any (visible)),
  shape as (select * from app_private.document_shape('app_public.processes')),
  step_shape as (select * from app_private.document_shape('app_public.steps')),
  steps as (
    select st.process_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(st)) e)
                     -- who did the step in person (sync/database/in-person/10_sessions.sql), or null
                     || jsonb_build_object('inPerson', app_private.step_in_person(st.in_person_session_id,
                          st.done_at_device, st.in_person_received_at))
                     order by st.parent_id nulls first, st."order", st.created_on, st.id) as docs
    from app_public.steps st, step_shape s
    where st.process_id in (select p.id from processes p)
    group by st.process_id)
  select p.distribution_id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(p)) e)
    || jsonb_build_object('steps', coalesce(steps.docs, '[]'::jsonb))
  from processes p cross join shape s left join steps on steps.process_id = p.id
$function$;
grant execute on function app_private.process_documents_of(uuid[]) to app_user;

create or replace function app_private.process_documents_among(ids uuid[])
  returns table(distribution_id uuid, doc jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select * from app_private.process_documents_of(array(select app_private.visible_distribution_ids_among(ids)))
$function$;
grant execute on function app_private.process_documents_among(uuid[]) to app_user;

create or replace function app_private.process_documents(ids uuid[])
  returns table(distribution_id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select * from app_private.process_documents_among(ids) where row_security_active('app_public.distributions')
  union all
  select * from app_private.process_documents_of(ids) where not row_security_active('app_public.distributions')
$function$;
grant execute on function app_private.process_documents(uuid[]) to app_user;

create or replace function app_private.distribution_qualification_lists_of(visible uuid[])
  returns table(distribution_id uuid, docs jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with qualifications as (
    select q.* from app_public.distribution_qualifications q where q.distribution_id = any (visible)),
  completeness as (
    -- complete: the qualification has steps and none of them is other than complete
    select s.distribution_qualification_id as id, not coalesce(bool_or(s.status <> 'complete'), false) as complete
    from app_public.steps s join app_public.processes p on p.id = s.process_id
    where s.distribution_qualification_id in (select q.id from qualifications q)
      and p.distribution_id = any (visible)
    group by s.distribution_qualification_id)
  select q.distribution_id,
         jsonb_agg(jsonb_build_object('id', q.id, 'vendorQualificationId', q.vendor_qualification_id,
                                      'executeOrder', q.execute_order, 'name', v.name,
                                      'complete', coalesce(c.complete, false))
                   order by q.execute_order, q.created_on, q.id)
  from qualifications q
    left join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
    left join completeness c on c.id = q.id
  group by q.distribution_id
$function$;
grant execute on function app_private.distribution_qualification_lists_of(uuid[]) to app_user;

create or replace function app_private.distribution_qualification_lists_among(ids uuid[])
  returns table(distribution_id uuid, docs jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  select * from app_private.distribution_qualification_lists_of(
    array(select app_private.visible_distribution_ids_among(ids)))
$function$;
grant execute on function app_private.distribution_qualification_lists_among(uuid[]) to app_user;

-- Which of the given distributions a transfer request made for its transferee (transfers.onboarding_distribution_id,
-- transfers/12_onboarding.sql; it stays the new holding's distribution after the approval). Their units move between
-- holders: no capital raised and no units issued by the issuer, so the round's totals leave them out (docs/CLIENT.md
-- "Round page"). Security definer: a reader who sees the distribution need not see the request (a broker of the
-- round), and the flag says nothing more about it.
create or replace function app_private.transfer_distribution_ids_among(ids uuid[])
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select distinct t.onboarding_distribution_id from app_public.transfers t where t.onboarding_distribution_id = any (ids)
$function$;
grant execute on function app_private.transfer_distribution_ids_among(uuid[]) to app_user;

create or replace function app_private.docs_distributions(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with page as (select d.* from app_public.distributions d where d.id = any (ids)),
  shape as (select * from app_private.document_shape('app_public.distributions')),
  investors as (select * from app_private.account_summaries(array(select distinct p.investor_id from page p))),
  paid as (
    select * from app_private.distribution_paid_ins(ids) where row_security_active('app_public.distributions')
    union all
    select * from app_private.distribution_paid_ins_of(ids) where not row_security_active('app_public.distributions')),
  -- Under row-level security the children of the page's visible distributions (the *_among functions state the
  -- policies for a page of ids); without it (the superuser) every child.
  children as (
    select * from app_private.distribution_children(ids) where row_security_active('app_public.distributions')
    union all
    select * from app_private.distribution_children_of(ids, false) where not row_security_active('app_public.distributions')),
  lists as (
    select * from app_private.distribution_qualification_lists_among(ids)
    where row_security_active('app_public.distributions')
    union all
    select * from app_private.distribution_qualification_lists_of(ids)
    where not row_security_active('app_public.distributions')),
  allocations as (
    select al.id, jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id, 'ownerId', al.owner_id) as doc
    from app_public.allocations al
    where al.id in (select p.allocation_id from page p)),
  by_transfer as (select x.id from app_private.transfer_distribution_ids_among(ids) as x(id))
  select d.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(d)) e)
    || jsonb_build_object(
      -- Agents never receive prices (the distributions report leaves them out for agents).
      'purchasePrice', case when not app_private.sees_distribution_prices((select app_private.current_account_type())) then null
                        else d.purchase_price::text end,
      'prices', coalesce(c.prices, '[]'::jsonb),
      'payments', coalesce(c.payments, '[]'::jsonb),
      'paidInCapital', coalesce(paid.paid_in, 0)::text,
      'annotations', coalesce(c.annotations, '[]'::jsonb),
      'customFields', coalesce(c.custom_fields, '[]'::jsonb),
      'vestingSchedule', c.vesting_schedule,
      'investor', i.summary,
      'allocation', allocations.doc,
      'process', process.doc,
      'qualifications', coalesce(l.docs, '[]'::jsonb),
      'byTransfer', d.id in (select b.id from by_transfer b),
      '_deleted', false)
  from page d
    cross join shape s
    left join investors i on i.id = d.investor_id
    left join paid on paid.distribution_id = d.id
    left join children c on c.distribution_id = d.id
    left join allocations on allocations.id = d.allocation_id
    left join app_private.process_documents(ids) process on process.distribution_id = d.id
    left join lists l on l.distribution_id = d.id
$function$;
grant execute on function app_private.docs_distributions(uuid[]) to app_user;
