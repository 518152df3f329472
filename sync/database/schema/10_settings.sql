-- Early code file: the readers of the request's jwt.claims.* settings. current_account_id and current_user_id are
-- column defaults, so they exist before any migration runs.
-- Early files (sync/database/schema/) are applied before the pending migrations, so they hold only what the schema
-- or the migrations need. Changing a check function does not recheck stored rows: such a change comes with a
-- migration that revalidates them (docs/DATABASE.md, "Early files").


create or replace function app_private.can_write()
  returns boolean
  language sql
  stable
as $function$ select coalesce(app_private.current_account_role() in ('account_owner', 'account_admin'), false) $function$;
grant execute on function app_private.can_write() to app_user;

create or replace function app_private.current_account_id()
  returns uuid
  language sql
  stable
as $function$ select nullif(current_setting('jwt.claims.account_id', true), '')::uuid $function$;
grant execute on function app_private.current_account_id() to app_user;

create or replace function app_private.current_account_role()
  returns text
  language sql
  stable
as $function$ select nullif(current_setting('jwt.claims.role', true), '') $function$;
grant execute on function app_private.current_account_role() to app_user;

create or replace function app_private.current_account_type()
  returns text
  language sql
  stable
as $function$ select nullif(current_setting('jwt.claims.account_type', true), '') $function$;
grant execute on function app_private.current_account_type() to app_user;

create or replace function app_private.current_session_id()
  returns uuid
  language sql
  stable
as $function$ select nullif(current_setting('jwt.claims.session_id', true), '')::uuid $function$;
grant execute on function app_private.current_session_id() to app_user;

create or replace function app_private.current_user_id()
  returns uuid
  language sql
  stable
as $function$ select nullif(current_setting('jwt.claims.user_id', true), '')::uuid $function$;
grant execute on function app_private.current_user_id() to app_user;
