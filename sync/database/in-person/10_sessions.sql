-- In-person sessions (issue 31 item 1; docs/IN-PERSON.md): a broker or issuer who may manage a distribution hosts its
-- investor on their own device. startInPersonSession records the session, completeStepInPerson completes a step as
-- the session's investor (app_private.complete_step_as, the investor's own path), signStepOffline and
-- submitAccreditation take the session too, endInPersonSession records the end and queues the investor's mail once.
-- Every command re-checks that the caller is the session's host and still may manage the distribution: refused with
-- one text (app_private.in_person_refused), so the device shows the same reason on each of the session's commands.
-- The table: migration 1930; the policies: sync/database/policies/10_in_person_sessions.sql.

-- The refusal of every command of a session whose host may not (or no longer) manage the distribution.
create or replace function app_private.in_person_refused()
  returns void
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  raise exception 'You can no longer manage this investor''s distribution, so what was done with them on this device was not applied.'
    using errcode = 'LL403';
end;
$function$;

-- Whether the caller may host an in-person session on the distribution: an owner or admin (never a viewer) of the
-- broker or issuer account that may edit the distribution's allocation (editable_allocation_ids, as the distribution
-- commands check), or of the issuer owning the round (issuer_status_allocation_ids).
create or replace function app_private.may_host_distribution(distribution uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select app_private.current_user_id() is not null and app_private.can_write()
    and app_private.current_account_type() in ('issuer', 'broker')
    and exists (
      select 1 from app_public.distributions d
      where d.id = may_host_distribution.distribution
        and (d.allocation_id in (select app_private.editable_allocation_ids())
             or d.allocation_id in (select app_private.issuer_status_allocation_ids())))
$function$;
revoke all on function app_private.may_host_distribution(uuid) from public;

-- The session the caller hosts and still may host, else the session's refusal (a session that never reached the
-- server, because its start was refused, is refused the same way).
create or replace function app_private.hosted_session(session_id uuid)
  returns app_public.in_person_sessions
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions;
begin
  perform app_private.require_signed_in();
  select s.* into session from app_public.in_person_sessions s where s.id = hosted_session.session_id;
  if session.id is null or session.host_user_id is distinct from app_private.current_user_id()
      or session.host_account_id is distinct from app_private.current_account_id()
      or not app_private.may_host_distribution(session.distribution_id) then
    perform app_private.in_person_refused();
  end if;
  return session;
end;
$function$;
revoke all on function app_private.hosted_session(uuid) from public;

-- The step of the session's distribution, locked, else 'Step not found'.
create or replace function app_private.session_step(session app_public.in_person_sessions, step_id uuid)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
begin
  select s.* into step from app_public.steps s
    join app_public.processes p on p.id = s.process_id
    where s.id = session_step.step_id and p.distribution_id = session.distribution_id
      and p.investor_id = session.investor_id
    for update of s;
  if step.id is null then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  return step;
end;
$function$;
revoke all on function app_private.session_step(app_public.in_person_sessions, uuid) from public;

-- A time read from the device (checked a real date first, app_private.check_date): not ahead of the server's clock
-- by more than a day.
create or replace function app_private.device_time_not_ahead(at timestamptz)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if at > now() + interval '1 day' then
    raise exception 'The device''s clock is ahead: check its date and time, then try again.' using errcode = 'LL422';
  end if;
end;
$function$;
revoke all on function app_private.device_time_not_ahead(timestamptz) from public;

-- A time the device says something happened at: `missing` (LL422) when absent, else a real date
-- (app_private.check_date) not ahead of the server's clock (app_private.device_time_not_ahead).
create or replace function app_private.check_device_time(at timestamptz, missing text)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  if at is null then
    raise exception '%', missing using errcode = 'LL422';
  end if;
  perform app_private.check_date(at);
  perform app_private.device_time_not_ahead(at);
end;
$function$;
revoke all on function app_private.check_device_time(timestamptz, text) from public;

-- Marks a step as done in the session (the device's time and the server's) and records it in the investor's audit
-- trail: done by the investor, hosted by the signed-in user of the host's account.
create or replace function app_private.mark_step_in_person(step_id uuid, session_id uuid, done_at_device timestamptz)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
begin
  update app_public.steps s set in_person_session_id = mark_step_in_person.session_id,
      done_at_device = mark_step_in_person.done_at_device, in_person_received_at = now()
    where s.id = mark_step_in_person.step_id
    returning * into step;
  perform app_private.audit_in_person(mark_step_in_person.session_id, 'completed a step in person',
    jsonb_build_object('stepId', step.id, 'step', app_private.step_title(step), 'stepType', step.type,
                       'doneAtDevice', mark_step_in_person.done_at_device));
  return step;
