-- Early code file: text length limits; add_text_limit makes the `<col>_length` check constraints.
-- Early files (sync/database/schema/) are applied before the pending migrations, so they hold only what the schema
-- or the migrations need. Changing a check function does not recheck stored rows: such a change comes with a
-- migration that revalidates them (docs/DATABASE.md, "Early files").


CREATE OR REPLACE FUNCTION app_private.text_limit(tbl text, col text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION app_private.text_label(tbl text, col text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION app_private.text_too_long(label text, max_length integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  raise exception '% must be at most % characters.', label, max_length using errcode = 'LL422';
end
$function$;
grant execute on function app_private.text_too_long(text,integer) to app_user;

CREATE OR REPLACE FUNCTION app_private.add_text_limit(tbl regclass, col text, max_length integer DEFAULT NULL::integer, label text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
declare
  table_name text := (select c.relname from pg_class c where c.oid = tbl);
  limit_ integer := coalesce(max_length, app_private.text_limit(table_name, col));
begin
  execute format('alter table %s add constraint %I check (%I is null or char_length(%I) <= %s or app_private.text_too_long(%L, %s))',
    tbl, col || '_length', col, col, limit_, coalesce(label, app_private.text_label(table_name, col)), limit_);
end
$function$;
