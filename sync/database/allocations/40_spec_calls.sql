-- The spec's names of the allocation screens that the API lacked (issue 35, item 3): the agents a vendor may name on an
-- offering link (allVendorAgents, VendorAgent), a vesting schedule's periods (vestingEvents, beside currentPeriod)
-- and notes by the spec's annotation type (makeAnnotations: 'Unsupported type supplied to annotation from.').
-- (createAllocationsVestingSchedule and updateAllocationsVestingScheduleById are the GraphQL names of
-- createVestingSchedule and updateVestingScheduleById: sync/graphql/spec-names.ts.) Everything runs as the caller:
-- the policies of vesting_schedules, accounts and the annotation tables decide.

create or replace function app_public.vesting_schedules_vesting_events(v app_public.vesting_schedules)
  returns setof app_public.vesting_event
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select k, v.starts_on + make_interval(months => k - 1), v.starts_on + make_interval(months => k),
         v.starts_on + make_interval(months => k) <= now()
    from generate_series(1, v.periods) k
   where v.starts_on is not null
   order by k
$function$;
comment on function app_public.vesting_schedules_vesting_events(app_public.vesting_schedules) is
  'The schedule''s periods, one a month from startsOn (startPeriod, endPeriod); currentPeriod is the number of those that have ended.';
grant execute on function app_public.vesting_schedules_vesting_events(app_public.vesting_schedules) to app_user;

-- The agents a vendor (issuer or broker) may name on an offering link: the agent accounts it sees (the accounts'
-- policy: issuers, brokers, trading systems and agents see each other). Other readers see none.
create or replace view app_public.vendor_agents with (security_invoker = true) as
  select a.id, a.name, a.email, a.contact_name, a.created_on
    from app_public.accounts a
   where a.type = 'agent' and app_private.current_account_type() in ('issuer', 'broker', 'admin');
comment on view app_public.vendor_agents is E'@primaryKey id\n@omit create,update,delete\n@foreignKey (id) references app_public.accounts (id)|@fieldName account\nAn agent account a vendor (issuer or broker) may name on an offering link (makeAllocationOfferingLink agentId): the spec''s VendorAgent.';
grant select on app_public.vendor_agents to app_user;

create or replace function app_public.make_annotations(type text, parent_ids uuid[], annotation text, ids uuid[] DEFAULT NULL::uuid[])
  returns uuid[]
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  made uuid[] := '{}';
  note_id uuid;
  i integer;
begin
  if make_annotations.type is null or make_annotations.type not in ('allocation', 'distribution') then
    raise exception 'Unsupported type supplied to annotation from.' using errcode = 'LL422';
  end if;
  if make_annotations.parent_ids is null or cardinality(make_annotations.parent_ids) = 0 then
    return made;
  end if;
  if ids is not null and cardinality(ids) <> cardinality(parent_ids) then
    raise exception 'One id per annotation is required.' using errcode = 'LL422';
  end if;
  for i in 1 .. cardinality(parent_ids) loop
    note_id := coalesce(ids[i], gen_random_uuid());
    if make_annotations.type = 'allocation' then
      insert into app_public.allocation_annotations (id, allocation_id, annotation)
        values (note_id, parent_ids[i], make_annotations.annotation);
    else
      insert into app_public.distribution_annotations (id, distribution_id, annotation)
        values (note_id, parent_ids[i], make_annotations.annotation);
    end if;
    made := made || note_id;
  end loop;
  return made;
end
$function$;
comment on function app_public.make_annotations(text, uuid[], text, uuid[]) is
  'A note on each of the given allocations or distributions (type allocation or distribution; any other type is refused with the spec''s text). Returns the notes'' ids.';
grant execute on function app_public.make_annotations(text, uuid[], text, uuid[]) to app_user;