end;
$function$;
revoke all on function app_private.mark_step_in_person(uuid, uuid, timestamptz) from public;

create or replace function app_public.start_in_person_session(id uuid, distribution_id uuid, started_at_device timestamptz, device_label text default null)
  returns app_public.in_person_sessions
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  existing app_public.in_person_sessions;
  session app_public.in_person_sessions;
  investor uuid;
  label text := nullif(regexp_replace(btrim(coalesce(device_label, '')), '\s+', ' ', 'g'), '');
begin
  perform app_private.require_signed_in();
  if start_in_person_session.id is null or start_in_person_session.distribution_id is null
      or not app_private.may_host_distribution(start_in_person_session.distribution_id) then
    perform app_private.in_person_refused();
  end if;
  select s.* into existing from app_public.in_person_sessions s where s.id = start_in_person_session.id;
  if existing.id is not null then
    if existing.host_user_id = app_private.current_user_id()
        and existing.distribution_id = start_in_person_session.distribution_id then
      return existing;
    end if;
    raise exception 'This session was already started.' using errcode = 'LL409';
  end if;
  perform app_private.check_device_time(started_at_device, 'The session''s start time is required.');
  if length(label) > 200 then
    raise exception 'Device: at most 200 characters.' using errcode = 'LL422';
  end if;
  select d.investor_id into investor from app_public.distributions d where d.id = start_in_person_session.distribution_id;
  insert into app_public.in_person_sessions (id, distribution_id, investor_id, host_user_id, host_account_id,
                                             device_label, started_at_device)
    values (start_in_person_session.id, start_in_person_session.distribution_id, investor,
            app_private.current_user_id(), app_private.current_account_id(), label, started_at_device)
    returning * into session;
  perform app_private.audit_in_person(session.id, 'started an in-person session',
    jsonb_build_object('startedAtDevice', session.started_at_device));
  return session;
end;
$function$;
grant execute on function app_public.start_in_person_session(uuid, uuid, timestamptz, text) to app_user;
comment on function app_public.start_in_person_session(uuid, uuid, timestamptz, text) is
  'Starts an in-person session: the signed-in broker or issuer, who may manage the distribution, hosts its investor on this device. The same id twice starts it once.';

create or replace function app_public.complete_step_in_person(session_id uuid, step_id uuid, blob jsonb, done_at_device timestamptz, parent_step_id uuid default null, parent_only boolean default null)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions := app_private.hosted_session(complete_step_in_person.session_id);
  step app_public.steps := app_private.session_step(session, complete_step_in_person.step_id);
begin
  perform app_private.check_device_time(done_at_device, 'The time the step was done is required.');
  perform app_private.complete_step_as(session.investor_id, blob, step.id, parent_step_id, coalesce(parent_only, false));
  return app_private.mark_step_in_person(step.id, session.id, done_at_device);
end;
$function$;
grant execute on function app_public.complete_step_in_person(uuid, uuid, jsonb, timestamptz, uuid, boolean) to app_user;
comment on function app_public.complete_step_in_person(uuid, uuid, jsonb, timestamptz, uuid, boolean) is
  'Completes a step of an in-person session''s investor, as completeStep (or completeChildStep with parentStepId, completeParentStep with parentOnly) would for the investor, hosted by the signed-in user.';

create or replace function app_public.end_in_person_session(id uuid, ended_at_device timestamptz)
  returns app_public.in_person_sessions
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions := app_private.hosted_session(end_in_person_session.id);
begin
  perform app_private.check_device_time(ended_at_device, 'The session''s end time is required.');
  if session.end_received_at is not null then
    return session;
  end if;
  update app_public.in_person_sessions s set ended_at_device = end_in_person_session.ended_at_device,
      end_received_at = now()
    where s.id = session.id returning * into session;
  perform app_private.audit_in_person(session.id, 'ended an in-person session',
    jsonb_build_object('endedAtDevice', session.ended_at_device));
  perform app_private.queue_in_person_mail(session.id);
  return session;
