-- The `transfers` read model (a kind of the device's `records` collection, parent holdingId; docs/TRANSFERS.md):
-- one document per transfer request, the row with the names people read (security, holder, transferee) and whether
-- an open request waits for its transferee's onboarding (12_onboarding.sql, which also says when that changes).
-- Built under the reader's row-level security (policies/10_transfers.sql); the names come from transfer_labels for
-- the requests the reader may read. Audience: the holder, the transferee, the issuer and the brokers managing the round.

create or replace function app_private.transfer_labels(ids uuid[])
  returns table(id uuid, security_name text, requester_name text, transferee_name text)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select t.id, s.name, ra.name, ta.name
  from app_public.transfers t
  join app_public.securities s on s.id = t.security_id
  join app_public.accounts ra on ra.id = t.requester_id
  join app_public.accounts ta on ta.id = t.transferee_id
  where t.id = any (ids)
    and (t.requester_id = app_private.current_account_id() or t.transferee_id = app_private.current_account_id()
         or t.issuer_id = app_private.current_account_id()
         or t.round_id in (select app_private.broker_round_ids())
         or t.security_id in (select app_private.agent_security_ids()))
$function$;
grant execute on function app_private.transfer_labels(uuid[]) to app_user;

create or replace function app_private.docs_transfers(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select t.id, app_private.live_document(
    app_private.row_document(to_jsonb(t), 'app_public.transfers')
    || jsonb_build_object('securityName', l.security_name, 'requesterName', l.requester_name,
                          'transfereeName', l.transferee_name,
                          'waitsForTransfereeOnboarding', app_private.transfer_waits_for_onboarding(t)))
  from app_public.transfers t
  left join app_private.transfer_labels(ids) l on l.id = t.id
  where t.id = any (ids)
$function$;
grant execute on function app_private.docs_transfers(uuid[]) to app_user;

create or replace function app_private.audience_transfers(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select a from app_public.transfers t, unnest(array[t.requester_id, t.transferee_id, t.issuer_id]) a
    where t.id = doc_id
    union
    select ba.broker_id from app_public.transfers t
      join app_public.broker_allocations ba on ba.round_id = t.round_id and ba.status = 'accepted'
    where t.id = doc_id
    union
    -- the security's transfer agent (05_agent.sql)
    select r.transfer_agent_id from app_public.transfers t
      join app_public.transfer_rules r on r.security_id = t.security_id and r.transfer_agent_id is not null
    where t.id = doc_id)
$function$;

create or replace trigger _900_changes_transfers after insert or update or delete on app_public.transfers
  for each row execute function app_private.record_change('transfers', 'id', 'requester_id', 'transferee_id', 'issuer_id');
