-- Allocations: their rules (dates ordered, a broker allocation needs a broker, an annotation needs a note), offering
-- links (makeAllocationOfferingLink, open_offering, investorOfferingDetailsById), the allocation import
-- (bulkAllocation) and the qualifications an allocation or distribution requires (makeDistributionQualifications,
-- updateDistributionQualificationOrder).

create or replace function app_private.open_offering(offering uuid)
  returns app_public.allocations
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select al.* from app_public.allocations al join app_public.rounds r on r.id = al.round_id
  where al.id = offering and al.status in ('open', 'active') and r.status = 'active'
$function$;

create or replace function app_private.tg_allocations__dates_ordered()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.closes_on < new.opens_on then
    raise exception 'Closes on must not be before opens on.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_allocations__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if tg_op = 'UPDATE' and old.status = 'stale' then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if new.name is null or trim(new.name) = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if new.opens_on is null then
    raise exception 'Opens on is a required field.' using errcode = 'LL422';
  end if;
  if new.closes_on is null then
    raise exception 'Closes on is a required field.' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$function$;

create or replace function app_private.tg_annotations__note_required()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.annotation is null or trim(new.annotation) = '' then
    raise exception 'Note is required' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_broker_allocations__broker_required()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.broker_id is null then
    raise exception 'A broker is required.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_broker_allocations__rules()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.broker_id is null then
    raise exception 'A broker is required.' using errcode = 'LL422';
  end if;
  if tg_op = 'UPDATE' and current_user = 'app_user' then
    if app_private.current_account_type() = 'broker' then
      if new.name is distinct from old.name or new.managed_units is distinct from old.managed_units then
        raise exception 'Operation not allowed' using errcode = 'LL403',
          detail = 'a broker may only accept or reject an invitation';
      end if;
      if new.status is distinct from old.status
          and (old.status <> 'sent' or new.status not in ('accepted', 'rejected')) then
        raise exception 'Operation not allowed' using errcode = 'LL403',
          detail = format('status %s cannot become %s', old.status, new.status);
      end if;
    elsif new.status is distinct from old.status then
      raise exception 'Operation not allowed' using errcode = 'LL403',
        detail = 'only the invited broker accepts or rejects';
    end if;
  end if;
  return new;
end
$function$;

create or replace function app_public.bulk_allocation(allocation_id uuid, file_name text, rows app_public.allocation_row[])
  returns setof app_public.distributions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  problems text[] := '{}';
  seen text[] := '{}';
  item record;
  line integer;
  email_text text;
  amount_text text;
begin
  perform app_private.require_writer('{issuer,broker}');
  if file_name is null or file_name !~* '\.csv$' then
    raise exception 'Only .csv files can be imported.' using errcode = 'LL422';
  end if;
  if bulk_allocation.allocation_id not in (select app_private.editable_allocation_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if rows is null or cardinality(rows) = 0 then
    raise exception 'The file has no rows.' using errcode = 'LL422';
  end if;
  -- The fields are typed by allocation_row (the API refuses a wrongly typed one); what is checked here is their values.
  for item in select r.* from unnest(rows) with ordinality as r("row", id, email, name, amount, ord) loop
    -- The file's row as the device numbered it (the header is row 1), else the position after the header.
    line := case when item."row" >= 0 then item."row" else item.ord::integer + 1 end;
    email_text := trim(coalesce(item.email, ''));
    if email_text = '' then
      problems := problems || format('Row %s: Email is required.', line);
    elsif email_text !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      problems := problems || format('Row %s: Please enter a valid email address.', line);
    elsif lower(email_text) = any (seen) then
      problems := problems || format('Row %s: This email appears more than once in the file.', line);
    end if;
    if email_text <> '' then
      seen := seen || lower(email_text);
    end if;
    amount_text := trim(coalesce(item.amount, ''));
    if amount_text = '' then
      problems := problems || format('Row %s: Amount is required.', line);
    elsif position(',' in amount_text) > 0 then
      problems := problems || format('Row %s: Numbers must not contain commas.', line);
    elsif amount_text !~ '^\d+(\.\d+)?$' or amount_text::numeric <= 0 then
      problems := problems || format('Row %s: Amount must be greater than 0.', line);
    end if;
  end loop;
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, chr(10)) using errcode = 'LL422';
  end if;
  -- set-based: the same rows and changes as make_distribution per row (distributions/20_bulk.sql)
  return query select * from app_private.make_distributions(bulk_allocation.allocation_id, to_jsonb(rows));
end
$function$;
grant execute on function app_public.bulk_allocation(uuid,text,app_public.allocation_row[]) to app_user;

create or replace function app_public.investor_offering_details_by_id(id uuid)
  returns app_public.offering_details
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  offering app_public.allocations := app_private.open_offering(investor_offering_details_by_id.id);
  details app_public.offering_details;