end;
$function$;
grant execute on function app_public.end_in_person_session(uuid, timestamptz) to app_user;
comment on function app_public.end_in_person_session(uuid, timestamptz) is
  'Ends an in-person session; the investor then receives one mail with what they signed in it and, when no one holds their account yet, the link to claim it.';

-- The investor's mail at the session's end (endInPersonSession), queued exactly once per session, once the session
-- has ended and no signature made in it still waits to be sealed (the signing runner calls it again when it seals or
-- reopens one): what they signed, with the link to download each sealed document after signing in, what was not
-- sealed and why, and, when no one holds the investor's account yet, the link to claim it (a claim token as the
-- claim mail's, sync/database/accounts/10_accounts.sql). No mail for an investor without a valid address.
create or replace function app_private.queue_in_person_mail(session_id uuid)
  returns uuid
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions;
  investor app_public.accounts;
  host_name text;
  -- Two v4 UUIDs: 244 random bits from the core generator (as the claim mail's).
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  claimable boolean;
  lines text[];
  html_lines text[];
  mail_id uuid;
begin
  select s.* into session from app_public.in_person_sessions s
    where s.id = queue_in_person_mail.session_id and s.end_received_at is not null and s.mailed_on is null
      and not exists (select 1 from app_private.offline_signatures o
                      where o.in_person_session_id = s.id and o.status = 'received')
    for update;
  if session.id is null then
    return null;
  end if;
  update app_public.in_person_sessions s set mailed_on = now() where s.id = session.id;
  select a.* into investor from app_public.accounts a where a.id = session.investor_id;
  if not app_private.is_mail_address(investor.email) then
    return null;
  end if;
  select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), a.name) || ' (' || a.name || ')'
    into host_name
    from app_public.users u, app_public.accounts a
    where u.id = session.host_user_id and a.id = session.host_account_id;
  claimable := not exists (select 1 from app_public.users_accounts ua
                           where ua.account_id = investor.id and ua.status = 'active');
  -- the session's documents: sealed (a download link) or not (the reason)
  select coalesce(array_agg(t.line order by t.n), '{}'), coalesce(array_agg(t.html order by t.n), '{}')
    into lines, html_lines
  from (
    select o.received_on as n,
           case when o.status = 'sealed' and d.id is not null
             then '- ' || coalesce(m.name, 'A document') || ': signed. Download it after signing in: {{origin}}' || d.document_uri
             else '- ' || coalesce(m.name, 'A document') || ': not signed (' || coalesce(o.reason, 'it changed before it was sealed')
                  || '). You can sign it again after signing in.' end as line,
           case when o.status = 'sealed' and d.id is not null
             then '<li>' || app_private.html_text(coalesce(m.name, 'A document')) || ': signed. <a href="{{origin}}' || d.document_uri
                  || '">Download it</a> after signing in.</li>'
             else '<li>' || app_private.html_text(coalesce(m.name, 'A document')) || ': not signed ('
                  || app_private.html_text(coalesce(o.reason, 'it changed before it was sealed'))
                  || '). You can sign it again after signing in.</li>' end as html
    from app_private.offline_signatures o
    join app_public.steps st on st.id = o.step_id
    left join app_public.mapped_signing_templates m on m.id = (st.schema ->> 'mappedSigningTemplateId')::uuid
    left join app_public.sent_signing_documents d on d.id = o.id
    where o.in_person_session_id = session.id
  ) t;
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (
    'in_person_session',
    investor.email,
    'Your copy of what you signed with ' || host_name,
    'You completed your investment steps in person with ' || host_name || ' on their device.' || chr(10) || chr(10)
      || case when cardinality(lines) > 0
           then 'What you signed:' || chr(10) || array_to_string(lines, chr(10)) || chr(10) || chr(10)
           else 'You signed no documents in this session.' || chr(10) || chr(10) end
      || case when claimable
           then 'Claim your account within 30 days to sign in and follow your investment (sign up first if you have '
                || 'no Ledgerline sign-in yet):' || chr(10) || '{{origin}}/authenticate/claim?token=' || token
                || chr(10) || chr(10)
           else '' end
      || 'If you did not meet ' || host_name || ', tell them or your issuer.',
    '<p>You completed your investment steps in person with ' || app_private.html_text(host_name)
      || ' on their device.</p>'
      || case when cardinality(html_lines) > 0
           then '<p>What you signed:</p><ul>' || array_to_string(html_lines, '') || '</ul>'
           else '<p>You signed no documents in this session.</p>' end
      || case when claimable
           then '<p><a href="{{origin}}/authenticate/claim?token=' || token || '">Claim your account</a> within 30 '
                || 'days to sign in and follow your investment (sign up first if you have no Ledgerline sign-in '
                || 'yet).</p>'
           else '' end
      || '<p>If you did not meet ' || app_private.html_text(host_name) || ', tell them or your issuer.</p>'
  )
  returning id into mail_id;
  if claimable then
    insert into app_private.claim_tokens (token_hash, email, mail_id, requested_by, expires_on)
    values (app_private.hash_token(token), investor.email, mail_id, session.host_user_id, now() + interval '30 days');
  end if;
  perform pg_notify('mail_outbox', mail_id::text);
  return mail_id;
