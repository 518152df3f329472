-- Contacts (spec part 1 section 2.10): the checks behind editing a contact in place, and the CSV import.
--
-- bulkCustomers(contacts) takes the parsed rows of the CSV file ([{row, id?, name, email}], `row` being the line
-- number in the file, used only in messages) instead of the name of an uploaded file: the client parses the file
-- with papaparse, which also lets an import be queued offline as one command like every other write. The import is
-- all or nothing: every row is checked first, and one LL422 error lists every bad row ("Row 3: Email is
-- required.", one line each); only a clean file creates contacts, in the caller's single transaction.

-- The first problem of one contact's fields, or NULL (the spec's texts; the same rules as src/domain/contacts.ts).
create function app_private.contact_fields_error(name text, email text) returns text
  language sql immutable
  set search_path = pg_catalog
  as $$
    select case
      when trim(coalesce(name, '')) = '' then 'Contact Name is required.'
      when trim(coalesce(email, '')) = '' then 'Email is required.'
      when trim(email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then 'Please enter a valid email address.'
    end
  $$;

-- Edits through updateCustomerById: a name, if changed, may not be blanked; the email is trimmed and checked, and
-- stays unique in the account's contact list. (makeCustomer and bulkCustomers check their own input.)
create function app_private.tg_customers__validate_edit() returns trigger
  language plpgsql
  set search_path = pg_catalog, app_public, app_private
  as $$
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
$$;

-- Whether another contact of the account has this email (security definer: sees the whole list, not just RLS's).
create function app_private.contact_email_taken(account_id uuid, email text, except_id uuid) returns boolean
  language sql stable security definer
  set search_path = pg_catalog, app_public
  as $$
    select exists (select 1 from app_public.customers c
                   where c.account_id = contact_email_taken.account_id and lower(c.email) = lower(trim(contact_email_taken.email))
                     and c.id is distinct from except_id)
  $$;

create trigger _200_validate_edit before update on app_public.customers
  for each row execute function app_private.tg_customers__validate_edit();

-- At most this many rows per import (a bigger list goes in several files).
create function app_private.bulk_customers_limit() returns integer
  language sql immutable
  as $$ select 5000 $$;

create function app_public.bulk_customers(contacts jsonb) returns setof app_public.customers
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
    investor := app_private.find_or_create_investor(clean_email, item ->> 'name');
    insert into app_public.customers (id, account_id, investor_id, email, name)
      values (contact_id, app_private.current_account_id(), investor, clean_email, trim(item ->> 'name'))
      returning * into customer;
    return next customer;
  end loop;
end
$$;

grant execute on function
  app_private.contact_fields_error(text, text),
  app_private.contact_email_taken(uuid, text, uuid),
  app_private.bulk_customers_limit()
  to app_user;
grant execute on function app_public.bulk_customers(jsonb) to app_user;
