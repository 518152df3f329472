-- The investor pays last (issue 37): a round's Payment step could come before the signing of the subscription
-- agreement, when a qualification was added after the round's offering was mapped (numbered past the Payment's 1000,
-- or appended to a process already built). New processes and new qualifications keep the Payment last
-- (onboarding/10_process.sql payment_steps_last, payments/30_payment_step.sql _610_payment_last); this puts the ones
-- already stored in that order. Distributions issued (locked) are history and stay as they are.

-- The lists: the Payment qualification behind the allocation's or distribution's other qualifications.
with others as (
  select q.allocation_id, max(q.execute_order) as last from app_public.allocation_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
  where not coalesce(v.steps @> '[{"type": "payment"}]'::jsonb, false)
  group by q.allocation_id
)
update app_public.allocation_qualifications q set execute_order = others.last + 1
  from app_public.vendor_qualifications v, others
  where v.id = q.vendor_qualification_id and coalesce(v.steps @> '[{"type": "payment"}]'::jsonb, false)
    and others.allocation_id = q.allocation_id and q.execute_order <= others.last;

with others as (
  select q.distribution_id, max(q.execute_order) as last from app_public.distribution_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
    join app_public.distributions d on d.id = q.distribution_id and not d.locked
  where not coalesce(v.steps @> '[{"type": "payment"}]'::jsonb, false)
  group by q.distribution_id
)
update app_public.distribution_qualifications q set execute_order = others.last + 1
  from app_public.vendor_qualifications v, others
  where v.id = q.vendor_qualification_id and coalesce(v.steps @> '[{"type": "payment"}]'::jsonb, false)
    and others.distribution_id = q.distribution_id and q.execute_order <= others.last;

-- The steps: a payment step no trade has started yet moves behind the process's other top-level steps (as
-- payment_steps_last does), then the process's current step is worked out again.
create temporary table payment_last_moved (process_id uuid primary key) on commit drop;

with movable as (
  select s.id, s.process_id, row_number() over (partition by s.process_id order by s."order", s.created_on, s.id) as n
  from app_public.steps s
    join app_public.processes p on p.id = s.process_id
    join app_public.distributions d on d.id = p.distribution_id and not d.locked
  where s.parent_id is null and s.type = 'payment' and s.status in ('not_started', 'in_progress')
    and not s.output_data ? 'payment'
), others as (
  select s.process_id, max(s."order") as last from app_public.steps s
  where s.parent_id is null and s.id not in (select m.id from movable m)
  group by s.process_id
), late as (
  select distinct m.process_id from movable m join app_public.steps s on s.id = m.id
    join others o on o.process_id = m.process_id
  where s."order" <= o.last
), moved as (
  update app_public.steps s set "order" = others.last + movable.n,
      status = case when s.status = 'in_progress' then 'not_started' else s.status end
  from movable, others
  where s.id = movable.id and others.process_id = movable.process_id
    and movable.process_id in (select l.process_id from late l)
  returning s.process_id
)
insert into payment_last_moved select distinct process_id from moved;

do $$
declare
  moved uuid;
begin
  for moved in select process_id from payment_last_moved loop
    perform app_private.refresh_process(moved);
  end loop;
end
$$;
