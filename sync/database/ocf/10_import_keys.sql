-- The OCF import's confirm applied once per idempotency key (docs/OCF.md "Confirm once", table
-- app_private.ocf_import_keys). Both run in the import's own transaction, as the database owner (sync/ocf/confirm-once.ts).

-- Takes the key for this confirm, or finds who took it. `claimed`: this transaction holds the key now and imports.
-- Otherwise `same_request` says whether the same user confirmed for the same account, and `answer` is the answer
-- recorded then. A concurrent confirm with the same key waits here until the first one commits (and then finds its
-- answer) or rolls back (and then takes the key itself), so the package is imported at most once.
create or replace function app_private.claim_ocf_import_key(confirm_key uuid, confirmed_by uuid, confirmed_for uuid)
  returns table (claimed boolean, same_request boolean, answer jsonb)
  language plpgsql
  volatile
  strict
  set search_path to 'pg_catalog'
as $function$
declare
  known app_private.ocf_import_keys;
begin
  insert into app_private.ocf_import_keys (idempotency_key, user_id, account_id)
    values (confirm_key, confirmed_by, confirmed_for)
    on conflict (idempotency_key) do nothing;
  if found then
    return query select true, true, null::jsonb;
    return;
  end if;
  -- a new statement, so it sees the row the other transaction committed
  select k.* into strict known from app_private.ocf_import_keys k where k.idempotency_key = confirm_key;
  return query select false, known.user_id = confirmed_by and known.account_id = confirmed_for, known.result;
end
$function$;

comment on function app_private.claim_ocf_import_key(uuid, uuid, uuid) is
  'Takes an OCF import confirm''s idempotency key, or answers who took it and the answer recorded.';

-- The confirm's answer, recorded with its key before the import's transaction commits.
create or replace function app_private.record_ocf_import_key(confirm_key uuid, answer jsonb)
  returns void
  language sql
  volatile
  strict
  set search_path to 'pg_catalog'
as $function$
  update app_private.ocf_import_keys set result = answer where idempotency_key = confirm_key;
$function$;

comment on function app_private.record_ocf_import_key(uuid, jsonb) is
  'Records the answer of the OCF import confirm that holds this idempotency key.';
