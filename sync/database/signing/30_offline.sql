-- Signing offline (issue 31 item 2; docs/SIGNING.md "Signing offline"). signStepOffline records what the investor
-- signed on the device (the fingerprint of the template and values shown, the typed name, consent, the device's
-- time) and puts the step in 'processing'; the signing runner (sync/signing/offline.ts) checks the fingerprint against
-- what the server holds, then either seals (offline_signature_sealed: the step completes) or reopens the step with the
-- reason (offline_signature_reopened: nothing sealed, the investor signs again). The table: migration 1900.

create or replace function app_public.sign_step_offline(
  step_id uuid,
  fingerprint text,
  template_hash text,
  field_values jsonb,
  typed_name text,
  consent boolean,
  signed_at_device timestamptz,
  session_id uuid default null
)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  context jsonb;
  step app_public.steps;
  provider text;
  name text := regexp_replace(btrim(coalesce(typed_name, '')), '\s+', ' ', 'g');
  this_session app_private.sessions;
  hosted app_public.in_person_sessions;
  investor uuid;
begin
  if sign_step_offline.session_id is not null then
    -- signed by the investor in an in-person session on the host's device (docs/IN-PERSON.md)
    hosted := app_private.hosted_session(sign_step_offline.session_id);
    perform app_private.session_step(hosted, sign_step_offline.step_id);
    investor := hosted.investor_id;
  else
    -- the signer: the step's investor (not a viewer), as the online signing route checks
    if app_private.current_account_role() = 'account_viewer' then
      raise exception 'Operation not allowed' using errcode = 'LL403';
    end if;
    if app_private.current_account_type() is distinct from 'investor' or app_private.current_user_id() is null then
      raise exception 'Step not found' using errcode = 'LL404';
    end if;
    investor := app_private.current_account_id();
  end if;
  if sign_step_offline.step_id is null then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  context := app_private.signing_step_context(sign_step_offline.step_id, investor);
  select s.* into step from app_public.steps s where s.id = sign_step_offline.step_id for update;
  if not coalesce(consent, false) then
    raise exception 'Consent is required.' using errcode = 'LL422';
  end if;
  if name = '' or length(name) > 200 then
    raise exception 'Type your full name to sign.' using errcode = 'LL422';
  end if;
  if coalesce(fingerprint, '') !~ '^[0-9a-f]{64}$' or coalesce(template_hash, '') !~ '^[0-9a-f]{64}$'
      or jsonb_typeof(field_values) is distinct from 'object' or length(field_values::text) > 65536
      or exists (select 1 from jsonb_each(field_values) v where jsonb_typeof(v.value) <> 'string') then
    raise exception 'The signed document''s record is not valid: sign again.' using errcode = 'LL422';
  end if;
  if signed_at_device is null then
    raise exception 'The signed document''s record is not valid: sign again.' using errcode = 'LL422';
  end if;
  perform app_private.check_date(signed_at_device);
  if signed_at_device > now() + interval '1 day' then
    raise exception 'The device''s clock is ahead: check its date and time, then sign again.' using errcode = 'LL422';
  end if;
  select a.provider into provider from app_public.signing_templates t
    join app_public.signing_accounts a on a.id = t.signing_account_id
    where t.id = (context ->> 'signingTemplateId')::uuid;
  if provider is distinct from 'builtin' then
    raise exception 'This document is signed at DocuSign.' using errcode = 'LL409';
  end if;
  -- the current step only; a step already signed (complete) or waiting to be sealed (processing) is refused
  perform app_private.require_actionable(step);
  select s.* into this_session from app_private.sessions s where s.id = app_private.current_session_id();
  insert into app_private.offline_signatures (step_id, investor_id, user_id, fingerprint, template_sha256,
                                              field_values, typed_name, signed_at_device, ip, user_agent,
                                              in_person_session_id)
    values (step.id, (context ->> 'investorId')::uuid, app_private.current_user_id(), fingerprint, template_hash,
            field_values, name, signed_at_device, left(this_session.ip, 100), left(this_session.user_agent, 500),
            hosted.id);
  update app_public.steps s set status = 'processing', output_data = s.output_data - 'error'
    where s.id = step.id returning * into step;
  if hosted.id is not null then
    step := app_private.mark_step_in_person(step.id, hosted.id, signed_at_device);
  end if;
  perform app_private.refresh_process(step.process_id);
  perform app_private.wake_signing_jobs();
  return step;
end;
$function$;
grant execute on function app_public.sign_step_offline(uuid, text, text, jsonb, text, boolean, timestamptz, uuid) to app_user;
comment on function app_public.sign_step_offline(uuid, text, text, jsonb, text, boolean, timestamptz, uuid) is
  'Signs a built-in signing step with what the device showed offline (the fingerprint of the template and values); the server seals it when they are still current, else the step reopens with the reason. With sessionId, the investor signs in an in-person session hosted by the signed-in user.';

-- The runner sealed the document (its sent document inserted in the same transaction): the step completes.
create or replace function app_private.offline_signature_sealed(signature_id uuid)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  signature app_private.offline_signatures;
  step app_public.steps;
begin
  update app_private.offline_signatures o set status = 'sealed', sealed_on = now(), updated_on = now()
    where o.id = signature_id and o.status = 'received' returning * into signature;
  if signature.id is null then
    raise exception 'The offline signature was already handled.' using errcode = 'LL409';
  end if;
  select s.* into step from app_public.steps s where s.id = signature.step_id for update;
  if step.status <> 'processing' then
    raise exception 'The step changed while the signature waited: please review and sign again.' using errcode = 'LL409';
  end if;
  step := app_private.finish_step(step);
  -- signed in an in-person session that has ended: its mail may go now (docs/IN-PERSON.md)
  perform app_private.queue_in_person_mail(signature.in_person_session_id);
  return step;
end;
$function$;
revoke all on function app_private.offline_signature_sealed(uuid) from public;

-- Nothing is sealed: the signature is kept with the reason, and the step waiting for it is open again with that reason.
create or replace function app_private.offline_signature_reopened(signature_id uuid, reason text)
  returns app_public.steps
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  signature app_private.offline_signatures;
  step app_public.steps;
begin
  update app_private.offline_signatures o set status = 'reopened', reason = left(offline_signature_reopened.reason, 1000),
      updated_on = now()
    where o.id = signature_id and o.status = 'received' returning * into signature;
  -- signed in an in-person session that has ended: its mail may go now, saying what was not sealed
  perform app_private.queue_in_person_mail(signature.in_person_session_id);
  select s.* into step from app_public.steps s where s.id = signature.step_id for update;
  if step.id is null or step.status <> 'processing' then
    return step;
  end if;
  update app_public.steps s set status = 'in_progress',
      output_data = s.output_data || jsonb_build_object('error', left(offline_signature_reopened.reason, 1000))
    where s.id = step.id returning * into step;
  perform app_private.refresh_process(step.process_id);
  return step;
end;
$function$;
revoke all on function app_private.offline_signature_reopened(uuid, text) from public;
