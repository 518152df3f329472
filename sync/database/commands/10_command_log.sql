-- The command log (app_private.command_log): every command a device sends to POST /api/v2/commands is applied at
-- most once. The rows of a batch are written under their idempotency keys in the same transaction as the commands'
-- mutations (log_commands), rejections included, so a retried delivery gets the stored outcome back
-- (command_outcomes, which locks the keys first). The variables are kept redacted
-- (app_private.audit_redacted), rejected commands' too: personal fields (a tax id as its last four characters; a date
-- of birth, street address lines, a postal code, a phone number as "[redacted]") and a step's answers (their field
-- names only): the log must not hold in clear what the product keeps only in part, sealed or for members only.

create or replace function app_private.command_outcomes(keys uuid[])
  returns table(idempotency_key uuid, status text, error_code text, error_message text, user_id uuid, account_id uuid)
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  -- 7401: this lock class (the two-key form never meets the one-key advisory locks of other functions)
  perform pg_advisory_xact_lock(7401, h)
  from (select distinct hashtext(k::text) as h from unnest(keys) as k order by 1) as ordered;
  return query
    select l.idempotency_key, l.status, l.error_code, l.error_message, l.user_id, l.account_id
    from app_private.command_log l
    where l.idempotency_key = any(keys);
end;
$function$;
grant execute on function app_private.command_outcomes(uuid[]) to app_user;

create or replace function app_private.log_commands(entries jsonb)
  returns void
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
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
  select e.key, user_id, account_id, e.device_id, e.device_seq, e.mutation,
         app_private.audit_redacted(e.mutation, e.variables), e.status,
         e.error_code, e.error_message, e.result, e.created_on
  from jsonb_to_recordset(entries) as e(
    key uuid, device_id text, device_seq bigint, mutation text, variables jsonb, status text,
    error_code text, error_message text, result jsonb, created_on timestamptz
  );
end;
$function$;
grant execute on function app_private.log_commands(jsonb) to app_user;
