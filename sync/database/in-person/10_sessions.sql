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
  if app_private.current_user_id() is null or app_private.current_account_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
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

-- A time read from the device: a real date, and not ahead of the server's clock by more than a day.
create or replace function app_private.check_device_time(at timestamptz)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  perform app_private.check_date(at);
  if at > now() + interval '1 day' then
    raise exception 'The device''s clock is ahead: check its date and time, then try again.' using errcode = 'LL422';
  end if;
end;
$function$;
revoke all on function app_private.check_device_time(timestamptz) from public;

-- Marks a step as done in the session: the device's time and the server's.
create or replace function app_private.mark_step_in_person(step_id uuid, session_id uuid, done_at_device timestamptz)
  returns app_public.steps
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  update app_public.steps s set in_person_session_id = mark_step_in_person.session_id,
      done_at_device = mark_step_in_person.done_at_device, in_person_received_at = now()
    where s.id = mark_step_in_person.step_id
    returning *
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
  if app_private.current_user_id() is null or app_private.current_account_id() is null then
    raise exception 'Not signed in' using errcode = 'LL401';
  end if;
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
  if started_at_device is null then
    raise exception 'The session''s start time is required.' using errcode = 'LL422';
  end if;
  perform app_private.check_device_time(started_at_device);
  if length(label) > 200 then
    raise exception 'Device: at most 200 characters.' using errcode = 'LL422';
  end if;
  select d.investor_id into investor from app_public.distributions d where d.id = start_in_person_session.distribution_id;
  insert into app_public.in_person_sessions (id, distribution_id, investor_id, host_user_id, host_account_id,
                                             device_label, started_at_device)
    values (start_in_person_session.id, start_in_person_session.distribution_id, investor,
            app_private.current_user_id(), app_private.current_account_id(), label, started_at_device)
    returning * into session;
  perform app_private.record_document_change('distributions', session.distribution_id);
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
  if done_at_device is null then
    raise exception 'The time the step was done is required.' using errcode = 'LL422';
  end if;
  perform app_private.check_device_time(done_at_device);
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
  if ended_at_device is null then
    raise exception 'The session''s end time is required.' using errcode = 'LL422';
  end if;
  perform app_private.check_device_time(ended_at_device);
  if session.end_received_at is not null then
    return session;
  end if;
  update app_public.in_person_sessions s set ended_at_device = end_in_person_session.ended_at_device,
      end_received_at = now()
    where s.id = session.id returning * into session;
  perform app_private.queue_in_person_mail(session.id);
  return session;
end;
$function$;
grant execute on function app_public.end_in_person_session(uuid, timestamptz) to app_user;
comment on function app_public.end_in_person_session(uuid, timestamptz) is
  'Ends an in-person session; the investor then receives one mail with what they signed in it and, when no one holds their account yet, the link to claim it.';

-- The investor's mail at the session's end, queued once per session.
create or replace function app_private.queue_in_person_mail(session_id uuid)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  session app_public.in_person_sessions;
begin
  update app_public.in_person_sessions s set mailed_on = now()
    where s.id = queue_in_person_mail.session_id and s.mailed_on is null returning * into session;
  if session.id is null then
    return;
  end if;
end;
$function$;
revoke all on function app_private.queue_in_person_mail(uuid) from public;
