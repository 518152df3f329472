-- Import files, checked row by row (issue 13, item 15):
--
-- 1. The contacts file (bulkCustomers(fileName)): a row with more cells than the header is refused, naming each such
--    row as the device does ("Row 3: The row has 3 cells but the header has 2.", src/domain/contacts.ts). The text the
--    database reads was decoded by the upload route as the device decodes it (src/domain/text-file.ts).
-- 2. The allocation import (bulkAllocation): an email that appears twice in the file, in any letter case, is refused
--    ("Row 4: This email appears more than once in the file.", the contacts import's text) instead of becoming two
--    distributions; rows are named by the file's row the device sends with each row (`row`), else by position.
--    A field of another JSON type than text (a number for the amount) is refused naming its row.

create or replace function app_private.contacts_from_csv(content text) returns jsonb
  language plpgsql immutable
  set search_path = pg_catalog, app_private
  as $$
declare
  text_body text := regexp_replace(coalesce(content, ''), '^' || chr(65279), '');
  first_line text := substring(text_body from E'^[^\r\n]*');
  delimiter text := ',';
  header text[];
  name_column integer;
  email_column integer;
  contacts jsonb[] := '{}';
  problems text[] := '{}';
  rec record;
  filled integer;
  well_formed boolean := false;
begin
  -- The device's papaparse guesses the delimiter; the header line tells it here too (comma unless another wins).
  select d into delimiter from unnest(array[',', E'\t', ';', '|']) with ordinality as c(d, n)
    order by length(first_line) - length(replace(first_line, d, '')) desc, n limit 1;
  for rec in select * from app_private.csv_records(text_body, delimiter) loop
    well_formed := true;
    if rec.line = 1 then
      header := array(select lower(regexp_replace(cell, '[^A-Za-z]', '', 'g')) from unnest(rec.cells) as cell);
      name_column := array_position(header, 'contactname');
      name_column := coalesce(name_column, array_position(header, 'name'), array_position(header, 'fullname'));
      email_column := coalesce(array_position(header, 'email'), array_position(header, 'emailaddress'),
                               array_position(header, 'contactemail'));
      if name_column is null or email_column is null then
        raise exception 'The file needs a header row with the columns Contact Name and Email.' using errcode = 'LL422';
      end if;
      continue;
    end if;
    if trim(array_to_string(rec.cells, '')) = '' then
      continue;
    end if;
    -- Cells up to the last filled one: a spreadsheet's trailing separators ("Ada,a@x.io,,") are no extra cells.
    filled := cardinality(rec.cells);
    while filled > 0 and trim(coalesce(rec.cells[filled], '')) = '' loop
      filled := filled - 1;
    end loop;
    if filled > cardinality(header) then
      problems := problems || format('Row %s: The row has %s cells but the header has %s.', rec.line,
                                     filled, cardinality(header));
    end if;
    -- (an array grows in place; appending to a jsonb value would copy it each time)
    contacts := array_append(contacts, jsonb_build_object(
      'row', rec.line,
      'name', trim(coalesce(rec.cells[name_column], '')),
      'email', trim(coalesce(rec.cells[email_column], ''))));
  end loop;
  if not well_formed then
    raise exception 'The file could not be read as CSV.' using errcode = 'LL422';
  end if;
  if header is null then
    raise exception 'The file needs a header row with the columns Contact Name and Email.' using errcode = 'LL422';
  end if;
  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, E'\n') using errcode = 'LL422';
  end if;
  return to_jsonb(contacts);
end
$$;

-- A row of an import sent as JSON: each named field, when present and not null, must be text (numbers may also be
-- JSON numbers). A JSON object sent as a name would otherwise be stored as its JSON text.
create or replace function app_private.import_row_type_error(item jsonb, texts text[], numbers text[] default '{}')
  returns text
  language sql immutable
  set search_path = pg_catalog, app_private
  as $$
    select coalesce(
      (select format('%s must be text.', initcap(replace(f, '_', ' ')))
         from unnest(texts) with ordinality as t(f, n)
        where jsonb_typeof(item -> f) not in ('string', 'null') order by n limit 1),
      (select format('%s must be a number.', initcap(replace(f, '_', ' ')))
         from unnest(numbers) with ordinality as t(f, n)
        where jsonb_typeof(item -> f) not in ('string', 'number', 'null') order by n limit 1))
  $$;

