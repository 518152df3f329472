-- Accounts and the people in them: makeIssuerAccount, the claim mail for accounts created for someone else
-- (sendClaimAccountEmail, claim_accounts), delegate invitations of an account's parties (queue_delegate_invitation,
-- resendEmail, claimedDelegateInvitation), the personal fields kept in app_private.account_personal_data and read
-- through computed columns (dateOfBirth, formationDate, taxShort), and the accounts' and memberships' rules (the
-- owner's membership is locked; dates in the past).

create or replace function app_private.claim_accounts(claim_token text, claimant uuid, OUT status text, OUT mail_id uuid)
  returns record
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
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
$function$;

create or replace function app_private.hash_token(token text)
  returns text
  language sql
  immutable strict
  set search_path to 'pg_catalog'
as $function$ select encode(sha256(convert_to(token, 'UTF8')), 'hex') $function$;

create or replace function app_private.normalized_email(email text, message text)
  returns text
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
declare
  trimmed text := trim(coalesce(email, ''));
begin
  if trimmed = '' then
    raise exception '%', message using errcode = 'LL422';
  end if;
  if trimmed !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = 'LL422';
  end if;
  return trimmed;
end
$function$;
grant execute on function app_private.normalized_email(text,text) to app_user;

-- A mail carrying a claim link (/authenticate/claim, 0101): a fresh token (two v4 UUIDs: 244 random bits from the
-- core generator, no pgcrypto on PGlite), the mail in the outbox with the link between each body's two parts, the
-- token's hash kept 7 days, the mail sender woken. The one place that knows how a claim link is made and kept.
create or replace function app_private.queue_claim_link(
  kind text, email text, subject text, text_before text, text_after text, html_before text, html_after text,
  requested_by uuid, OUT mail_id uuid, OUT token_id uuid)
  returns record
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  link text := '{{origin}}/authenticate/claim?token=' || token;
begin
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (kind, email, subject, text_before || link || text_after, html_before || link || html_after)
  returning id into mail_id;
  insert into app_private.claim_tokens (token_hash, email, mail_id, requested_by, expires_on)
  values (app_private.hash_token(token), email, mail_id, requested_by, now() + interval '7 days')
  returning id into token_id;
  perform pg_notify('mail_outbox', mail_id::text);
end
$function$;

create or replace function app_private.queue_claim_mail(email text, requested_by uuid)
  returns uuid
  language sql
  set search_path to 'pg_catalog'
as $function$
  select (app_private.queue_claim_link('claim_account', email, 'Claim your account',
    'Someone asked to claim the account registered with this email address.' || chr(10) || chr(10)
      || 'Open this link within 7 days to claim it (you will be asked to sign in first):' || chr(10),
    chr(10) || chr(10) || 'If you did not ask for this, ignore this mail.',
    '<p>Someone asked to claim the account registered with this email address.</p><p><a href="',
    '">Claim the account</a> within 7 days '
      || '(you will be asked to sign in first).</p><p>If you did not ask for this, ignore this mail.</p>',
    requested_by)).mail_id
$function$;

-- An invitation to an account (a party's delegate invitation, makeDelegate, transferOwnership): the caller's intro
-- (plain text and HTML), then the claim link that accepts it.
create or replace function app_private.queue_invitation_mail(
  account_name text, email text, intro_text text, intro_html text, invited_by uuid, OUT mail_id uuid, OUT token_id uuid)
  returns record
  language sql
  set search_path to 'pg_catalog'
as $function$
  select * from app_private.queue_claim_link('delegate_invitation', email,
    'You are invited to ' || account_name || ' on Ledgerline',
    intro_text || chr(10) || chr(10)
      || 'Open this link within 7 days to accept (sign up first if you have no Ledgerline sign-in yet):' || chr(10),
    chr(10) || chr(10) || 'If you did not expect this, ignore this mail.',
    intro_html || '<p><a href="',
    '">Accept the invitation</a> within 7 days '
      || '(sign up first if you have no Ledgerline sign-in yet).</p><p>If you did not expect this, ignore this mail.</p>',
    invited_by)
$function$;

-- Text for a mail's HTML (names, intros): escaped, null as empty.
create or replace function app_private.html_text(value text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select replace(replace(replace(replace(coalesce(value, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
$function$;

create or replace function app_private.queue_delegate_invitation(account uuid, party uuid, email text, invited_by uuid)
  returns uuid
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  account_name text := (select a.name from app_public.accounts a where a.id = account);
  sent record := app_private.queue_invitation_mail(account_name, email,
    'You were added as a delegate of the investor account ' || account_name || '.',
    '<p>You were added as a delegate of the investor account <strong>' || app_private.html_text(account_name)
      || '</strong>.</p>',
    invited_by);
begin
  insert into app_private.delegate_invitations (account_id, party_id, email, claim_token_id, invited_by)
  values (account, party, email, sent.token_id, invited_by);
  return sent.mail_id;
end;
$function$;

create or replace function app_private.tg_accounts__dates_past()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.date_of_birth > current_date + 1 then
    raise exception 'Date of birth must not be in the future.' using errcode = 'LL422';
  end if;
  if new.formation_date > current_date + 1 then
    raise exception 'Formation date must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_accounts__embedded()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if (new.name, new.contact_name, new.email, new.setup, new.company)
      is not distinct from (old.name, old.contact_name, old.email, old.setup, old.company) then
    return null;
  end if;
  perform app_private.record_document_change('distributions', d.id) from app_public.distributions d where d.investor_id = new.id;
  perform app_private.record_document_change('holdings', h.id) from app_public.holdings h where h.investor_id = new.id;
  perform app_private.record_document_change('customers', c.id) from app_public.customers c where c.investor_id = new.id;
  perform app_private.record_document_change('allocations', al.id) from app_public.allocations al where al.owner_id = new.id;
  perform app_private.record_document_change('broker_allocations', b.id) from app_public.broker_allocations b where b.broker_id = new.id;
  perform app_private.record_document_change('securities', l.security_id) from app_public.security_listings l where l.exchange_id = new.id;
  return null;
end;
$function$;

create or replace function app_private.tg_accounts__personal_data_private()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $function$
begin
  insert into app_private.account_personal_data as p (account_id, tax_short, date_of_birth, formation_date)
  values (new.id, new.tax_short, new.date_of_birth, case when new.type = 'investor' then new.formation_date end)
  on conflict (account_id) do update
    set tax_short = coalesce(excluded.tax_short, p.tax_short),
        date_of_birth = coalesce(excluded.date_of_birth, p.date_of_birth),
        formation_date = coalesce(excluded.formation_date, p.formation_date),
        updated_on = now();
  update app_public.accounts a
     set tax_short = null, date_of_birth = null,
         formation_date = case when a.type = 'investor' then null else a.formation_date end
   where a.id = new.id;
  return null;
end
$function$;

create or replace function app_private.tg_parties__dates_past()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.date_of_birth > current_date + 1 then
    raise exception 'Date of birth must not be in the future.' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_parties__invite_delegate()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
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
$function$;

create or replace function app_private.tg_users_accounts__owner_locked()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if current_user = 'app_user' and (
      (tg_op in ('UPDATE', 'DELETE') and old.role = 'account_owner')
      or (tg_op in ('INSERT', 'UPDATE') and new.role = 'account_owner')) then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = 'the owner''s membership cannot be edited, and nobody becomes owner here';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$function$;

create or replace function app_public.accounts_date_of_birth(a app_public.accounts)
  returns date
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$ select p.date_of_birth from app_private.account_personal_among(array[a.id]) p $function$;

comment on function app_public.accounts_date_of_birth(app_public.accounts) is
  'Date of birth; null unless the reader is a member of the account.';
grant execute on function app_public.accounts_date_of_birth(app_public.accounts) to app_user;

create or replace function app_public.accounts_formation_date(a app_public.accounts)
  returns date
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
    select case when a.type <> 'investor' then a.formation_date
                else (select p.formation_date from app_private.account_personal_among(array[a.id]) p) end
  $function$;

comment on function app_public.accounts_formation_date(app_public.accounts) is
  'Formation date; for an investor account (an individual''s is the date of birth) null unless the reader is a member of the account.';
grant execute on function app_public.accounts_formation_date(app_public.accounts) to app_user;

create or replace function app_public.accounts_tax_short(a app_public.accounts)
  returns text
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$ select p.tax_short from app_private.account_personal_among(array[a.id]) p $function$;

comment on function app_public.accounts_tax_short(app_public.accounts) is
  'The last four characters of the tax id; null unless the reader is a member of the account.';
grant execute on function app_public.accounts_tax_short(app_public.accounts) to app_user;

create or replace function app_public.claimed_delegate_invitation(email_id uuid)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select a.name
    from app_private.claim_tokens t
    join app_private.delegate_invitations i on i.claim_token_id = t.id
    join app_public.accounts a on a.id = i.account_id
   where t.mail_id = claimed_delegate_invitation.email_id
     and i.accepted_by is not null
     and i.accepted_by = app_private.current_user_id()
   limit 1
$function$;

comment on function app_public.claimed_delegate_invitation(uuid) is
  'The account name of the delegate invitation the signed-in user accepted through the claim link of this mail.';
grant execute on function app_public.claimed_delegate_invitation(uuid) to app_user;

create or replace function app_public.make_issuer_account(company_name text, company_email text, id uuid DEFAULT NULL::uuid)
  returns app_public.accounts
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  clean_email text;
  account app_public.accounts;
begin
  perform app_private.require_writer('{broker}');
  if trim(coalesce(company_name, '')) = '' then
    raise exception 'Name is required.' using errcode = 'LL422';
  end if;
  clean_email := app_private.normalized_email(company_email, 'Email is required.');
  insert into app_public.accounts (id, type, name, email, contact_name)
    values (coalesce(make_issuer_account.id, gen_random_uuid()), 'issuer', trim(company_name), clean_email, null)
    returning * into account;
  insert into app_public.managed_accounts (creator_id, manager_id, account_id)
    values (app_private.current_user_id(), app_private.current_account_id(), account.id);
  return account;
end
$function$;
grant execute on function app_public.make_issuer_account(text,text,uuid) to app_user;

create or replace function app_public.resend_email(id uuid)
  returns uuid
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $function$
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
$function$;
grant execute on function app_public.resend_email(uuid) to app_user;

create or replace function app_public.send_claim_account_email(email text)
  returns uuid
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $function$
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
$function$;
grant execute on function app_public.send_claim_account_email(text) to app_user;

-- Where these functions fire.
create or replace trigger _811_dates_past BEFORE INSERT OR UPDATE OF date_of_birth, formation_date ON app_public.accounts FOR EACH ROW
  execute function app_private.tg_accounts__dates_past();
create or replace trigger _910_embedded AFTER UPDATE ON app_public.accounts FOR EACH ROW
  execute function app_private.tg_accounts__embedded();
create or replace trigger _960_personal_data_private AFTER INSERT OR UPDATE ON app_public.accounts FOR EACH ROW WHEN (((new.tax_short IS NOT NULL) OR (new.date_of_birth IS NOT NULL) OR ((new.type = 'investor'::text) AND (new.formation_date IS NOT NULL))))
  execute function app_private.tg_accounts__personal_data_private();
create or replace trigger _500_invite_delegate AFTER INSERT OR UPDATE OF allow_login, email ON app_public.parties FOR EACH ROW
  execute function app_private.tg_parties__invite_delegate();
create or replace trigger _811_dates_past BEFORE INSERT OR UPDATE OF date_of_birth ON app_public.parties FOR EACH ROW
  execute function app_private.tg_parties__dates_past();
create or replace trigger _060_owner_locked BEFORE INSERT OR DELETE OR UPDATE ON app_public.users_accounts FOR EACH ROW
  execute function app_private.tg_users_accounts__owner_locked();
