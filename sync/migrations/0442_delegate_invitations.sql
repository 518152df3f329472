-- "Add as Delegate" (spec part 1 section 2.6: a party with allowLogin may log in to the investor account) for a
-- person who has no user yet: the party's address gets an invitation mail through the one mailer's outbox
-- (app_private.mail_outbox, delivered by sync/mail/mailer.ts) carrying a claim link (the claim flow of 0101,
-- GET /authenticate/claim, sync/mail/claim.ts). Whoever opens the link signed in (after signing up, for a new person)
-- becomes an admin member of the investor account, linked to the party. The link, not a sign-up with the same
-- address, grants the membership: emails are not verified at sign-up, the mail proves the holder reads that inbox.
-- A party whose email already belongs to a user is made a member at once by setupAccount (0401); no mail then.

create table app_private.delegate_invitations (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  party_id uuid not null references app_public.parties (id) on delete cascade,
  email text not null,
  role text not null default 'account_admin' check (role in ('account_admin', 'account_viewer')),
  claim_token_id uuid not null unique references app_private.claim_tokens (id) on delete cascade,
  invited_by uuid references app_public.users (id) on delete set null,
  accepted_by uuid references app_public.users (id) on delete set null,
  accepted_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index delegate_invitations_account_id_idx on app_private.delegate_invitations (account_id);
create index delegate_invitations_party_id_idx on app_private.delegate_invitations (party_id);
create index delegate_invitations_invited_by_idx on app_private.delegate_invitations (invited_by);
create index delegate_invitations_accepted_by_idx on app_private.delegate_invitations (accepted_by);
select app_private.add_timestamps('app_private.delegate_invitations');

-- Queues the invitation mail with a fresh claim link for `party` of `account`; returns the mail id.
create function app_private.queue_delegate_invitation(account uuid, party uuid, email text, invited_by uuid)
  returns uuid
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  -- Two v4 UUIDs: 244 random bits from the core generator (as the claim mail of 0101).
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  account_name text := (select a.name from app_public.accounts a where a.id = account);
  mail_id uuid;
  token_id uuid;
begin
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (
    'delegate_invitation',
    email,
    'You are invited to ' || account_name || ' on Ledgerline',
    'You were added as a delegate of the investor account ' || account_name || '.' || chr(10) || chr(10)
      || 'Open this link within 7 days to accept (sign up first if you have no Ledgerline sign-in yet):' || chr(10)
      || '{{origin}}/authenticate/claim?token=' || token || chr(10) || chr(10)
      || 'If you did not expect this, ignore this mail.',
    '<p>You were added as a delegate of the investor account <strong>'
      || replace(replace(replace(account_name, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</strong>.</p>'
      || '<p><a href="{{origin}}/authenticate/claim?token=' || token || '">Accept the invitation</a> within 7 days '
      || '(sign up first if you have no Ledgerline sign-in yet).</p><p>If you did not expect this, ignore this mail.</p>'
  )
  returning id into mail_id;
  insert into app_private.claim_tokens (token_hash, email, mail_id, requested_by, expires_on)
  values (app_private.hash_token(token), email, mail_id, invited_by, now() + interval '7 days')
  returning id into token_id;
  insert into app_private.delegate_invitations (account_id, party_id, email, claim_token_id, invited_by)
  values (account, party, email, token_id, invited_by);
  perform pg_notify('mail_outbox', mail_id::text);
  return mail_id;
end;
$$;

-- A party of an investor account allowed to log in, with an email no user has, is invited (once per party and
-- address) when a signed-in user adds it. Runs after setupAccount's insert, before it links known users (which it does for existing addresses).
create function app_private.tg_parties__invite_delegate() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  address text := nullif(btrim(coalesce(new.email, '')), '');
begin
  -- Only a signed-in person invites (seeds and scripts write parties with no session and send no mail).
  if not new.allow_login or address is null or new.user_id is not null or app_private.current_user_id() is null then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.allow_login and lower(coalesce(old.email, '')) = lower(address) then
    return null;
  end if;
  if exists (select 1 from app_public.user_emails e where lower(e.email) = lower(address))
      or exists (select 1 from app_public.accounts a where a.id = new.account_id and a.type <> 'investor')
      or exists (select 1 from app_private.delegate_invitations i
                 where i.party_id = new.id and lower(i.email) = lower(address)) then
    return null;
  end if;
  perform app_private.queue_delegate_invitation(new.account_id, new.id, address, app_private.current_user_id());
  return null;
end;
$$;
create trigger _500_invite_delegate after insert or update of allow_login, email on app_public.parties
  for each row execute function app_private.tg_parties__invite_delegate();

-- The claim link (0101), now also for invitations: an invitation's token makes the claimant a member of the
-- invitation's account with its role (an existing membership is kept as it is) and links the party to the user;
-- any other token claims the accounts using its address, as before.
create or replace function app_private.claim_accounts(claim_token text, claimant uuid, out status text, out mail_id uuid)
  language plpgsql volatile
  set search_path = pg_catalog
  as $$
declare
  claim app_private.claim_tokens;
  invitation app_private.delegate_invitations;
begin
  select * into claim from app_private.claim_tokens t where t.token_hash = app_private.hash_token(claim_token) for update;
  if not found then
    status := 'invalid-token';
    return;
  end if;
  mail_id := claim.mail_id;
  if claim.used_on is not null then
    status := 'used';
    return;
  elsif claim.expires_on <= now() then
    status := 'expired-token';
    return;
  end if;
  select * into invitation from app_private.delegate_invitations i where i.claim_token_id = claim.id;
  if invitation.id is not null then
    insert into app_public.users_accounts (user_id, account_id, role, status)
    values (claimant, invitation.account_id, invitation.role, 'active')
    on conflict (user_id, account_id) do nothing;
    update app_public.parties p set user_id = claimant where p.id = invitation.party_id and p.user_id is null;
    update app_private.delegate_invitations i set accepted_by = claimant, accepted_on = now() where i.id = invitation.id;
  else
    insert into app_public.users_accounts (user_id, account_id, role, status)
    select claimant, a.id, 'account_owner', 'active'
      from app_public.accounts a
     where lower(a.email) = lower(claim.email)
    on conflict (user_id, account_id) do update set role = 'account_owner', status = 'active';
  end if;
  update app_private.claim_tokens set used_on = now(), used_by = claimant where id = claim.id;
  status := 'complete';
end
$$;

-- resendEmail(input: {id}) (0101) for an invitation mail sends a fresh invitation for the same party, so the new
-- link still makes a delegate (a plain claim link would not).
create or replace function app_public.resend_email(id uuid) returns uuid
  language plpgsql volatile security definer
  set search_path = pg_catalog
  as $$
declare
  previous app_private.claim_tokens;
  invitation app_private.delegate_invitations;
begin
  if app_private.current_user_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  select * into previous from app_private.claim_tokens t where t.mail_id = resend_email.id;
  if not found then
    raise exception 'Invalid token, contact support for help claiming your account.' using errcode = 'LL404';
  end if;
  if previous.used_on is not null then
    raise exception 'Account has already been claimed!' using errcode = 'LL409';
  end if;
  -- The old link stops working: only the newest mail's link claims.
  update app_private.claim_tokens set expires_on = least(expires_on, now()) where token_hash = previous.token_hash;
  select * into invitation from app_private.delegate_invitations i where i.claim_token_id = previous.id;
  if invitation.id is not null then
    return app_private.queue_delegate_invitation(invitation.account_id, invitation.party_id, invitation.email,
                                                 app_private.current_user_id());
  end if;
  return app_private.queue_claim_mail(previous.email, app_private.current_user_id());
end
$$;
