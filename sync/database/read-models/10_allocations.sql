-- The allocations read model (RxDB collection "allocations"): one document per allocation the reader may see, with
-- its annotations, vesting schedule, e-mail preference, offering links (each with its agent), owner summary, the
-- qualifications it requires and the owner's active qualifications to choose from. Built under the reader's
-- row-level security: a child the reader may not see is left out.

create or replace function app_private.offering_link_agents(allocation_ids uuid[])
  returns table(link_id uuid, agent jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select l.id, jsonb_build_object('id', a.id, 'name', a.name, 'email', a.email)
    from app_public.allocation_offering_links l join app_public.accounts a on a.id = l.agent_id
    where l.allocation_id = any (allocation_ids)
      and l.allocation_id in (select app_private.staff_allocation_ids())
  $function$;
grant execute on function app_private.offering_link_agents(uuid[]) to app_user;

create or replace function app_private.docs_allocations(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  with agents as (select * from app_private.offering_link_agents(ids))
  select al.id, app_private.live_document(
    app_private.row_document(to_jsonb(al), 'app_public.allocations')
    || jsonb_build_object(
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.allocation_annotations')
                      from app_public.allocation_annotations n where n.allocation_id = al.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.allocation_id = al.id),
      'emailPreference', (select app_private.row_document(to_jsonb(e), 'app_public.allocation_email_preferences')
                          from app_public.allocation_email_preferences e where e.allocation_id = al.id),
      -- each link with its agent ({id, name, email}) when the reader is the allocation's staff, else null
      'offeringLinks', case when jsonb_typeof(links.docs) = 'array' then coalesce((
          select jsonb_agg(l.value || jsonb_build_object('agent', ag.agent) order by l.ordinality)
          from jsonb_array_elements(links.docs) with ordinality as l(value, ordinality)
          left join agents ag on ag.link_id = (l.value ->> 'id')::uuid), '[]'::jsonb)
        else links.docs end,
      'owner', app_private.account_summary(al.owner_id),
      'qualifications', coalesce((
        select jsonb_agg(jsonb_build_object('id', q.id, 'vendorQualificationId', q.vendor_qualification_id,
                                            'executeOrder', q.execute_order, 'name', v.name, 'active', v.active)
                         order by q.execute_order, q.created_on, q.id)
        from app_public.allocation_qualifications q
        left join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
        where q.allocation_id = al.id), '[]'::jsonb),
      -- the owner's active qualifications, to choose from
      'vendorQualifications', coalesce((
        select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'active', v.active) order by v.name, v.id)
        from app_public.vendor_qualifications v
        where v.account_id = al.owner_id and v.active), '[]'::jsonb)
    ))
  from app_public.allocations al
    cross join lateral (
      select app_private.row_documents(jsonb_agg(to_jsonb(l) order by l.created_on, l.id),
                                       'app_public.allocation_offering_links') as docs
      from app_public.allocation_offering_links l where l.allocation_id = al.id) links
  where al.id = any (ids)
$function$;
grant execute on function app_private.docs_allocations(uuid[]) to app_user;
