-- Command log: every command a device sends to POST /api/v2/commands is applied at most once. Its idempotency key
-- is the primary key, and the row is written in the same transaction as the command's mutation, so a command is
-- either applied and logged, or neither: a retried delivery finds the row and gets the stored outcome back.
-- Business rejections are logged too (status 'rejected' with the coded error), so a resend of the same key gets the
-- same answer; a corrected command is a new command with a new key.

create table app_private.command_log (
  idempotency_key uuid primary key,
  user_id uuid not null,
  account_id uuid not null,
  device_id text,
  device_seq bigint,
  mutation text not null,
  variables jsonb not null default '{}',
  status text not null check (status in ('accepted', 'rejected')),
  error_code text,
  error_message text,
  result jsonb,
  created_on timestamptz,
  received_on timestamptz not null default now(),
  applied_on timestamptz not null default now()
);

create index command_log_device on app_private.command_log (device_id, device_seq);
create index command_log_account on app_private.command_log (account_id, received_on);

comment on table app_private.command_log is
  'Commands received from devices (outbox), keyed by idempotency key: applied exactly once.';

-- Outcome of an earlier delivery of a command, or no row. The caller must be the command's user and account.
create function app_private.command_outcome(key uuid)
  returns table (status text, error_code text, error_message text, user_id uuid, account_id uuid)
  language sql stable security definer
  set search_path = pg_catalog, app_private
as $$
  select l.status, l.error_code, l.error_message, l.user_id, l.account_id
  from app_private.command_log l
  where l.idempotency_key = key
$$;

-- Records a command's outcome. Called by the command endpoint inside the transaction that applied the command
-- (as app_user, after the mutation), so the log row commits with the command's writes or not at all. A second
-- delivery racing the first fails here on the primary key and rolls the whole command back.
create function app_private.log_command(
  key uuid, device_id text, device_seq bigint, mutation text, variables jsonb, status text,
  error_code text, error_message text, result jsonb, created_on timestamptz
) returns void
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
  ) values (
    key, user_id, account_id, device_id, device_seq, mutation, coalesce(variables, '{}'), status,
    error_code, error_message, result, created_on
  );
end;
$$;

revoke all on function app_private.command_outcome(uuid) from public;
revoke all on function app_private.log_command(uuid, text, bigint, text, jsonb, text, text, text, jsonb, timestamptz)
  from public;
grant execute on function app_private.command_outcome(uuid) to app_user;
grant execute on function app_private.log_command(uuid, text, bigint, text, jsonb, text, text, text, jsonb, timestamptz)
  to app_user;
