-- Contacts, second step (spec part 1 sections 2.10, 5, 7).
--
-- 1. makeCustomer refuses a blank or whitespace name with the form's text ('Contact Name is required.'): the server
--    backs the client's check, so a client that skips the form cannot create a nameless contact.
-- 2. bulkCustomers takes either form:
--      bulkCustomers(input: {fileName})  the spec's form: makeFileLocation, the multipart POST of the CSV file, then
--                                        the name the upload location stored it under (makeFileLocation's
--                                        fields.key). The server reads and checks the file itself.
--      bulkCustomers(input: {contacts})  the parsed rows [{row, id?, name, email}], kept so an import made offline
--                                        can wait in the outbox as one command (no upload is possible offline).
--    Both run the same checks with the same texts and are all or nothing: one LL422 error lists every bad row
--    ("Row 3: Email is required.", one line each) and nothing is imported unless every row is good.
--
-- The database must read an uploaded file whichever machine it runs on (embedded PGlite, or a PostgreSQL server
-- that never sees FILES_DIR), so the upload endpoint also keeps the text of a small csv/tsv/txt file in its upload
-- slot (sync/http/uploads.ts, at most 5 MB: far above the 5000 contacts an import may hold).

alter table app_private.upload_slots add column content text;

create or replace function app_public.make_customer(email text, name text default null, id uuid default null)
  returns app_public.customers
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
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
$$;

-- The records of a delimited text file: (line, cells), line 1 being the first record, blank lines counted (as
-- papaparse counts them on the device, so both name the same row). Quoted fields may hold the delimiter, line breaks
-- and doubled quotes; a quote inside an unquoted field is kept as it is (papaparse does the same). No rows when some
-- text belongs to no field (a safety net: the patterns match any text).
create function app_private.csv_records(content text, delimiter text) returns table (line integer, cells text[])
  language plpgsql immutable
  set search_path = pg_catalog
  as $$
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
$$;

-- The contacts of an import file as bulkCustomers' rows [{row, name, email}], with the device's rules
-- (src/domain/contacts.ts parseContactsCsv): a header row naming a contact name column and an email column, blank
-- lines ignored, cells trimmed. A problem with the file as a whole raises LL422 with the device's texts.
create function app_private.contacts_from_csv(content text) returns jsonb
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
  rec record;
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
  return to_jsonb(contacts);
end
$$;

-- The import itself (the body bulkCustomers(contacts) had in 0250), shared by both forms.
create function app_private.import_customers(contacts jsonb) returns setof app_public.customers
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

-- The text of an uploaded import file of the caller's user and account, checked: it must be a CSV file that arrived.
create function app_private.uploaded_import_text(file_name text) returns text
  language plpgsql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
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
$$;

drop function app_public.bulk_customers(jsonb);

create function app_public.bulk_customers(contacts jsonb default null, file_name text default null)
  returns setof app_public.customers
  language plpgsql volatile security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
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
$$;

revoke execute on function
  app_private.csv_records(text, text),
  app_private.contacts_from_csv(text),
  app_private.import_customers(jsonb),
  app_private.uploaded_import_text(text)
  from public;
grant execute on function
  app_private.csv_records(text, text),
  app_private.contacts_from_csv(text),
  app_private.import_customers(jsonb),
  app_private.uploaded_import_text(text)
  to app_user;
grant execute on function app_public.bulk_customers(jsonb, text) to app_user;
