-- bulkAllocation: the allocation cap-table CSV import. The device parses the .csv (spec: .csv only, numbers without
-- commas) and sends its rows in one command, so an import made offline is applied once when the device reconnects.
-- All or nothing: every row is checked first and the errors of all bad rows are reported together (LL422).
create function app_public.bulk_allocation(allocation_id uuid, file_name text, rows jsonb)
  returns setof app_public.distributions
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  problems text[] := '{}';
  item jsonb;
  line integer := 1;
  amount_text text;
  email_text text;
begin
  perform app_private.require_writer('{issuer,broker}');
  if file_name is null or file_name !~* '\.csv$' then
    raise exception 'Only .csv files can be imported.' using errcode = 'LL422';
  end if;
  if bulk_allocation.allocation_id not in (select app_private.editable_allocation_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if rows is null or jsonb_typeof(rows) <> 'array' or jsonb_array_length(rows) = 0 then
    raise exception 'The file has no rows.' using errcode = 'LL422';
  end if;
  for item in select value from jsonb_array_elements(rows) loop
    line := line + 1;
    email_text := trim(coalesce(item ->> 'email', ''));
    amount_text := trim(coalesce(item ->> 'amount', ''));
    if email_text = '' then
      problems := problems || format('Row %s: Email is required.', line);
    elsif email_text !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      problems := problems || format('Row %s: Please enter a valid email address.', line);
    end if;
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
  return query
    select d.* from jsonb_array_elements(rows) as r(value),
      lateral app_public.make_distribution(bulk_allocation.allocation_id, trim(r.value ->> 'email'),
                                           trim(r.value ->> 'amount')::numeric, nullif(trim(r.value ->> 'name'), ''),
                                           case when (r.value ->> 'id') ~* '^[0-9a-f-]{36}$' then (r.value ->> 'id')::uuid end) d;
end
$$;
grant execute on function app_public.bulk_allocation(uuid, text, jsonb) to app_user;
