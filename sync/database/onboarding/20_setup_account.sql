-- Investor account setup (spec part 1 sections 2.6, 5 and 8): setupAccount(accountName, attestation, taxId, type,
-- formationDate, addresses, parties, phone). The app_public function checks the shapes of its JSON arguments and
-- its dates (setup_account_input_check), then runs the body in app_private under the same name and signature, which
-- checks every rule again; messages start with the spec's four-digit codes (setup_error), errcode LL422. A tax id is
-- kept as its last four characters (app_private.tax_short, sync/database/schema/50_personal_data.sql).

create or replace function app_private.insert_addresses(addresses jsonb, account uuid, party uuid)
  returns void
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  address jsonb;
  address_id uuid;
begin
  for address in select a from jsonb_array_elements(addresses) a loop
    insert into app_public.addresses (line_one, line_two, line_three, line_four, city, province, postal_code, country_id)
      values (address ->> 'lineOne', address ->> 'lineTwo', address ->> 'lineThree', address ->> 'lineFour',
              address ->> 'city', address ->> 'province', address ->> 'postalCode', (address ->> 'countryId')::integer)
      returning id into address_id;
    if party is null then
      insert into app_public.account_addresses (account_id, address_id, type) values (account, address_id, address ->> 'type')
        on conflict (account_id, type) do update set address_id = excluded.address_id;
    else
      insert into app_public.party_addresses (party_id, address_id, type) values (party, address_id, address ->> 'type');
    end if;
  end loop;
end;
$function$;

create or replace function app_private.setup_account(account_name text, attestation boolean, tax_id text, type text, formation_date timestamp with time zone, addresses jsonb, parties jsonb, phone text DEFAULT NULL::text)
  returns app_public.accounts
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  account app_public.accounts;
begin
  select a.* into account from app_public.accounts a where a.id = app_private.current_account_id();
  if account.id is null or account.type <> 'investor' or not app_private.can_write()
      or app_private.current_account_role() not in ('account_owner', 'account_admin') then
    perform app_private.setup_error(1300, 'Operation not allowed');
  end if;
  return app_private.set_up_investor_account(account.id, account_name, attestation, tax_id, type, formation_date,
                                             addresses, parties, phone, true);
end;
$function$;

comment on function app_private.setup_account(text,boolean,text,text,timestamp with time zone,jsonb,jsonb,text) is
  'Sets up the selected investor account (spec part 1 section 2.6); refusals carry the codes 1300-1304 and 1310-1318.';
grant execute on function app_private.setup_account(text,boolean,text,text,timestamp with time zone,jsonb,jsonb,text) to app_user;

-- The body of account setup for an investor account the caller was checked to act for: the investor's own
-- setupAccount (above) and setupAccountInPerson (sync/database/in-person/20_account_setup.sql, whose host was checked
-- first). Not granted: it takes any account. Without delegates_allowed (in person), a party may not be added as a
-- delegate: that gives a sign-in to the investor's account, which only the investor decides, on their own device.
create or replace function app_private.set_up_investor_account(investor_account uuid, account_name text, attestation boolean, tax_id text, type text, formation_date timestamp with time zone, addresses jsonb, parties jsonb, phone text, delegates_allowed boolean)
  returns app_public.accounts
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  account app_public.accounts;
  kind app_public.investor_account_types;
  clean_addresses jsonb;
  party jsonb;
  party_id uuid;
  person jsonb;
  display_name text;
  formed date;
  birth date;
  clean_phone text := regexp_replace(coalesce(phone, ''), '\s', '', 'g');
  party_count integer := coalesce(jsonb_array_length(case when jsonb_typeof(parties) = 'array' then parties end), 0);
  delegate uuid;