end;
$function$;
revoke all on function app_private.queue_in_person_mail(uuid) from public;

-- A step's `inPerson` in the distributions read model (read-models/10_distributions.sql): the host's name and
-- account, the device's time and the server's; null for a step the investor did themselves.
create or replace function app_private.step_in_person(session_id uuid, done_at_device timestamptz, received_at timestamptz)
  returns jsonb
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select jsonb_build_object('hostName', nullif(btrim(u.first_name || ' ' || u.last_name), ''),
                            'hostAccountName', a.name, 'doneAtDevice', step_in_person.done_at_device,
                            'receivedAt', step_in_person.received_at)
  from app_public.in_person_sessions s
  join app_public.users u on u.id = s.host_user_id
  join app_public.accounts a on a.id = s.host_account_id
  where s.id = step_in_person.session_id
$function$;
grant execute on function app_private.step_in_person(uuid, timestamptz, timestamptz) to app_user;

-- The signing step's context for a host (sync/signing/step.ts): a broker or issuer who may host the step's investor
-- reads what is signed and the template, to sign offline with them on the host's device; anyone else, not found.
create or replace function app_private.hosted_signing_step_context(step_id uuid)
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  process app_public.processes;
begin
  select p.* into process from app_public.steps s join app_public.processes p on p.id = s.process_id
    where s.id = hosted_signing_step_context.step_id;
  if process.id is null or not app_private.may_host_distribution(process.distribution_id) then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  return app_private.signing_step_context(hosted_signing_step_context.step_id, process.investor_id);
end;
$function$;
grant execute on function app_private.hosted_signing_step_context(uuid) to app_user;

-- The host of an in-person session as the sealed PDF's audit page names them (sync/signing/offline.ts), or null.
create or replace function app_private.in_person_host(session_id uuid)
  returns jsonb
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select jsonb_build_object('sessionId', s.id, 'userId', u.id,
                            'name', coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'A user'),
                            'accountId', a.id, 'accountName', a.name, 'deviceLabel', s.device_label)
  from app_public.in_person_sessions s
  join app_public.users u on u.id = s.host_user_id
  join app_public.accounts a on a.id = s.host_account_id
  where s.id = in_person_host.session_id
$function$;
revoke all on function app_private.in_person_host(uuid) from public;

-- An entry of the investor's audit trail for what happened in the session: done by the investor (the event's account),
-- hosted by the signed-in user (the event's user) of the host's account (its details).
create or replace function app_private.audit_in_person(session_id uuid, action text, details jsonb)
  returns void
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  insert into app_public.audit_events (kind, action, user_id, account_id, session_id, details)
  select 'in_person', audit_in_person.action, s.host_user_id, s.investor_id, app_private.current_session_id(),
         jsonb_build_object('inPersonSessionId', s.id, 'distributionId', s.distribution_id,
                            'hostAccountId', s.host_account_id, 'hostAccountName', a.name,
                            'hostName', nullif(btrim(u.first_name || ' ' || u.last_name), ''),
                            'deviceLabel', s.device_label)
           || coalesce(audit_in_person.details, '{}'::jsonb)
  from app_public.in_person_sessions s
  join app_public.accounts a on a.id = s.host_account_id
  join app_public.users u on u.id = s.host_user_id
  where s.id = audit_in_person.session_id
$function$;
revoke all on function app_private.audit_in_person(uuid, text, jsonb) from public;