begin
  if app_private.current_account_type() is distinct from 'investor' then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if offering.id is null then
    raise exception 'Offering not found' using errcode = 'LL404';
  end if;
  select offering.id, issuer.name, seller.name, a.name, r.name, r.price into details
  from app_public.rounds r
  join app_public.assets a on a.id = r.asset_id
  join app_public.accounts issuer on issuer.id = a.issuer_id
  join app_public.accounts seller on seller.id = offering.owner_id
  where r.id = offering.round_id;
  return details;
end;
$function$;

comment on function app_public.investor_offering_details_by_id(uuid) is
  'An open offering as an investor sees it before investing.';
grant execute on function app_public.investor_offering_details_by_id(uuid) to app_user;

-- The agent is named by its account's id (agentId, the spec's call, picked from allVendorAgents) or by its email
-- (agentEmail, the link form's field); one of them is required.
create or replace function app_public.make_allocation_offering_link(allocation_id uuid, name text, agent_email text DEFAULT NULL::text, id uuid DEFAULT NULL::uuid, agent_id uuid DEFAULT NULL::uuid)
  returns app_public.allocation_offering_links
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
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
  if make_allocation_offering_link.agent_id is not null then
    select a.id into agent from app_public.accounts a
      where a.type = 'agent' and a.id = make_allocation_offering_link.agent_id;
    if agent is null then
      raise exception 'No agent account has this id.' using errcode = 'LL422';
    end if;
  else
    if agent_email is null or trim(agent_email) = '' then
      raise exception 'Agent Email is required.' using errcode = 'LL422';
    end if;
    select a.id into agent from app_public.accounts a
      where a.type = 'agent' and lower(a.email) = lower(trim(agent_email)) order by a.created_on limit 1;
    if agent is null then
      raise exception 'No agent account uses this email.' using errcode = 'LL422';
    end if;
  end if;
  insert into app_public.allocation_offering_links (id, allocation_id, agent_id, name, authorized_link, unauthorized_link)
    values (link_id, allocation.id, agent, trim(name),
            '/offer-wall/' || allocation.id || '/offering/' || allocation.id || '?link=' || link_id,
            '/offer-wall/' || allocation.id || '/offering/' || allocation.id)
    returning * into link;
  return link;
end
$function$;
grant execute on function app_public.make_allocation_offering_link(uuid,text,text,uuid,uuid) to app_user;

create or replace function app_public.make_distribution_qualifications(distribution_id uuid, vendor_qualification_ids uuid[], ids uuid[] DEFAULT NULL::uuid[])
  returns setof app_public.distribution_qualifications
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_public.make_distribution_qualifications(uuid,uuid[],uuid[]) to app_user;

create or replace function app_public.update_distribution_qualification_order(id uuid, execute_order integer)
  returns app_public.distribution_qualifications
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_public.update_distribution_qualification_order(uuid,integer) to app_user;

-- Where these functions fire.
create or replace trigger _310_note_required BEFORE INSERT OR UPDATE ON app_public.allocation_annotations FOR EACH ROW
  execute function app_private.tg_annotations__note_required();
create or replace trigger _310_rules BEFORE INSERT OR UPDATE ON app_public.allocations FOR EACH ROW
  execute function app_private.tg_allocations__rules();
create or replace trigger _811_dates_ordered BEFORE INSERT OR UPDATE OF opens_on, closes_on ON app_public.allocations FOR EACH ROW
  execute function app_private.tg_allocations__dates_ordered();
-- The allocation's name and round are in its distributions' documents.
create or replace trigger _910_embedded AFTER UPDATE ON app_public.allocations FOR EACH ROW
  when ((new.name, new.round_id) is distinct from (old.name, old.round_id))
  execute function app_private.record_related_changes('distributions', 'id',
    $$select d.id from app_public.distributions d where d.allocation_id = any ($1)$$);
create or replace trigger _290_broker_required BEFORE INSERT ON app_public.broker_allocations FOR EACH ROW
  execute function app_private.tg_broker_allocations__broker_required();
create or replace trigger _300_rules BEFORE INSERT OR UPDATE ON app_public.broker_allocations FOR EACH ROW
  execute function app_private.tg_broker_allocations__rules();
create or replace trigger _310_note_required BEFORE INSERT OR UPDATE ON app_public.distribution_annotations FOR EACH ROW
  execute function app_private.tg_annotations__note_required();

-- A vendor qualification changed: the documents of its account's allocations.
create or replace trigger _900_changes_allocations after insert or update or delete on app_public.vendor_qualifications
  for each row execute function app_private.record_related_changes('allocations', 'account_id',
    $$select al.id from app_public.allocations al where al.owner_id = any ($1)$$);
