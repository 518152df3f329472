-- The command endpoint applies a request's commands in few transactions (issue 8: commands per second on reconnect):
-- one look-up of the stored outcomes of all the keys at the start of a transaction, one insert of the outcomes of all
-- its commands at the end, instead of two statements per command. The rules of 0151 stay: the caller must be the
-- signed-in user and account, and a key already in the log fails the insert on the primary key (the endpoint then
-- rolls the transaction back and answers that key from the log).

-- Stored outcomes of earlier deliveries, for the keys among `keys` that are in the log.
create function app_private.command_outcomes(keys uuid[])
  returns table (idempotency_key uuid, status text, error_code text, error_message text, user_id uuid, account_id uuid)
  language sql stable security definer
  set search_path = pg_catalog, app_private
as $$
  select l.idempotency_key, l.status, l.error_code, l.error_message, l.user_id, l.account_id
  from app_private.command_log l
  where l.idempotency_key = any(keys)
$$;

-- Records the outcomes of several commands: entries is a JSON array of objects with the keys key, device_id,
-- device_seq, mutation, variables, status, error_code, error_message, result, created_on (the arguments of
-- log_command). Called as app_user inside the transaction that applied the commands.
create function app_private.log_commands(entries jsonb) returns void
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private
as $$
declare
  user_id uuid := app_private.current_user_id();
  account_id uuid := app_private.current_account_id();
begin
  if user_id is null or account_id is null then
    raise exception 'Not signed in to an account' using errcode = 'LL401';
  end if;
  insert into app_private.command_log (
    idempotency_key, user_id, account_id, device_id, device_seq, mutation, variables, status,
    error_code, error_message, result, created_on
  )
  select e.key, user_id, account_id, e.device_id, e.device_seq, e.mutation, coalesce(e.variables, '{}'), e.status,
         e.error_code, e.error_message, e.result, e.created_on
  from jsonb_to_recordset(entries) as e(
    key uuid, device_id text, device_seq bigint, mutation text, variables jsonb, status text,
    error_code text, error_message text, result jsonb, created_on timestamptz
  );
end;
$$;

revoke all on function app_private.command_outcomes(uuid[]) from public;
revoke all on function app_private.log_commands(jsonb) from public;
grant execute on function app_private.command_outcomes(uuid[]) to app_user;
grant execute on function app_private.log_commands(jsonb) to app_user;
