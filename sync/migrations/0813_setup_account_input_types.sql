-- setupAccount's JSON arguments (issue 13: bad values of the wrong type): an address line or a party's name sent as
-- a JSON object or number was stored as its JSON text ('{"text": "x"}' as a street address) and a date of birth
-- that is not a date failed with a raw cast error. setupAccount now checks the shape of addresses and parties and
-- its dates first, with the setup messages' four-digit codes (0401_account_setup.sql), LL422; then runs the body it
-- had, moved to app_private under the same name and signature (the app_public function keeps the signature, so
-- its GraphQL input is unchanged).

create function app_private.setup_account_input_check(formation_date timestamptz, addresses jsonb, parties jsonb)
  returns void
  language plpgsql stable
  set search_path = pg_catalog
as $$
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
$$;
grant execute on function app_private.setup_account_input_check(timestamptz, jsonb, jsonb) to app_user;

do $$
declare
  original regprocedure :=
    'app_public.setup_account(text, boolean, text, text, timestamptz, jsonb, jsonb, text)'::regprocedure;
  comment text := obj_description(original, 'pg_proc');
begin
  execute format('alter function %s set schema app_private', original);
  create function app_public.setup_account(
    account_name text, attestation boolean, tax_id text, type text, formation_date timestamptz,
    addresses jsonb, parties jsonb, phone text default null
  ) returns app_public.accounts
    language plpgsql volatile
  as $body$
  declare
    result app_public.accounts;
  begin
    perform app_private.setup_account_input_check(formation_date, addresses, parties);
    select * into result
      from app_private.setup_account(account_name, attestation, tax_id, type, formation_date, addresses, parties, phone);
    return result;
  end
  $body$;
  grant execute on function app_public.setup_account(text, boolean, text, text, timestamptz, jsonb, jsonb, text)
    to app_user;
  if comment is not null then
    execute format('comment on function app_public.setup_account(text, boolean, text, text, timestamptz, jsonb, jsonb, text) is %L', comment);
  end if;
end
$$;