begin
  select a.* into account from app_public.accounts a where a.id = set_up_investor_account.investor_account for update;
  if account.id is null or account.type <> 'investor' then
    perform app_private.setup_error(1300, 'Operation not allowed');
  end if;
  if account.setup then
    perform app_private.setup_error(1301, 'This account is already set up.');
  end if;
  if attestation is not true then
    perform app_private.setup_error(1302, 'Please accept the attestation to proceed.');
  end if;
  select t.* into kind from app_public.investor_account_types t where t.type = set_up_investor_account.type;
  if kind.type is null then
    perform app_private.setup_error(1303, 'Investor type is required.');
  end if;
  if nullif(trim(coalesce(tax_id, '')), '') is null then
    perform app_private.setup_error(1312, 'Tax ID is required. If not applicable, enter 000');
  end if;
  if clean_phone <> '' and clean_phone !~ '^\+[1-9][0-9]{0,14}$' then
    perform app_private.setup_error(1318, 'Phone number must be a + followed by up to 15 digits.');
  end if;

  -- Parties: the person for individual types (exactly one), any number for the others.
  if kind.is_individual and party_count <> 1 then
    perform app_private.setup_error(1318, 'Additional parties can be added only for types other than Individual and Sole Proprietorship.');
  end if;
  for party in select p from jsonb_array_elements(case when party_count > 0 then parties else '[]'::jsonb end) p loop
    if nullif(trim(coalesce(party ->> 'firstName', '')), '') is null or nullif(trim(coalesce(party ->> 'lastName', '')), '') is null then
      perform app_private.setup_error(1318, 'First and last name are required for every party.');
    end if;
    if party ->> 'role' is not null and party ->> 'role' not in ('Trustee', 'Individual', 'Administrator', 'Officer',
        'Managing Member', 'Partner', 'Beneficiary') then
      perform app_private.setup_error(1318, 'Party role is not valid.');
    end if;
    if nullif(party ->> 'email', '') is not null and party ->> 'email' !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      perform app_private.setup_error(1318, 'Please enter a valid email address.');
    end if;
    if not delegates_allowed and coalesce((party ->> 'allowLogin')::boolean, false) then
      perform app_private.setup_error(1318, 'A delegate can be added by the investor from their own account, not in person.');
    end if;
    if (party ->> 'dateOfBirth') is not null and (party ->> 'dateOfBirth')::timestamptz::date > current_date then
      perform app_private.setup_error(1311, 'Date of birth must not be in the future.');
    end if;
  end loop;

  if kind.is_individual then
    person := parties -> 0;
    display_name := trim(person ->> 'firstName') || ' ' || trim(person ->> 'lastName');
    birth := (person ->> 'dateOfBirth')::timestamptz::date;
    if birth is null then
      perform app_private.setup_error(1310, 'Date of birth is required.');
    end if;
    formed := birth;
  else
    display_name := nullif(trim(coalesce(account_name, '')), '');
    if display_name is null then
      perform app_private.setup_error(1304, 'Account name is required.');
    end if;
    formed := case when kind.is_joint then current_date else formation_date::date end;
    if formed is null then
      perform app_private.setup_error(1310, 'Formation date is required.');
    end if;
  end if;
  if formed > current_date then
    perform app_private.setup_error(1311, 'Formation date must not be in the future.');
  end if;

  clean_addresses := app_private.setup_addresses(addresses);
  if jsonb_array_length(clean_addresses) = 0 then
    perform app_private.setup_error(1313, 'Street address is required.');
  end if;

  update app_public.accounts a
    set name = display_name, investor_type = kind.type, formation_date = formed,
        date_of_birth = case when kind.is_individual then birth else a.date_of_birth end,
        tax_short = app_private.tax_short(tax_id), setup = true
    where a.id = account.id
    returning * into account;
  delete from app_public.account_addresses aa where aa.account_id = account.id;
  perform app_private.insert_addresses(clean_addresses, account.id, null);
  if clean_phone <> '' then
    insert into app_public.account_phone_numbers (account_id, phone) values (account.id, clean_phone);
  end if;

  for party in select p from jsonb_array_elements(case when party_count > 0 then parties else '[]'::jsonb end) p loop
    insert into app_public.parties (account_id, email, first_name, last_name, tax_short, date_of_birth, us_citizen,
                                    allow_login, is_primary, role)
      values (account.id, nullif(trim(coalesce(party ->> 'email', '')), ''), trim(party ->> 'firstName'),
              trim(party ->> 'lastName'), app_private.tax_short(party ->> 'taxId'),
              (party ->> 'dateOfBirth')::timestamptz::date, coalesce((party ->> 'usCitizen')::boolean, false),
              coalesce((party ->> 'allowLogin')::boolean, false),
              coalesce((party ->> 'isPrimary')::boolean, kind.is_individual),
              coalesce(party ->> 'role', case when kind.is_individual then 'Individual' end))
      returning id into party_id;
    perform app_private.insert_addresses(app_private.setup_addresses(party -> 'addresses'), account.id, party_id);
    if coalesce((party ->> 'allowLogin')::boolean, false) and nullif(party ->> 'email', '') is not null then
      select e.user_id into delegate from app_public.user_emails e where lower(e.email) = lower(party ->> 'email');
      if delegate is not null then
        update app_public.parties set user_id = delegate where id = party_id;
        insert into app_public.users_accounts (user_id, account_id, role) values (delegate, account.id, 'account_admin')
          on conflict (user_id, account_id) do nothing;
      end if;
    end if;
  end loop;
  return account;
