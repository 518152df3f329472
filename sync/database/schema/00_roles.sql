-- Early code file: the role the API runs as, and no EXECUTE for PUBLIC on any function created later. It runs before
-- every other file, so no function is ever created with PUBLIC's default EXECUTE (docs/DATABASE.md, "Early files").
do $$ begin if not exists (select 1 from pg_roles where rolname = 'app_user') then create role app_user nologin; end if; end $$;
alter default privileges revoke execute on functions from public;
create schema if not exists app_private;
