-- makeAllocationOfferingLink: an offering link of an allocation for an agent, named by the agent's email (the
-- allocation's owner does not see agent accounts, so the server resolves it). Owner of an open or active
-- allocation only (spec: links are editable when owner and allocation active). The client sends the link's id.
create function app_public.make_allocation_offering_link(
  allocation_id uuid, name text, agent_email text, id uuid default null
) returns app_public.allocation_offering_links
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  allocation app_public.allocations;
  agent uuid;
  link_id uuid := coalesce(make_allocation_offering_link.id, gen_random_uuid());
  link app_public.allocation_offering_links;
begin
  perform app_private.require_writer('{issuer,broker}');
  select al.* into allocation from app_public.allocations al
    where al.id = make_allocation_offering_link.allocation_id and al.id in (select app_private.editable_allocation_ids());
  if allocation.id is null or allocation.status not in ('open', 'active') then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if name is null or trim(name) = '' then
    raise exception 'Name is required.' using errcode = 'LL422';
  end if;
  if agent_email is null or trim(agent_email) = '' then
    raise exception 'Agent Email is required.' using errcode = 'LL422';
  end if;
  select a.id into agent from app_public.accounts a
    where a.type = 'agent' and lower(a.email) = lower(trim(agent_email)) order by a.created_on limit 1;
  if agent is null then
    raise exception 'No agent account uses this email.' using errcode = 'LL422';
  end if;
  insert into app_public.allocation_offering_links (id, allocation_id, agent_id, name, authorized_link, unauthorized_link)
    values (link_id, allocation.id, agent, trim(name),
            '/offer-wall/' || allocation.id || '/offering/' || allocation.id || '?link=' || link_id,
            '/offer-wall/' || allocation.id || '/offering/' || allocation.id)
    returning * into link;
  return link;
end
$$;
grant execute on function app_public.make_allocation_offering_link(uuid, text, text, uuid) to app_user;
