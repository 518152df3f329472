-- The claim page after a claim link (/account/claim?status=complete&email_id=<mail id>, sync/mail/claim.ts) cannot
-- tell a delegate invitation (0442: the claimant became a member of an investor account) from a claim of one's own
-- accounts (0101). claimedDelegateInvitation(emailId) answers, for the signed-in user only: the name of the account
-- whose delegate invitation that mail carried and this user accepted; NULL for any other mail or user, so a mail id
-- seen in a URL tells nobody else anything.

create function app_public.claimed_delegate_invitation(email_id uuid) returns text
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select a.name
    from app_private.claim_tokens t
    join app_private.delegate_invitations i on i.claim_token_id = t.id
    join app_public.accounts a on a.id = i.account_id
   where t.mail_id = claimed_delegate_invitation.email_id
     and i.accepted_by is not null
     and i.accepted_by = app_private.current_user_id()
   limit 1
$$;
comment on function app_public.claimed_delegate_invitation(uuid) is
  'The account name of the delegate invitation the signed-in user accepted through the claim link of this mail.';
grant execute on function app_public.claimed_delegate_invitation(uuid) to app_user;
