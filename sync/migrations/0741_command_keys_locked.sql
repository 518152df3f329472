-- Two deliveries of the same commands at the same time (a device resending a request whose answer it has not seen
-- yet; two tabs) on PostgreSQL: without a lock both transactions found no outcome in the log and ran the commands;
-- the second then failed on the log's primary key and was rolled back, and could lose the same race again on its
-- next attempt while the first delivery went on with its next transaction. command_outcomes now first waits for
-- the keys (a transaction-level advisory lock per key, taken in one order so two requests never wait for each other
-- in a cycle), then reads the log with a fresh snapshot (a volatile PL/pgSQL function: each statement sees what
-- committed before it started), so a delivery that waited answers from the log what the other one applied.
-- On PGlite (one session) the locks are always free.

create or replace function app_private.command_outcomes(keys uuid[])
  returns table (idempotency_key uuid, status text, error_code text, error_message text, user_id uuid, account_id uuid)
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private
as $$
begin
  -- 7401: this lock class (the two-key form never meets the one-key advisory locks of other functions)
  perform pg_advisory_xact_lock(7401, h)
  from (select distinct hashtext(k::text) as h from unnest(keys) as k order by 1) as ordered;
  return query
    select l.idempotency_key, l.status, l.error_code, l.error_message, l.user_id, l.account_id
    from app_private.command_log l
    where l.idempotency_key = any(keys);
end;
$$;
