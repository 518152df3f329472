-- Text lengths (issue 13, item 11): a 200,000-character asset name was stored. Every text column of app_public has
-- a maximum length the screens can show, as a check constraint named <column>_length that raises LL422
-- '<Field> must be at most N characters.' (the field named, so the form shows it under its input). The client's
-- forms check the same limits with the same texts (src/domain/limits.ts maxText); tests/db/conventions.test.ts fails on a text column of
-- app_public without a <column>_length constraint. A column added later picks its limit from
-- app_private.text_limit (or states its own) and adds its constraint with app_private.add_text_limit.
--
--   e-mail addresses 254 (RFC 5321) - URLs and links 2,000 - notes, annotations, descriptions and custom field
--   values 5,000 - terms of service 100,000 - token name and symbol 40 (spec) - Twitter handle 15 (spec) -
--   phone numbers 40 - everything else (names, statuses, codes, addresses) 200

-- Volatile: an immutable function with constant arguments would be evaluated (and raise) when the constraint is
-- planned.
create function app_private.text_too_long(label text, max_length integer) returns boolean
  language plpgsql volatile
  set search_path = pg_catalog
as $$
begin
  raise exception '% must be at most % characters.', label, max_length using errcode = 'LL422';
end
$$;
grant execute on function app_private.text_too_long(text, integer) to app_user;

create function app_private.text_limit(tbl text, col text) returns integer
  language sql immutable parallel safe
as $$
  select case
    when tbl = 'terms_of_service' and col = 'agreement' then 100000
    when col like '%email%' then 254
    when col like '%url%' or col like '%link%' then 2000
    when col in ('annotation', 'description') or (tbl = 'distribution_custom_fields' and col = 'value') then 5000
    when tbl = 'tokens' and col in ('name', 'symbol') then 40
    when col = 'twitter_handle' then 15
    when col = 'phone' then 40
    else 200
  end
$$;

-- 'terms_url' -> 'Dataroom Url', 'first_name' -> 'First name': the field as the forms label it.
create function app_private.text_label(tbl text, col text) returns text
  language sql immutable parallel safe
as $$
  select case
    when col = 'terms_url' then 'Dataroom Url'
    when col = 'annotation' then 'Note'
    when col = 'tax_short' then 'Tax ID'
    when col = 'url' then 'URL'
    when col = 'email' then 'Email'
    when tbl = 'tokens' and col = 'name' then 'Token name'
    when tbl = 'tokens' and col = 'symbol' then 'Token symbol'
    when tbl = 'distribution_custom_fields' and col = 'name' then 'Custom field name'
    when tbl = 'distribution_custom_fields' and col = 'value' then 'Custom field value'
    else upper(left(col, 1)) || replace(substr(col, 2), '_', ' ')
  end
$$;

create function app_private.add_text_limit(tbl regclass, col text, max_length integer default null,
  label text default null) returns void
  language plpgsql
  set search_path = pg_catalog
as $$
declare
  table_name text := (select c.relname from pg_class c where c.oid = tbl);
  limit_ integer := coalesce(max_length, app_private.text_limit(table_name, col));
begin
  execute format('alter table %s add constraint %I check (%I is null or char_length(%I) <= %s or app_private.text_too_long(%L, %s))',
    tbl, col || '_length', col, col, limit_, coalesce(label, app_private.text_label(table_name, col)), limit_);
end
$$;

do $$
declare
  c record;
begin
  for c in
    select k.table_name, k.column_name from information_schema.columns k
    join pg_catalog.pg_class t on t.relname = k.table_name and t.relnamespace = 'app_public'::regnamespace
                               and t.relkind in ('r', 'p')
    where k.table_schema = 'app_public' and k.data_type in ('text', 'character varying')
    order by 1, 2
  loop
    perform app_private.add_text_limit(format('app_public.%I', c.table_name)::regclass, c.column_name);
  end loop;
end
$$;
