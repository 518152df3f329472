-- Contacts (spec part 1 section 2.10): editing a contact in place (tg_customers__validate_edit, contact_email_taken,
-- contact_fields_error), makeCustomer, and the import bulkCustomers: either the parsed rows ([{row, id?, name,
-- email}]) or the name of an uploaded CSV file (uploaded_import_text, csv_records, contacts_from_csv), all or
-- nothing, every bad row named in one LL422 message (import_customers, import_row_type_error), at most
-- bulk_customers_limit() rows.

create or replace function app_private.bulk_customers_limit()
  returns integer
  language sql
  immutable
as $function$ select 5000 $function$;
grant execute on function app_private.bulk_customers_limit() to app_user;

create or replace function app_private.contact_email_taken(account_id uuid, email text, except_id uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
    select exists (select 1 from app_public.customers c
                   where c.account_id = contact_email_taken.account_id and lower(c.email) = lower(trim(contact_email_taken.email))
                     and c.id is distinct from except_id)
  $function$;
grant execute on function app_private.contact_email_taken(uuid,text,uuid) to app_user;

create or replace function app_private.contact_fields_error(name text, email text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
    select case
      when trim(coalesce(name, '')) = '' then 'Contact Name is required.'
      when trim(coalesce(email, '')) = '' then 'Email is required.'
      when trim(email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then 'Please enter a valid email address.'
    end
  $function$;
grant execute on function app_private.contact_fields_error(text,text) to app_user;

create or replace function app_private.contacts_from_csv(content text)
  returns jsonb
  language plpgsql
  immutable
  set search_path to 'pg_catalog', 'app_private'
as $function$
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
$function$;
grant execute on function app_private.contacts_from_csv(text) to app_user;

create or replace function app_private.csv_records(content text, delimiter text)
  returns table(line integer, cells text[])
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  pattern text := '("(?:[^"]|"")*"|[^' || delimiter || E'\r\n]*)([' || delimiter || E']|\r\n|\n|\r|$)';
  raw text;
  ending text;
  consumed bigint := 0;
  current_cells text[] := '{}';
  current_line integer := 1;
begin
  -- Every character must belong to a field or a delimiter; a gap means the regular expression skipped a bad quote.
  select coalesce(sum(length(m[1]) + length(m[2])), 0) into consumed
    from regexp_matches(content, pattern, 'g') as m;
  if consumed <> length(content) then
    return;
  end if;
  for raw, ending in select m[1], m[2] from regexp_matches(content, pattern, 'g') as m loop
    if raw ~ '^"(?:[^"]|"")*"$' then
      raw := replace(substr(raw, 2, length(raw) - 2), '""', '"');
    end if;
    current_cells := current_cells || raw;
    if ending <> delimiter then
      line := current_line;
      cells := current_cells;
      return next;
      current_line := current_line + 1;
      current_cells := '{}';
      -- `$` matched: the text is over (the engine may still offer an empty match at the very end).
      exit when ending = '';
    end if;
  end loop;
end
$function$;
grant execute on function app_private.csv_records(text,text) to app_user;

create or replace function app_private.import_customers(contacts jsonb)
  returns setof app_public.customers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_private.import_customers(jsonb) to app_user;

create or replace function app_private.import_row_type_error(item jsonb, texts text[], numbers text[] DEFAULT '{}'::text[])
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog', 'app_private'
as $function$
    select coalesce(
      (select format('%s must be text.', initcap(replace(f, '_', ' ')))
         from unnest(texts) with ordinality as t(f, n)
        where jsonb_typeof(item -> f) not in ('string', 'null') order by n limit 1),
      (select format('%s must be a number.', initcap(replace(f, '_', ' ')))
         from unnest(numbers) with ordinality as t(f, n)
        where jsonb_typeof(item -> f) not in ('string', 'number', 'null') order by n limit 1))
  $function$;

create or replace function app_private.tg_customers__validate_edit()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  problem text;
begin
  if current_user <> 'app_user' then
    return new;
  end if;
  if new.name is distinct from old.name then
    if trim(coalesce(new.name, '')) = '' then
      raise exception 'Contact Name is required.' using errcode = 'LL422';
    end if;
    new.name := trim(new.name);
  end if;
  if new.email is distinct from old.email then
    problem := app_private.contact_fields_error('-', new.email);
    if problem is not null then
      raise exception '%', problem using errcode = 'LL422';
    end if;
    new.email := trim(new.email);
    if app_private.contact_email_taken(new.account_id, new.email, new.id) then
      raise exception 'A contact with this email already exists.' using errcode = 'LL409';
    end if;
  end if;
  return new;
end
$function$;

create or replace function app_private.uploaded_import_text(file_name text)
  returns text
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  slot app_private.upload_slots;
begin
  if trim(coalesce(uploaded_import_text.file_name, '')) = '' then
    raise exception 'File name is required.' using errcode = 'LL422';
  end if;
  if trim(uploaded_import_text.file_name) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'File not found.' using errcode = 'LL404';
  end if;
  select s.* into slot from app_private.upload_slots s where s.key = trim(uploaded_import_text.file_name)::uuid;
  if slot.key is null then
    raise exception 'File not found.' using errcode = 'LL404';
  end if;
  -- The key is a capability of the user and account that asked for the location, and of no one else.
  if slot.account_id <> app_private.current_account_id() or slot.user_id <> app_private.current_user_id() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if slot.status = 'failed' then
    raise exception 'Upload failed, please check file size and retry' using errcode = 'LL422';
  end if;
  if slot.status <> 'uploaded' then
    raise exception 'The file has not been uploaded yet.' using errcode = 'LL409';
  end if;
  if slot.extension <> 'csv' then
    raise exception 'Only CSV files can be imported.' using errcode = 'LL422';
  end if;
  if slot.content is null and slot.size > 5 * 1024 * 1024 then
    raise exception 'At most % contacts can be imported at once.', app_private.bulk_customers_limit()
      using errcode = 'LL422';
  end if;
  if slot.content is null then
    raise exception 'The file could not be read as CSV.' using errcode = 'LL422';
  end if;
  return slot.content;
end
$function$;
grant execute on function app_private.uploaded_import_text(text) to app_user;

create or replace function app_public.bulk_customers(contacts jsonb DEFAULT NULL::jsonb, file_name text DEFAULT NULL::text)
  returns setof app_public.customers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
begin
  perform app_private.require_writer('{issuer,broker}');
  if file_name is not null and contacts is not null then
    raise exception 'Send either the contacts or the file name, not both.' using errcode = 'LL422';
  end if;
  if file_name is not null then
    return query select * from app_private.import_customers(
      app_private.contacts_from_csv(app_private.uploaded_import_text(file_name)));
  else
    return query select * from app_private.import_customers(contacts);
  end if;
end
$function$;
grant execute on function app_public.bulk_customers(jsonb,text) to app_user;

create or replace function app_public.make_customer(email text, name text DEFAULT NULL::text, id uuid DEFAULT NULL::uuid)
  returns app_public.customers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  clean_email text;
  investor uuid;
  customer app_public.customers;
begin
  perform app_private.require_writer('{issuer,broker}');
  if trim(coalesce(make_customer.name, '')) = '' then
    raise exception 'Contact Name is required.' using errcode = 'LL422';
  end if;
  clean_email := app_private.normalized_email(make_customer.email, 'Email is required.');
  investor := app_private.find_or_create_investor(clean_email, trim(make_customer.name));
  if exists (select 1 from app_public.customers c
             where c.account_id = app_private.current_account_id()
               and (c.investor_id = investor or lower(c.email) = lower(clean_email))) then
    raise exception 'A contact with this email already exists.' using errcode = 'LL409';
  end if;
  insert into app_public.customers (id, account_id, investor_id, email, name)
    values (coalesce(make_customer.id, gen_random_uuid()), app_private.current_account_id(), investor, clean_email,
            trim(make_customer.name))
    returning * into customer;
  return customer;
end
$function$;
grant execute on function app_public.make_customer(text,text,uuid) to app_user;

-- Where these functions fire.
create or replace trigger _200_validate_edit BEFORE UPDATE ON app_public.customers FOR EACH ROW
  execute function app_private.tg_customers__validate_edit();
