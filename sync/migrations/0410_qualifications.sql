-- Qualifications with order on the allocation and distribution tabs (issue 6; spec part 2, allocation page):
-- * makeDistributionQualifications(distributionId, vendorQualificationIds, ids) links several vendor
--   qualifications to a distribution after its last one (the ids are the client's, so queued commands can refer to
--   them); updateDistributionQualificationOrder(id, executeOrder) moves one. Allocation qualifications use the
--   PostGraphile CRUD mutations of 0400 (create/update executeOrder/delete by id).
-- * RLS of 0400 (owner of the allocation, not a viewer) holds for both; a locked distribution refuses any change to
--   its qualifications (LL423), like its custom fields and prices.
-- * Custom fields: name and value required (LL422, the spec's messages).
-- * Read models: allocations carry `qualifications` (by executeOrder, with the vendor qualification's name) and
--   `vendorQualifications` (the owner's active ones, the choices); distributions carry `qualifications` (by
--   executeOrder, with name and `complete`: every step of that qualification is complete). The functions of
--   0160/0300/0302/0400 are wrapped, so every field they return stays.

-- ---------------------------------------------------------------------------------------------------------------
-- Rules.

create trigger _200_locked before insert or update or delete on app_public.distribution_qualifications
  for each row execute function app_private.tg_distribution_children__locked();

create function app_private.tg_distribution_custom_fields__rules() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.name is null or trim(new.name) = '' then
    raise exception 'Custom field name is required' using errcode = 'LL422';
  end if;
  if new.value is null or trim(new.value) = '' then
    raise exception 'Custom field value is required' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$$;
create trigger _310_rules before insert or update on app_public.distribution_custom_fields
  for each row execute function app_private.tg_distribution_custom_fields__rules();

-- ---------------------------------------------------------------------------------------------------------------
-- Functions (security invoker: RLS and the write guard decide).

create function app_public.make_distribution_qualifications(
  distribution_id uuid, vendor_qualification_ids uuid[], ids uuid[] default null
) returns setof app_public.distribution_qualifications
  language plpgsql volatile
  set search_path = pg_catalog, app_public, app_private
as $$
#variable_conflict use_column
declare
  next_order integer;
  i integer;
begin
  if vendor_qualification_ids is null or cardinality(vendor_qualification_ids) = 0 then
    raise exception 'A qualification is required.' using errcode = 'LL422';
  end if;
  if ids is not null and cardinality(ids) <> cardinality(vendor_qualification_ids) then
    raise exception 'One id per qualification is required.' using errcode = 'LL422';
  end if;
  if not exists (select 1 from app_private.editable_distribution_ids() e
                 where e = make_distribution_qualifications.distribution_id) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select coalesce(max(q.execute_order), 0) + 1 into next_order
    from app_public.distribution_qualifications q where q.distribution_id = make_distribution_qualifications.distribution_id;
  for i in 1 .. cardinality(vendor_qualification_ids) loop
    return query
      insert into app_public.distribution_qualifications as q (id, distribution_id, vendor_qualification_id, execute_order)
      values (coalesce(ids[i], gen_random_uuid()), make_distribution_qualifications.distribution_id,
              vendor_qualification_ids[i], next_order)
      on conflict (distribution_id, vendor_qualification_id) do nothing
      returning q.*;
    next_order := next_order + 1;
  end loop;
end;
$$;

create function app_public.update_distribution_qualification_order(id uuid, execute_order integer)
  returns app_public.distribution_qualifications
  language plpgsql volatile
  set search_path = pg_catalog, app_public, app_private
as $$
#variable_conflict use_column
declare
  result app_public.distribution_qualifications;
begin
  if execute_order is null or execute_order < 0 then
    raise exception 'Order must be a number.' using errcode = 'LL422';
  end if;
  update app_public.distribution_qualifications q set execute_order = update_distribution_qualification_order.execute_order
    where q.id = update_distribution_qualification_order.id
    returning q.* into result;
  if result.id is null then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  return result;
end;
$$;

grant execute on function
  app_public.make_distribution_qualifications(uuid, uuid[], uuid[]),
  app_public.update_distribution_qualification_order(uuid, integer)
  to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- Read models.

alter function app_private.docs_allocations(uuid[]) rename to docs_allocations_before_qualifications;

create function app_private.docs_allocations(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, b.doc || jsonb_build_object(
    'qualifications', coalesce((
      select jsonb_agg(jsonb_build_object('id', q.id, 'vendorQualificationId', q.vendor_qualification_id,
                                          'executeOrder', q.execute_order, 'name', v.name, 'active', v.active)
                       order by q.execute_order, q.created_on, q.id)
      from app_public.allocation_qualifications q
      left join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
      where q.allocation_id = b.id), '[]'::jsonb),
    'vendorQualifications', coalesce((
      select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'active', v.active) order by v.name, v.id)
      from app_public.vendor_qualifications v
      join app_public.allocations al on al.id = b.id and v.account_id = al.owner_id
      where v.active), '[]'::jsonb))
  from app_private.docs_allocations_before_qualifications(ids) b
$$;

alter function app_private.docs_distributions(uuid[]) rename to docs_distributions_before_qualifications;

create function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, b.doc || jsonb_build_object(
    'qualifications', coalesce((
      select jsonb_agg(jsonb_build_object('id', q.id, 'vendorQualificationId', q.vendor_qualification_id,
                                          'executeOrder', q.execute_order, 'name', v.name,
                                          'complete', exists (select 1 from app_public.steps s
                                                              where s.distribution_qualification_id = q.id)
                                                      and not exists (select 1 from app_public.steps s
                                                              where s.distribution_qualification_id = q.id
                                                                and s.status <> 'complete'))
                       order by q.execute_order, q.created_on, q.id)
      from app_public.distribution_qualifications q
      left join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
      where q.distribution_id = b.id), '[]'::jsonb))
  from app_private.docs_distributions_before_qualifications(ids) b
$$;

grant execute on function
  app_private.docs_allocations(uuid[]),
  app_private.docs_distributions(uuid[])
  to app_user;

select app_private.replicate('app_public.allocation_qualifications', 'allocations', 'allocation_id');
select app_private.replicate('app_public.distribution_qualifications', 'distributions', 'distribution_id');

-- A vendor qualification renamed, (de)activated or added changes the choices of every allocation its account owns.
create function app_private.tg_vendor_qualifications__changes() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  perform app_private.record_document_change('allocations', al.id)
  from app_public.allocations al
  where al.owner_id = case when tg_op = 'DELETE' then old.account_id else new.account_id end;
  return null;
end;
$$;
create trigger _900_changes_allocations after insert or update or delete on app_public.vendor_qualifications
  for each row execute function app_private.tg_vendor_qualifications__changes();
