-- Mail outbox and account claim tokens (sync/mail/). Every mail the product sends is a row here first: the server's
-- mail relay renders it, logs it, sends it by SMTP when configured, and records the outcome.

create table app_private.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z_]+$'),
  to_address text not null check (to_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  subject text not null,
  -- May contain {{origin}}, replaced by the server's public address when the mail is delivered.
  text_body text not null,
  html_body text,
  status text not null default 'queued' check (status in ('queued', 'logged', 'sent', 'failed')),
  error text,
  delivered_on timestamptz,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index mail_outbox_queued_idx on app_private.mail_outbox (created_on) where status = 'queued';
select app_private.add_timestamps('app_private.mail_outbox');

-- A claim link proves its holder reads the mail sent to an account's email address. Only a SHA-256 of the token
-- is kept; the token itself travels only in the mail.
create table app_private.claim_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  email text not null,
  mail_id uuid references app_private.mail_outbox (id) on delete set null,
  requested_by uuid references app_public.users (id) on delete set null,
  expires_on timestamptz not null,
  used_on timestamptz,
  used_by uuid references app_public.users (id) on delete set null,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index claim_tokens_mail_id_idx on app_private.claim_tokens (mail_id);
create index claim_tokens_email_idx on app_private.claim_tokens (lower(email));
create index claim_tokens_requested_by_idx on app_private.claim_tokens (requested_by);
create index claim_tokens_used_by_idx on app_private.claim_tokens (used_by);
select app_private.add_timestamps('app_private.claim_tokens');

create function app_private.hash_token(token text) returns text
  language sql immutable strict
  set search_path = pg_catalog
  as $$ select encode(sha256(convert_to(token, 'UTF8')), 'hex') $$;

-- Records a claim token for `email` and queues its mail; returns the mail id (the claim page's email_id).
create function app_private.queue_claim_mail(email text, requested_by uuid) returns uuid
  language plpgsql
  set search_path = pg_catalog
  as $$
declare
  -- Two v4 UUIDs: 244 random bits from the core generator (no pgcrypto on PGlite).
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  mail_id uuid;
begin
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (
    'claim_account',
    email,
    'Claim your account',
    'Someone asked to claim the account registered with this email address.' || chr(10) || chr(10)
      || 'Open this link within 7 days to claim it (you will be asked to sign in first):' || chr(10)
      || '{{origin}}/authenticate/claim?token=' || token || chr(10) || chr(10)
      || 'If you did not ask for this, ignore this mail.',
    '<p>Someone asked to claim the account registered with this email address.</p>'
      || '<p><a href="{{origin}}/authenticate/claim?token=' || token || '">Claim the account</a> within 7 days '
      || '(you will be asked to sign in first).</p><p>If you did not ask for this, ignore this mail.</p>'
  )
  returning id into mail_id;
  insert into app_private.claim_tokens (token_hash, email, mail_id, requested_by, expires_on)
  values (app_private.hash_token(token), email, mail_id, requested_by, now() + interval '7 days');
  perform pg_notify('mail_outbox', mail_id::text);
  return mail_id;
end
$$;

-- sendClaimAccountEmail(input: {email}): mails a claim link to the address of an unclaimed account.
create function app_public.send_claim_account_email(email text) returns uuid
  language plpgsql volatile security definer
  set search_path = pg_catalog
  as $$
declare
  wanted text := lower(trim(coalesce(email, '')));
begin
  if app_private.current_user_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
  if wanted = '' then
    raise exception 'Email is required.' using errcode = 'LL422';
  end if;
  if not exists (select 1 from app_public.accounts a where lower(a.email) = wanted) then
    raise exception 'No account uses this email address.' using errcode = 'LL404';
  end if;
  return app_private.queue_claim_mail(wanted, app_private.current_user_id());
end
$$;

-- resendEmail(input: {id}): a fresh claim link for the address an earlier claim mail (id = email_id) went to.
create function app_public.resend_email(id uuid) returns uuid
  language plpgsql volatile security definer
  set search_path = pg_catalog
  as $$
declare
  previous app_private.claim_tokens;
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
  return app_private.queue_claim_mail(previous.email, app_private.current_user_id());
end
$$;

grant execute on function app_public.send_claim_account_email(text), app_public.resend_email(uuid) to app_user;

-- Used by GET /authenticate/claim (the server, not app_user): makes `claimant` the owner of every account using the
-- token's email address. Returns the claim page status and the token's mail id.
create function app_private.claim_accounts(claim_token text, claimant uuid, out status text, out mail_id uuid)
  language plpgsql volatile
  set search_path = pg_catalog
  as $$
declare
  claim app_private.claim_tokens;
begin
  select * into claim from app_private.claim_tokens t where t.token_hash = app_private.hash_token(claim_token) for update;
  if not found then
    status := 'invalid-token';
    return;
  end if;
  mail_id := claim.mail_id;
  if claim.used_on is not null then
    status := 'used';
  elsif claim.expires_on <= now() then
    status := 'expired-token';
  else
    insert into app_public.users_accounts (user_id, account_id, role, status)
    select claimant, a.id, 'account_owner', 'active'
      from app_public.accounts a
     where lower(a.email) = lower(claim.email)
    on conflict (user_id, account_id) do update set role = 'account_owner', status = 'active';
    update app_private.claim_tokens set used_on = now(), used_by = claimant where id = claim.id;
    status := 'complete';
  end if;
end
$$;
