-- Early code file: the table helpers migrations and code files call (add_timestamps, add_write_guard, add_viewer_guard:
-- each makes its trigger again when it exists) with their trigger functions, tg__append_only, and replicate(), which
-- installs record_change triggers.
-- Early files (sync/database/schema/) are applied before the pending migrations, so they hold only what the schema
-- or the migrations need. Changing a check function does not recheck stored rows: such a change comes with a
-- migration that revalidates them (docs/DATABASE.md, "Early files").


CREATE OR REPLACE FUNCTION app_private.tg__timestamps()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if tg_op = 'INSERT' then
    new.created_on := coalesce(new.created_on, now());
    new.updated_on := coalesce(new.updated_on, new.created_on);
  else
    new.created_on := old.created_on;
    new.updated_on := now();
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION app_private.tg__refuse_viewer()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if current_user = 'app_user' and not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = format('role %s may not %s %s', coalesce(app_private.current_account_role(), 'none'),
        lower(tg_op), tg_table_name);
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION app_private.tg__append_only()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  raise exception 'Operation not allowed' using errcode = 'LL403',
    detail = format('%s.%s is append-only', tg_table_schema, tg_table_name);
end
$function$;

CREATE OR REPLACE FUNCTION app_private.tg__guard_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog'
AS $function$
begin
  if current_user = 'app_user' and (
      not app_private.can_write()
      or (tg_nargs > 0 and not (app_private.current_account_type() = any (tg_argv)))) then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = format('%s (%s) may not %s %s', coalesce(app_private.current_account_type(), 'no account'),
        coalesce(app_private.current_account_role(), 'no role'), lower(tg_op), tg_table_name);
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION app_private.add_timestamps(tbl regclass)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  execute format('create or replace trigger _100_timestamps before insert or update on %s
    for each row execute function app_private.tg__timestamps()', tbl);
end
$function$;

CREATE OR REPLACE FUNCTION app_private.add_viewer_guard(tbl regclass)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  execute format('create or replace trigger _050_refuse_viewer before insert or update or delete on %s
    for each statement execute function app_private.tg__refuse_viewer()', tbl);
end
$function$;

CREATE OR REPLACE FUNCTION app_private.add_write_guard(tbl regclass, account_types text[] DEFAULT '{}'::text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  execute format('create or replace trigger _050_guard_write before insert or update or delete on %s
    for each statement execute function app_private.tg__guard_write(%s)', tbl,
    (select string_agg(quote_literal(t), ', ') from unnest(account_types) t));
end
$function$;

CREATE OR REPLACE FUNCTION app_private.replicate(tbl regclass, model text, id_column text, account_columns text[] DEFAULT '{}'::text[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'app_private'
AS $function$
declare
  trigger_name text := format('_900_changes_%s', model);
begin
  insert into app_private.replicated_models (model) values (model) on conflict do nothing;
  execute format('drop trigger if exists %I on %s', trigger_name, tbl);
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function app_private.record_change(%s)',
    trigger_name, tbl,
    (select string_agg(quote_literal(a), ', ') from unnest(array[model, id_column] || account_columns) a)
  );
end;
$function$;
