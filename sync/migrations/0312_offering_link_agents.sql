-- The allocation page's links tab shows each offering link with its agent (spec part 2: AllocationOfferingLink has
-- an agent (id, name, email); issue 6: "links (offering links with agent)"). The allocation's owner does not read
-- agent accounts (0303 resolves the agent from the email the owner typed), so the agent's id, name and email come
-- from a definer helper, only for links of allocations the reader works with, and travel in the allocation read
-- model as offeringLinks[].agent. The allocation document function is wrapped (renamed and called), as 0410 does,
-- so fields others add to it stay.

create function app_private.offering_link_agents(allocation_ids uuid[]) returns table (link_id uuid, agent jsonb)
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select l.id, jsonb_build_object('id', a.id, 'name', a.name, 'email', a.email)
    from app_public.allocation_offering_links l join app_public.accounts a on a.id = l.agent_id
    where l.allocation_id = any (allocation_ids)
      and l.allocation_id in (select app_private.staff_allocation_ids())
  $$;

alter function app_private.docs_allocations(uuid[]) rename to docs_allocations_before_link_agents;

create function app_private.docs_allocations(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  with agents as (select * from app_private.offering_link_agents(ids))
  select b.id,
    case when jsonb_typeof(b.doc -> 'offeringLinks') = 'array' then
      jsonb_set(b.doc, '{offeringLinks}', coalesce((
        select jsonb_agg(l.value || jsonb_build_object('agent', ag.agent) order by l.ordinality)
        from jsonb_array_elements(b.doc -> 'offeringLinks') with ordinality as l(value, ordinality)
        left join agents ag on ag.link_id = (l.value ->> 'id')::uuid), '[]'::jsonb))
    else b.doc end
  from app_private.docs_allocations_before_link_agents(ids) b
$$;

grant execute on function
  app_private.offering_link_agents(uuid[]),
  app_private.docs_allocations(uuid[])
  to app_user;

-- Devices holding allocations with links pull them again, now with their agents.
select app_private.record_document_change('allocations', l.allocation_id)
from (select distinct allocation_id from app_public.allocation_offering_links) l;
