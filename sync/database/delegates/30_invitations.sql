-- Pending delegate invitations (issue 19; docs/PERMISSIONS.md "Delegates"): the `delegate_invitations` read model (a
-- kind of the device's `records` collection, parent accountId) lists an account's invitations nobody has claimed
-- and nobody revoked (makeDelegate's, transferOwnership's and an investor's "Add as Delegate"), with the address,
-- name, role, whether it hands over the ownership, and until when its link works (status pending or expired). Every
-- member of the account reads them (the Delegates tab); owners and admins resend one (a new link and mail: the old
-- link stops working, the invitation is replaced by a new one) or revoke it (its link stops working, it leaves the
-- list). A claimed invitation leaves the list too (the membership appears).

create or replace function app_private.docs_delegate_invitations(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select i.id, app_private.live_document(jsonb_build_object(
    'id', i.id, 'accountId', i.account_id, 'email', i.email,
    'firstName', coalesce(i.first_name, p.first_name), 'lastName', coalesce(i.last_name, p.last_name),
    'role', i.role, 'transferOwnership', i.transfer_ownership,
    'status', case when t.expires_on > now() then 'pending' else 'expired' end,
    'expiresOn', t.expires_on,
    'invitedBy', (select u.first_name || ' ' || u.last_name from app_public.users u where u.id = i.invited_by),
    'createdOn', i.created_on, 'updatedOn', i.updated_on))
  from app_private.delegate_invitations i
  join app_private.claim_tokens t on t.id = i.claim_token_id
  left join app_public.parties p on p.id = i.party_id
  where i.id = any (ids)
    and i.account_id = app_private.current_account_id()
    and app_private.current_user_id() is not null
    and i.accepted_by is null and i.revoked_on is null
$function$;
grant execute on function app_private.docs_delegate_invitations(uuid[]) to app_user;

create or replace function app_private.audience_delegate_invitations(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select array(select i.account_id from app_private.delegate_invitations i where i.id = doc_id)
$function$;

create or replace trigger _900_changes_delegate_invitations after insert or update on app_private.delegate_invitations
  for each row execute function app_private.record_change('delegate_invitations', 'id', 'account_id');

-- Revokes the invitation of the selected account an owner or admin acts on (LL404 for any other; LL409 once accepted
-- or revoked): its link stops working. Returns the invitation as it was (revokeDelegateInvitation, and
-- resendDelegateInvitation, which then sends it again with a new link).
create or replace function app_private.revoke_own_delegate_invitation(invitation uuid)
  returns app_private.delegate_invitations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  found_row app_private.delegate_invitations;
begin
  perform app_private.require_writer(array['admin', 'agent', 'ats', 'broker', 'investor', 'issuer']);
  select * into found_row from app_private.delegate_invitations i
   where i.id = invitation and i.account_id = app_private.current_account_id()
   for update;
  if found_row.id is null then
    raise exception 'Invitation not found.' using errcode = 'LL404';
  end if;
  if found_row.accepted_by is not null then
    raise exception 'This invitation has been accepted already.' using errcode = 'LL409';
  end if;
  if found_row.revoked_on is not null then
    raise exception 'This invitation has been revoked.' using errcode = 'LL409';
  end if;
  update app_private.claim_tokens t set expires_on = least(t.expires_on, now()) where t.id = found_row.claim_token_id;
  update app_private.delegate_invitations i set revoked_on = now() where i.id = found_row.id;
  return found_row;
end
$function$;

create or replace function app_public.revoke_delegate_invitation(id uuid)
  returns boolean
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.revoke_own_delegate_invitation($1);
  return true;
end
$function$;
comment on function app_public.revoke_delegate_invitation(uuid) is
  'Revokes a delegate invitation nobody claimed: its link stops working (owners and admins of the account).';
grant execute on function app_public.revoke_delegate_invitation(uuid) to app_user;

create or replace function app_public.resend_delegate_invitation(id uuid)
  returns boolean
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  invitation app_private.delegate_invitations := app_private.revoke_own_delegate_invitation($1);
begin
  if invitation.party_id is not null then
    perform app_private.queue_delegate_invitation(invitation.account_id, invitation.party_id, invitation.email,
                                                  app_private.current_user_id());
  else
    perform app_private.queue_delegate_mail(invitation.account_id, invitation.email, invitation.role,
      invitation.first_name, invitation.last_name, app_private.current_user_id(), invitation.transfer_ownership);
  end if;
  return true;
end
$function$;
comment on function app_public.resend_delegate_invitation(uuid) is
  'Sends a delegate invitation again with a new link (the old one stops working); owners and admins of the account.';
grant execute on function app_public.resend_delegate_invitation(uuid) to app_user;