create or replace function app_public.bulk_allocation(allocation_id uuid, file_name text, rows jsonb)
  returns setof app_public.distributions
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  problems text[] := '{}';
  seen text[] := '{}';
  item jsonb;
  idx bigint;
  line integer;
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
  for item, idx in select value, ordinality from jsonb_array_elements(rows) with ordinality loop
    -- The file's row as the device numbered it (the header is row 1), else the position after the header.
    line := coalesce(case when jsonb_typeof(item) = 'object' and (item ->> 'row') ~ '^\d{1,9}$'
                          then (item ->> 'row')::integer end, idx::integer + 1);
    if jsonb_typeof(item) <> 'object' then
      problems := problems || format('Row %s: Email is required.', line);
      continue;
    end if;
    if app_private.import_row_type_error(item, '{email,name,id}', '{amount}') is not null then
      problems := problems || format('Row %s: %s', line, app_private.import_row_type_error(item, '{email,name,id}', '{amount}'));
      continue;
    end if;
    email_text := trim(coalesce(item ->> 'email', ''));
    amount_text := trim(coalesce(item ->> 'amount', ''));
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

-- 3. The contacts sent as JSON (bulkCustomers(contacts), the device's rows): a field of another JSON type than text
--    is refused naming its row ("Row 2: Name must be text.") instead of being stored as its JSON text.
create or replace function app_private.import_customers(contacts jsonb) returns setof app_public.customers
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  item jsonb;
  idx bigint;
  line integer;
  problem text;
  clean_email text;
  seen text[] := '{}';
  errors text[] := '{}';
  contact_id uuid;
  investor uuid;
  customer app_public.customers;
begin
  perform app_private.require_writer('{issuer,broker}');
  if contacts is null or jsonb_typeof(contacts) <> 'array' or jsonb_array_length(contacts) = 0 then
    raise exception 'The file has no contacts.' using errcode = 'LL422';
  end if;
  if jsonb_array_length(contacts) > app_private.bulk_customers_limit() then
    raise exception 'At most % contacts can be imported at once.', app_private.bulk_customers_limit()
      using errcode = 'LL422';
  end if;

  -- First pass: check every row, collect every problem.
  for item, idx in select value, ordinality from jsonb_array_elements(contacts) with ordinality loop
    line := coalesce(case when (item ->> 'row') ~ '^\d{1,9}$' then (item ->> 'row')::integer end, idx::integer + 1);
    if jsonb_typeof(item) <> 'object' then
      errors := errors || format('Row %s: Contact Name is required.', line);
      continue;
    end if;
    problem := app_private.import_row_type_error(item, '{name,email,id}');
    if problem is not null then
      errors := errors || format('Row %s: %s', line, problem);
      continue;
    end if;
    problem := app_private.contact_fields_error(item ->> 'name', item ->> 'email');
    if problem is null then
      clean_email := lower(trim(item ->> 'email'));
      if clean_email = any (seen) then
        problem := 'This email appears more than once in the file.';
      elsif app_private.contact_email_taken(app_private.current_account_id(), clean_email, null)
          or exists (select 1 from app_public.customers c join app_public.accounts a on a.id = c.investor_id
                     where c.account_id = app_private.current_account_id() and a.type = 'investor'
                       and lower(a.email) = clean_email) then
        problem := 'A contact with this email already exists.';
      end if;
      seen := seen || clean_email;
    end if;
    if problem is null and item ? 'id' and (item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      problem := 'Invalid contact id.';
    end if;
    if problem is not null then
      errors := errors || format('Row %s: %s', line, problem);
    end if;
  end loop;
  if cardinality(errors) > 0 then
    raise exception '%', array_to_string(errors, E'\n') using errcode = 'LL422';
  end if;

  -- Second pass: every row is good; create them all.
  for item in select value from jsonb_array_elements(contacts) loop
    clean_email := trim(item ->> 'email');
    contact_id := coalesce((item ->> 'id')::uuid, gen_random_uuid());
    investor := app_private.find_or_create_investor(clean_email, trim(item ->> 'name'));
    insert into app_public.customers (id, account_id, investor_id, email, name)
      values (contact_id, app_private.current_account_id(), investor, clean_email, trim(item ->> 'name'))
      returning * into customer;
    return next customer;
  end loop;
end
$$;
