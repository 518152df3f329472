-- Early code file: the bounds of numbers and dates, used by the `<col>_bounds` check constraints.
-- Early files (sync/database/schema/) are applied before the pending migrations, so they hold only what the schema
-- or the migrations need. Changing a check function does not recheck stored rows: such a change comes with a
-- migration that revalidates them (docs/DATABASE.md, "Early files").


CREATE OR REPLACE FUNCTION app_private.units_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Units', 6, 0, 1e15) $function$;
grant execute on function app_private.units_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.signed_units_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Units', 6, -1e15, 1e15) $function$;
grant execute on function app_private.signed_units_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.money_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Amount', 6, 0, 1e15) $function$;
grant execute on function app_private.money_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.price_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Price', 10, 0, 1e15) $function$;
grant execute on function app_private.price_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.percent_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Percentage', 6, 0, 100, true) $function$;
grant execute on function app_private.percent_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.years_ok(value numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select app_private.check_decimal(value, 'Term', 6, 0, 1000) $function$;
grant execute on function app_private.years_ok(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.check_decimal(value numeric, label text, max_scale integer, lowest numeric, highest numeric, highest_included boolean DEFAULT false)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if value is null then
    return true;
  end if;
  if value = 'NaN'::numeric or value = 'Infinity'::numeric or value = '-Infinity'::numeric then
    raise exception '% must be a finite number.', label using errcode = 'LL422';
  end if;
  if value < lowest then
    if lowest = 0 then
      raise exception '% must not be negative.', label using errcode = 'LL422';
    end if;
    raise exception '% must be at least %.', label, app_private.decimal_bound_text(lowest)
      using errcode = 'LL422';
  end if;
  if value > highest or (value = highest and not highest_included) then
    if highest_included then
      raise exception '% must be at most %.', label, app_private.decimal_bound_text(highest) using errcode = 'LL422';
    end if;
    raise exception '% must be less than %.', label, app_private.decimal_bound_text(highest) using errcode = 'LL422';
  end if;
  if scale(trim_scale(value)) > max_scale then
    raise exception '% can have at most % decimal places.', label, max_scale using errcode = 'LL422';
  end if;
  return true;
end
$function$;
grant execute on function app_private.check_decimal(numeric,text,integer,numeric,numeric,boolean) to app_user;

CREATE OR REPLACE FUNCTION app_private.decimal_bound_text(value numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
  select case when value < 0 then '-' else '' end
    || regexp_replace(trunc(abs(value))::text, '(\d)(?=(\d{3})+$)', '\1,', 'g')
$function$;
grant execute on function app_private.decimal_bound_text(numeric) to app_user;

CREATE OR REPLACE FUNCTION app_private.check_date(value date)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if value is null then
    return true;
  end if;
  if not isfinite(value) or value < '1900-01-01'::date or value >= '2200-01-01'::date then
    raise exception 'Enter a valid date between 01/01/1900 and 12/31/2199.' using errcode = 'LL422';
  end if;
  return true;
end
$function$;
grant execute on function app_private.check_date(date) to app_user;

CREATE OR REPLACE FUNCTION app_private.check_date(value timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if value is null then
    return true;
  end if;
  if not isfinite(value) or value < '1900-01-01 00:00:00+00'::timestamptz
     or value >= '2200-01-01 00:00:00+00'::timestamptz then
    raise exception 'Enter a valid date between 01/01/1900 and 12/31/2199.' using errcode = 'LL422';
  end if;
  return true;
end
$function$;
grant execute on function app_private.check_date(timestamp with time zone) to app_user;