end;
$function$;
revoke all on function app_private.set_up_investor_account(uuid,text,boolean,text,text,timestamp with time zone,jsonb,jsonb,text,boolean) from public;

create or replace function app_private.setup_account_input_check(formation_date timestamp with time zone, addresses jsonb, parties jsonb)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
declare
  element jsonb;
  field record;
  birth timestamptz;
begin
  perform app_private.check_date(formation_date);
  if jsonb_typeof(addresses) = 'array' then
    for element in select value from jsonb_array_elements(addresses) loop
      if jsonb_typeof(element) <> 'object' then
        perform app_private.setup_error(1313, 'Street address is required.');
      end if;
      for field in select * from (values
        ('lineOne', 1313, 'Street address'), ('lineTwo', 1313, 'Address line 2'), ('lineThree', 1313, 'Address line 3'),
        ('lineFour', 1313, 'Address line 4'), ('city', 1314, 'City'), ('province', 1315, 'State/Province'),
        ('postalCode', 1316, 'Postal code'), ('type', 1313, 'Address type')
      ) as f(key, code, label) loop
        if jsonb_typeof(element -> field.key) not in ('string', 'null') then
          perform app_private.setup_error(field.code, field.label || ' must be text.');
        end if;
      end loop;
      if jsonb_typeof(element -> 'countryId') not in ('number', 'string', 'null')
         or (element ->> 'countryId') !~ '^\s*\d{1,9}\s*$' then
        perform app_private.setup_error(1317, 'Country is required');
      end if;
    end loop;
  end if;
  if jsonb_typeof(parties) = 'array' then
    for element in select value from jsonb_array_elements(parties) loop
      if jsonb_typeof(element) <> 'object' then
        perform app_private.setup_error(1318, 'Each party needs a first and last name.');
      end if;
      for field in select * from (values
        ('firstName', 'First name'), ('lastName', 'Last name'), ('email', 'Email'), ('taxId', 'Tax ID'),
        ('role', 'Role'), ('dateOfBirth', 'Date of birth')
      ) as f(key, label) loop
        if jsonb_typeof(element -> field.key) not in ('string', 'null') then
          perform app_private.setup_error(1318, field.label || ' must be text.');
        end if;
      end loop;
      for field in select * from (values ('usCitizen', 'US citizen'), ('allowLogin', 'Add as Delegate'),
                                          ('isPrimary', 'Primary party')) as f(key, label) loop
        if jsonb_typeof(element -> field.key) not in ('boolean', 'null') then
          perform app_private.setup_error(1318, field.label || ' must be yes or no.');
        end if;
      end loop;
      if nullif(element ->> 'dateOfBirth', '') is not null then
        begin
          birth := (element ->> 'dateOfBirth')::timestamptz;
        exception when others then
          perform app_private.setup_error(1311, 'Date of birth requires a valid date.');
        end;
        perform app_private.check_date(birth);
      end if;
    end loop;
  end if;
end
$function$;
grant execute on function app_private.setup_account_input_check(timestamp with time zone,jsonb,jsonb) to app_user;

create or replace function app_private.setup_address(address jsonb)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  country integer;
  postal text := upper(replace(coalesce(address ->> 'postalCode', ''), ' ', ''));
