-- The transfer agent of a security (issue 32 item 1, docs/TRANSFERS.md "The transfer agent"): the issuer names an
-- agent account (nameTransferAgent; transfer_rules.transfer_agent_id, migration 2080), whose members then read the
-- security's transfer requests (policies/10_transfers.sql, transfer_labels, audience_transfers) and whose owners and
-- admins decide them as the issuer does (decided_transfer, 10_transfers.sql). Naming another agent or none takes
-- effect at once: every check reads the rules as they are when a command arrives, and the requests are sent again
-- to the former and the new agent's devices (the former's builder answers them deleted).

-- The securities whose transfer agent is the session's agent account.
create or replace function app_private.agent_security_ids()
  returns setof uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
    select r.security_id from app_public.transfer_rules r
    where r.transfer_agent_id = app_private.current_account_id() and app_private.current_account_type() = 'agent'
  $function$;
grant execute on function app_private.agent_security_ids() to app_user;

create or replace function app_public.name_transfer_agent(security_id uuid, agent_id uuid DEFAULT NULL::uuid)
  returns app_public.transfer_rules
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  previous uuid;
  result app_public.transfer_rules;
begin
  perform app_private.require_writer('{issuer}');
  if not exists (select 1 from app_public.securities s
                 where s.id = name_transfer_agent.security_id and s.issuer_id = app_private.current_account_id()) then
    raise exception 'Security not found' using errcode = 'LL404';
  end if;
  if name_transfer_agent.agent_id is not null
     and not exists (select 1 from app_public.accounts a where a.id = name_transfer_agent.agent_id and a.type = 'agent') then
    raise exception 'No agent account has this id.' using errcode = 'LL422';
  end if;
  select r.transfer_agent_id into previous from app_public.transfer_rules r
    where r.security_id = name_transfer_agent.security_id for update;
  -- a security without rules gets a row naming the agent only: no rule, as before
  insert into app_public.transfer_rules as r (security_id, transfer_agent_id)
    values (name_transfer_agent.security_id, name_transfer_agent.agent_id)
    on conflict on constraint transfer_rules_security_id_key do update
      set transfer_agent_id = excluded.transfer_agent_id
      where r.transfer_agent_id is distinct from excluded.transfer_agent_id
    returning r.* into result;
  if result.id is null then
    -- the same agent again (another device, a replayed command): nothing changes
    select r.* into result from app_public.transfer_rules r where r.security_id = name_transfer_agent.security_id;
    return result;
  end if;
  -- the former agent's devices drop the security's requests, the new agent's receive them
  perform app_private.record_document_change('transfers', t.id,
                                             array_remove(array[previous, name_transfer_agent.agent_id], null))
    from app_public.transfers t where t.security_id = name_transfer_agent.security_id;
  return result;
end
$function$;

comment on function app_public.name_transfer_agent(uuid,uuid) is
  'Names the agent account that reviews a security''s transfer requests beside its issuer (the issuer''s owners and admins); without an agent, clears it.';
grant execute on function app_public.name_transfer_agent(uuid,uuid) to app_user;
