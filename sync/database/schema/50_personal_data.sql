-- Early code file: personal data kept out of what is recorded in clear (docs/ADMIN.md "Personal data"): the last four
-- characters of a tax id (tax_short, what the product keeps of one: accounts, parties) and a JSON value with its
-- personal fields redacted (personal_redacted: the command log and the audit trail keep a command's variables this
-- way). Migration 1710 redacts what was recorded before with them.
-- Early files (sync/database/schema/) are applied before the pending migrations, so they hold only what the schema
-- or the migrations need. Changing a check function does not recheck stored rows: such a change comes with a
-- migration that revalidates them (docs/DATABASE.md, "Early files").


create or replace function app_private.tax_short(tax_id text)
  returns text
  language sql
  immutable
as $function$ select right(regexp_replace(coalesce(tax_id, ''), '[^0-9A-Za-z]', '', 'g'), 4) $function$;

-- The personal fields, by key at any depth (a key's letter case, underscores and dashes do not count: taxId, tax_id,
-- TAX-ID): a tax id (SSN, EIN, ITIN) keeps its last four characters (tax_short); a date of birth, a formation date (an
-- individual investor's is the date of birth), street address lines, a postal code and a phone number become
-- "[redacted]". A null stays null; a value already "[redacted]" stays so (the function may run again on what it
-- wrote). Anything else is kept, every object and array walked: names, e-mail addresses, city, province and country
-- stay (the trail shows who was invited or added, and where, as the screens show its readers).
create or replace function app_private.personal_redacted(value jsonb)
  returns jsonb
  language plpgsql
  immutable
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  result jsonb;
  item record;
  field text;
begin
  -- nothing that could name a personal field (most commands): as it is, without a walk
  if value is null or jsonb_typeof(value) not in ('object', 'array')
     or value::text !~* '(tax|ssn|ein|tin|birth|dob|formation|line|street|address|postal|zip|phone|mobile)' then
    return value;
  end if;
  if jsonb_typeof(value) = 'array' then
    select coalesce(jsonb_agg(app_private.personal_redacted(a.element) order by a.n), '[]'::jsonb) into result
      from jsonb_array_elements(value) with ordinality as a(element, n);
    return result;
  end if;
  result := '{}'::jsonb;
  for item in select e.key, e.value from jsonb_each(value) e loop
    field := lower(regexp_replace(item.key, '[^A-Za-z0-9]', '', 'g'));
    result := result || jsonb_build_object(item.key, case
      when jsonb_typeof(item.value) = 'null' or item.value = '"[redacted]"'::jsonb then item.value
      when field in ('taxid', 'taxshort', 'taxnumber', 'ssn', 'ein', 'itin', 'tin', 'socialsecuritynumber',
                     'employeridentificationnumber', 'taxidentificationnumber') then
        case when jsonb_typeof(item.value) in ('string', 'number') then to_jsonb(app_private.tax_short(item.value #>> '{}'))
             else '"[redacted]"'::jsonb end
      when field in ('dateofbirth', 'birthdate', 'birthday', 'dob', 'formationdate',
                     'lineone', 'linetwo', 'linethree', 'linefour', 'line1', 'line2', 'line3', 'line4',
                     'street', 'streetaddress', 'address1', 'address2', 'addressline1', 'addressline2',
                     'postalcode', 'zip', 'zipcode', 'phone', 'phonenumber', 'mobile', 'mobilephone') then
        '"[redacted]"'::jsonb
      else app_private.personal_redacted(item.value)
    end);
  end loop;
  return result;
end
$function$;