begin
  if nullif(trim(coalesce(address ->> 'lineOne', '')), '') is null then
    perform app_private.setup_error(1313, 'Street address is required.');
  end if;
  if nullif(trim(coalesce(address ->> 'city', '')), '') is null then
    perform app_private.setup_error(1314, 'City is required.');
  end if;
  if nullif(trim(coalesce(address ->> 'province', '')), '') is null then
    perform app_private.setup_error(1315, 'State/Province is required.');
  end if;
  if postal = '' then
    perform app_private.setup_error(1316, 'Postal code is required, enter N/A if not applicable.');
  end if;
  begin
    country := (address ->> 'countryId')::integer;
  exception when others then
    country := null;
  end;
  if country is null or not exists (select 1 from app_public.countries c where c.id = country) then
    perform app_private.setup_error(1317, 'Country is required');
  end if;
  if country = 840 and not exists (
      select 1 from app_public.country_provinces p
      where p.country_id = 840 and (p.code = upper(trim(address ->> 'province')) or p.name = trim(address ->> 'province'))) then
    perform app_private.setup_error(1315, 'State/Province is required.');
  end if;
  return jsonb_build_object(
    'type', coalesce(address ->> 'type', 'primary'),
    'lineOne', trim(address ->> 'lineOne'),
    'lineTwo', nullif(trim(coalesce(address ->> 'lineTwo', '')), ''),
    'lineThree', nullif(trim(coalesce(address ->> 'lineThree', '')), ''),
    'lineFour', nullif(trim(coalesce(address ->> 'lineFour', '')), ''),
    'city', trim(address ->> 'city'),
    'province', trim(address ->> 'province'),
    'postalCode', case when postal = 'N/A' then '' else postal end,
    'countryId', country);
end;
$function$;
grant execute on function app_private.setup_address(jsonb) to app_user;

create or replace function app_private.setup_addresses(addresses jsonb)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  cleaned jsonb := '[]'::jsonb;
  item jsonb;
  address jsonb;
  seen text[] := '{}';
begin
  if addresses is null or jsonb_typeof(addresses) <> 'array' then
    return '[]'::jsonb;
  end if;
  for item in select a from jsonb_array_elements(addresses) a loop
    address := app_private.setup_address(item);
    if address ->> 'type' not in ('primary', 'mailing') then
      perform app_private.setup_error(1313, 'Street address is required.');
    end if;
    if address ->> 'type' = any (seen) then
      continue;
    end if;
    seen := seen || (address ->> 'type');
    cleaned := cleaned || jsonb_build_array(address);
  end loop;
  if jsonb_array_length(cleaned) = 1 then
    cleaned := cleaned || jsonb_build_array(
      (cleaned -> 0) || jsonb_build_object('type', case when cleaned -> 0 ->> 'type' = 'primary' then 'mailing' else 'primary' end));
  end if;
  return cleaned;
end;
$function$;
grant execute on function app_private.setup_addresses(jsonb) to app_user;

create or replace function app_private.setup_error(code integer, message text)
  returns void
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  raise exception '% %', code, message using errcode = 'LL422';
end;
$function$;
grant execute on function app_private.setup_error(integer,text) to app_user;

create or replace function app_public.setup_account(account_name text, attestation boolean, tax_id text, type text, formation_date timestamp with time zone, addresses jsonb, parties jsonb, phone text DEFAULT NULL::text)
  returns app_public.accounts
  language plpgsql
as $function$
  declare
    result app_public.accounts;
  begin
    perform app_private.setup_account_input_check(formation_date, addresses, parties);
    select * into result
      from app_private.setup_account(account_name, attestation, tax_id, type, formation_date, addresses, parties, phone);
    return result;
  end
  $function$;

comment on function app_public.setup_account(text,boolean,text,text,timestamp with time zone,jsonb,jsonb,text) is
  E'@nullable account_name\n@nullable formation_date\nSets up the selected investor account (spec part 1 section 2.6); refusals carry the codes 1300-1304 and 1310-1318.';
grant execute on function app_public.setup_account(text,boolean,text,text,timestamp with time zone,jsonb,jsonb,text) to app_user;
