-- Foundation: schemas, the request role, the request-settings helpers and the shared triggers.
-- Runs the same on PGlite (Postgres 18) and PostgreSQL 15: no PG16+ syntax, no extensions.

create schema if not exists app_public;
create schema if not exists app_private;

-- Functions are not executable by PUBLIC unless granted explicitly (graphile/starter habit).
alter default privileges revoke execute on functions from public;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'app_user') then
    create role app_user nologin;
  end if;
  execute format('grant app_user to %I', current_user);
end
$$;

grant usage on schema app_public to app_user;
-- app_private holds secrets; app_user gets usage only so policies may call its helpers.
grant usage on schema app_private to app_user;

-- Request settings, set per transaction with set_config(name, value, true). NULL when unset or empty.
create function app_private.current_session_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.session_id', true), '')::uuid $$;

create function app_private.current_user_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.user_id', true), '')::uuid $$;

create function app_private.current_account_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.account_id', true), '')::uuid $$;

create function app_private.current_account_type() returns text
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.account_type', true), '') $$;

create function app_private.current_account_role() returns text
  language sql stable
  as $$ select nullif(current_setting('jwt.claims.role', true), '') $$;

-- Owners and admins of the selected account may write; viewers are read-only everywhere.
create function app_private.can_write() returns boolean
  language sql stable
  as $$ select coalesce(app_private.current_account_role() in ('account_owner', 'account_admin'), false) $$;

grant execute on function
  app_private.current_session_id(),
  app_private.current_user_id(),
  app_private.current_account_id(),
  app_private.current_account_type(),
  app_private.current_account_role(),
  app_private.can_write()
  to app_user;

-- Keeps created_on immutable and updated_on current on every table.
create function app_private.tg__timestamps() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
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
$$;

-- Append-only tables (transactions, ledger entries): history is never rewritten.
create function app_private.tg__append_only() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  raise exception 'Operation not allowed' using errcode = 'LL403',
    detail = format('%s.%s is append-only', tg_table_schema, tg_table_name);
end
$$;

-- Viewers are read-only: a statement-level guard gives them a coded error instead of a bare RLS refusal.
-- Only requests (role app_user) are checked; SECURITY DEFINER functions run as their owner and check themselves.
create function app_private.tg__refuse_viewer() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if current_user = 'app_user' and not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = format('role %s may not %s %s', coalesce(app_private.current_account_role(), 'none'),
        lower(tg_op), tg_table_name);
  end if;
  return null;
end
$$;

-- Migration helper: adds the timestamps trigger to a table (used by every migration that creates tables).
create function app_private.add_timestamps(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('create trigger _100_timestamps before insert or update on %s
    for each row execute function app_private.tg__timestamps()', tbl);
end
$$;

-- Migration helper: statement-level viewer guard for tables that hold an account's data.
create function app_private.add_viewer_guard(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('create trigger _050_refuse_viewer before insert or update or delete on %s
    for each statement execute function app_private.tg__refuse_viewer()', tbl);
end
$$;
