-- Accreditation verification (issue 31 item 4; docs/ACCREDITATION.md; tables: migration 1860). The Compliance
-- integration gives its account a vendor qualification "Accreditation verification" with one 'accreditation' step;
-- the investor submits a method with evidence (submitAccreditation), a reviewer of that account decides
-- (reviewAccreditation), or InvestReady does (sync/accreditation/investready.ts), through the one
-- app_private.decide_accreditation. An approval holds for the reviewer account's accreditation_valid_days; a round
-- with accreditation_required issues only to investors with an approved, unexpired verification (the holdings
-- trigger at the end).

-- The step's schema: what the investor's screen offers ({selfCertificationAllowed, investReady, reviewerName}).
create or replace function app_private.accreditation_step_schema(step_id uuid, distribution_qualification_id uuid, process_id uuid)
  returns jsonb
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select jsonb_build_object(
    'title', 'Accreditation verification',
    'selfCertificationAllowed', coalesce((
      select r.self_certification_allowed from app_public.processes p
        join app_public.distributions d on d.id = p.distribution_id
        join app_public.allocations al on al.id = d.allocation_id
        join app_public.rounds r on r.id = al.round_id
      where p.id = accreditation_step_schema.process_id), false),
    'investReady', coalesce((select s.investready from app_private.accreditation_settings s), false),
    'reviewerName', coalesce((
      select a.name from app_public.distribution_qualifications q
        join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
        join app_public.accounts a on a.id = v.account_id
      where q.id = accreditation_step_schema.distribution_qualification_id), ''))
$function$;

create or replace function app_private.tg_steps__accreditation_schema()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  new.schema := app_private.accreditation_step_schema(new.id, new.distribution_qualification_id, new.process_id);
  if coalesce(new.render_attributes ->> 'title', '') = '' then
    new.render_attributes := new.render_attributes || jsonb_build_object('title', 'Accreditation verification');
  end if;
  return new;
end;
$function$;
create or replace trigger _300_accreditation_schema before insert on app_public.steps
  for each row when (new.type = 'accreditation') execute function app_private.tg_steps__accreditation_schema();

-- The open accreditation steps take a changed round rule, provider setting or reviewer name.
create or replace function app_private.refresh_accreditation_steps(round_id uuid default null)
  returns void
  language sql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  update app_public.steps s
    set schema = app_private.accreditation_step_schema(s.id, s.distribution_qualification_id, s.process_id)
  where s.type = 'accreditation' and s.status <> 'complete'
    and (refresh_accreditation_steps.round_id is null or s.process_id in (
      select p.id from app_public.processes p
        join app_public.distributions d on d.id = p.distribution_id
        join app_public.allocations al on al.id = d.allocation_id
      where al.round_id = refresh_accreditation_steps.round_id))
    and s.schema is distinct from app_private.accreditation_step_schema(s.id, s.distribution_qualification_id, s.process_id)
$function$;

create or replace function app_private.tg_rounds__accreditation_steps()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.refresh_accreditation_steps(new.id);
  return null;
end;
$function$;
create or replace trigger _600_accreditation_steps after update of self_certification_allowed on app_public.rounds
  for each row when (old.self_certification_allowed is distinct from new.self_certification_allowed)
  execute function app_private.tg_rounds__accreditation_steps();

-- The server says at start whether InvestReady is configured (sync/accreditation/service.ts).
create or replace function app_private.set_accreditation_provider(investready boolean)
  returns void
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  update app_private.accreditation_settings s set investready = set_accreditation_provider.investready
    where s.investready is distinct from set_accreditation_provider.investready;
  if found then
    perform app_private.refresh_accreditation_steps(null);
  end if;
end;
$function$;
revoke all on function app_private.set_accreditation_provider(boolean) from public;

-- Adding the Compliance integration gives the account its "Accreditation verification" qualification (active again
-- when it was added before); removing it deactivates the qualification for new distributions.
create or replace function app_private.tg_account_integrations__accreditation()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  row_account uuid := case when tg_op = 'DELETE' then old.account_id else new.account_id end;
  row_integration uuid := case when tg_op = 'DELETE' then old.integration_id else new.integration_id end;
  template constant jsonb := jsonb_build_array(jsonb_build_object(
    'type', 'accreditation',
    'renderAttributes', jsonb_build_object('title', 'Accreditation verification',
      'progressBarTitle', 'Accreditation',
      'instructions', 'Show that you are an accredited investor: a letter from a professional, or evidence of your income or net worth.'),
    'schema', jsonb_build_object('title', 'Accreditation verification'),
    'retryLimit', 3));
begin
  if not exists (select 1 from app_public.integrations i where i.id = row_integration and i.service = 'investready') then
    return null;
  end if;
  if tg_op = 'DELETE' then
    update app_public.vendor_qualifications v set active = false
      where v.account_id = row_account and v.steps @> '[{"type": "accreditation"}]'::jsonb and v.active;
    return null;
  end if;
  update app_public.vendor_qualifications v set active = true
    where v.account_id = row_account and v.steps @> '[{"type": "accreditation"}]'::jsonb;
  if not found then
    insert into app_public.vendor_qualifications (account_id, name, active, steps)
      values (row_account, 'Accreditation verification', true, template);
  end if;
  return null;
end;
$function$;
create or replace trigger _600_accreditation after insert or delete on app_public.account_integrations
  for each row execute function app_private.tg_account_integrations__accreditation();

-- How long this account's approvals hold (owners and admins of an issuer or broker).
create or replace function app_public.set_accreditation_validity(account_id uuid, valid_days integer)
  returns app_public.accounts
  language plpgsql
  volatile strict security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.accounts;
begin
  perform app_private.require_writer('{issuer,broker}');
  if set_accreditation_validity.account_id is distinct from app_private.current_account_id() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if set_accreditation_validity.valid_days not between 1 and 3650 then
    raise exception 'An accreditation must stay valid between 1 and 3650 days.' using errcode = 'LL422';
  end if;
  update app_public.accounts a set accreditation_valid_days = set_accreditation_validity.valid_days
    where a.id = set_accreditation_validity.account_id returning a.* into result;
  return result;
end;
$function$;
grant execute on function app_public.set_accreditation_validity(uuid, integer) to app_user;
comment on function app_public.set_accreditation_validity(uuid, integer) is
  'Sets how many days (1 to 3650) an accreditation approved by this account stays valid. Owners and admins of the issuer or broker.';

-- The evidence a verification may hold: a PDF or a photo.
create or replace function app_private.is_evidence_extension(extension text)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select lower(coalesce(extension, '')) in ('pdf', 'png', 'jpg', 'jpeg', 'webp', 'heic') $function$;
grant execute on function app_private.is_evidence_extension(text) to app_user;

-- What an upload slot's file is, for the upload route's checks (sync/http/uploads.ts): 'evidence' (named by a
-- verification), 'logo' (an account's logo: 1 MB), else what the device said when it asked for the slot
-- (makeFileLocation's purpose, migration 1981: a host's photo of an investor's evidence in an in-person session is
-- evidence), else, for older devices, inferred: 'evidence' (a HEIC photo, or an image an investor account uploads:
-- an investor's evidence may reach the server before its submitAccreditation), 'logo' (another image), 'document'.
create or replace function app_private.upload_slot_purpose(key uuid)
  returns text
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select case
    when exists (select 1 from app_public.accreditation_evidence e where e.file_key = s.key) then 'evidence'
    when exists (select 1 from app_public.accounts a where a.logo_key = s.key) then 'logo'
    when s.purpose is not null then s.purpose
    when s.extension = 'heic' then 'evidence'
    when app_private.is_logo_extension(s.extension)
         and not exists (select 1 from app_public.accounts a where a.logo_key = s.key)
         and (select a.type from app_public.accounts a where a.id = s.account_id) = 'investor' then 'evidence'
    when app_private.is_logo_extension(s.extension) then 'logo'
    else 'document'
  end
  from app_private.upload_slots s where s.key = upload_slot_purpose.key
$function$;
revoke all on function app_private.upload_slot_purpose(uuid) from public;

-- The investor's submission (queued offline; the client makes accreditation_id, so a second arrival of the same
-- verification answers the first and changes nothing).
create or replace function app_public.submit_accreditation(accreditation_id uuid, step_id uuid, method text, evidence_keys uuid[] default null, evidence_names text[] default null, session_id uuid default null, done_at_device timestamptz default null)
  returns app_public.accreditations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  process app_public.processes;
  round app_public.rounds;
  reviewer uuid;
  existing app_public.accreditations;
  result app_public.accreditations;
  slot app_private.upload_slots;
  file_name text;
  i integer;
  hosted app_public.in_person_sessions;
begin
  if submit_accreditation.session_id is not null then
    -- submitted by the investor in an in-person session on the host's device (docs/IN-PERSON.md); the evidence
    -- files are the host's uploads
    hosted := app_private.hosted_session(submit_accreditation.session_id);
    perform app_private.check_device_time(submit_accreditation.done_at_device, 'The time the step was done is required.');
  else
    perform app_private.require_writer('{investor}');
  end if;
  if submit_accreditation.accreditation_id is null or submit_accreditation.step_id is null then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  select s.* into step from app_public.steps s where s.id = submit_accreditation.step_id for update;
  select p.* into process from app_public.processes p where p.id = step.process_id;
  if step.id is null or process.investor_id is distinct from coalesce(hosted.investor_id, app_private.current_account_id())
      or (hosted.id is not null and process.distribution_id is distinct from hosted.distribution_id) then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  select a.* into existing from app_public.accreditations a where a.id = submit_accreditation.accreditation_id;
  if existing.id is not null then
    if existing.investor_id = process.investor_id and existing.step_id = step.id then
      return existing;
    end if;
    raise exception 'This verification was already submitted.' using errcode = 'LL409';
  end if;
  if step.type <> 'accreditation' then
    raise exception 'This step is not an accreditation verification.' using errcode = 'LL422';
  end if;
  perform app_private.require_actionable(step);
  if coalesce(submit_accreditation.method, '') not in ('letter', 'income', 'net_worth', 'self_certification') then
    raise exception 'Choose how you are accredited: a letter, income, net worth or self-certification.'
      using errcode = 'LL422';
  end if;
  select r.* into round from app_public.distributions d
    join app_public.allocations al on al.id = d.allocation_id
    join app_public.rounds r on r.id = al.round_id
  where d.id = process.distribution_id;
  if submit_accreditation.method = 'self_certification' and not coalesce(round.self_certification_allowed, false) then
    raise exception 'Self-certification is not allowed for this round.' using errcode = 'LL422';
  end if;
  if submit_accreditation.method <> 'self_certification' and coalesce(cardinality(evidence_keys), 0) = 0 then
    raise exception 'Add at least one document as evidence.' using errcode = 'LL422';
  end if;
  if coalesce(cardinality(evidence_keys), 0) <> coalesce(cardinality(evidence_names), 0) then
    raise exception 'Each evidence file needs its name.' using errcode = 'LL422';
  end if;
  select v.account_id into reviewer from app_public.distribution_qualifications q
    join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
  where q.id = step.distribution_qualification_id;
  if reviewer is null then
    raise exception 'Please contact your issuer to learn how to complete your investment.' using errcode = 'LL422';
  end if;

  insert into app_public.accreditations (id, investor_id, reviewer_account_id, step_id, distribution_id, round_id,
                                         method, status, submitted_by_id, decided_on, decided_by_id,
                                         in_person_session_id)
    values (submit_accreditation.accreditation_id, process.investor_id, reviewer, step.id, process.distribution_id,
            round.id, submit_accreditation.method,
            case when submit_accreditation.method = 'self_certification' then 'self_certified' else 'submitted' end,
            app_private.current_user_id(),
            case when submit_accreditation.method = 'self_certification' then now() end,
            case when submit_accreditation.method = 'self_certification' then app_private.current_user_id() end,
            hosted.id)
    returning * into result;

  for i in 1 .. coalesce(cardinality(evidence_keys), 0) loop
    file_name := trim(coalesce(evidence_names[i], ''));
    if evidence_keys[i] is null or file_name = '' then
      raise exception 'Each evidence file needs its name.' using errcode = 'LL422';
    end if;
    if not app_private.is_evidence_extension(app_private.file_extension(file_name)) then
      raise exception 'Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).' using errcode = 'LL422';
    end if;
    select s.* into slot from app_private.upload_slots s where s.key = evidence_keys[i] for update;
    if slot.key is null then
      -- the command arrived before its file: the slot is made here, the device uploads to it later
      insert into app_private.upload_slots (key, user_id, account_id, file_name, extension)
        values (evidence_keys[i], app_private.current_user_id(), app_private.current_account_id(), file_name,
                app_private.file_extension(file_name));
    elsif slot.user_id <> app_private.current_user_id() or slot.account_id <> app_private.current_account_id()
          or exists (select 1 from app_public.accreditation_evidence e where e.file_key = slot.key) then
      raise exception 'Upload location not found' using errcode = 'LL404';
    end if;
    insert into app_public.accreditation_evidence (accreditation_id, file_key, name, position)
      values (result.id, evidence_keys[i], file_name, i - 1)
      on conflict on constraint accreditation_evidence_accreditation_id_file_key_key do nothing;
  end loop;

  if hosted.id is not null then
    step := app_private.mark_step_in_person(step.id, hosted.id, submit_accreditation.done_at_device);
  end if;
  if result.status = 'self_certified' then
    update app_public.steps s set output_data = (s.output_data - 'error') || jsonb_build_object('accreditationId', result.id)
      where s.id = step.id returning * into step;
    perform app_private.finish_step(step);
  else
    update app_public.steps s set status = 'processing',
        output_data = (s.output_data - 'error') || jsonb_build_object('accreditationId', result.id)
      where s.id = step.id;
    perform app_private.refresh_process(step.process_id);
  end if;
  return result;
end;
$function$;
grant execute on function app_public.submit_accreditation(uuid, uuid, text, uuid[], text[], uuid, timestamptz) to app_user;
comment on function app_public.submit_accreditation(uuid, uuid, text, uuid[], text[], uuid, timestamptz) is
  'The investor submits an accreditation verification for an accreditation step: method letter, income, net_worth (each with at least one evidence file: the upload slot keys and file names) or self_certification (where the round allows it, completing the step at once). With sessionId and doneAtDevice, the investor submits it in an in-person session hosted by the signed-in user.';

-- A decision on a submitted verification, by a reviewer or by InvestReady: the verification, its step (complete on
-- approval; failed with the reason on rejection, so the investor may submit again within the step's retry limit) and
-- the audit trail (kind 'accreditation' of the reviewer account).
create or replace function app_private.decide_accreditation(accreditation_id uuid, approve boolean, reason text, provider text, decided_by uuid, provider_reference text default null, expires_on timestamptz default null)
  returns app_public.accreditations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  verification app_public.accreditations;
  step app_public.steps;
  valid_days integer;
  note text := nullif(trim(coalesce(decide_accreditation.reason, '')), '');
begin
  select a.* into verification from app_public.accreditations a where a.id = decide_accreditation.accreditation_id
    for update;
  if verification.id is null then
    raise exception 'Verification not found.' using errcode = 'LL404';
  end if;
  if verification.status <> 'submitted' then
    raise exception 'This verification was already decided.' using errcode = 'LL409';
  end if;
  if not approve and note is null then
    raise exception 'A reason is required to reject.' using errcode = 'LL422';
  end if;
  select a.accreditation_valid_days into valid_days from app_public.accounts a
    where a.id = verification.reviewer_account_id;
  update app_public.accreditations a
    set status = case when approve then 'approved' else 'rejected' end,
        reason = note,
        provider = decide_accreditation.provider,
        provider_reference = coalesce(decide_accreditation.provider_reference, a.provider_reference),
        decided_on = now(),
        decided_by_id = decide_accreditation.decided_by,
        expires_on = case when approve
                          then coalesce(decide_accreditation.expires_on, now() + make_interval(days => coalesce(valid_days, 90))) end
    where a.id = verification.id returning * into verification;

  insert into app_public.audit_events (kind, action, user_id, account_id, session_id, details)
    values ('accreditation',
            case when approve then 'approved an accreditation' else 'rejected an accreditation' end,
            decide_accreditation.decided_by, verification.reviewer_account_id, app_private.current_session_id(),
            jsonb_build_object('accreditationId', verification.id, 'investorId', verification.investor_id,
              'investorName', (select a.name from app_public.accounts a where a.id = verification.investor_id),
              'status', verification.status, 'reason', verification.reason, 'provider', verification.provider,
              'expiresOn', verification.expires_on));

  select s.* into step from app_public.steps s where s.id = verification.step_id for update;
  if step.id is not null and step.status <> 'complete'
     and step.output_data ->> 'accreditationId' = verification.id::text then
    if approve then
      perform app_private.finish_step(step);
    else
      update app_public.steps s
        set retry_count = s.retry_count + 1,
            status = case when s.retry_count + 1 >= s.retry_limit then 'retry_limit' else 'failed' end,
            output_data = s.output_data || jsonb_build_object('error', note)
        where s.id = step.id;
      perform app_private.refresh_process(step.process_id);
    end if;
  end if;
  return verification;
end;
$function$;
revoke all on function app_private.decide_accreditation(uuid, boolean, text, text, uuid, text, timestamptz) from public;

create or replace function app_public.review_accreditation(accreditation_id uuid, approve boolean, reason text default null)
  returns app_public.accreditations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  verification app_public.accreditations;
begin
  perform app_private.require_signed_in();
  select a.* into verification from app_public.accreditations a where a.id = review_accreditation.accreditation_id;
  if verification.id is null or verification.reviewer_account_id is distinct from app_private.current_account_id() then
    raise exception 'Verification not found.' using errcode = 'LL404';
  end if;
  if not app_private.can_write() or review_accreditation.approve is null then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  return app_private.decide_accreditation(verification.id, review_accreditation.approve, review_accreditation.reason,
                                          'built_in', app_private.current_user_id());
end;
$function$;
grant execute on function app_public.review_accreditation(uuid, boolean, text) to app_user;
comment on function app_public.review_accreditation(uuid, boolean, text) is
  'A reviewer (owner or admin of the account whose qualification asked) approves or rejects a submitted accreditation verification; a rejection needs a reason.';

-- What a verification's status reads as now: an approval past its expiry is 'expired'.
create or replace function app_private.accreditation_status(status text, expires_on timestamptz)
  returns text
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select case when status = 'approved' and expires_on < now() then 'expired' else status end
$function$;
grant execute on function app_private.accreditation_status(text, timestamptz) to app_user;

-- Why an investor may not be issued a round's units (null when they may): the round requires verified
-- accreditation and the investor has no approved, unexpired verification, by any reviewer or InvestReady.
create or replace function app_private.accreditation_refusal(investor_id uuid, round_id uuid)
  returns text
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  name text;
  latest app_public.accreditations;
  why text;
begin
  if not coalesce((select r.accreditation_required from app_public.rounds r where r.id = accreditation_refusal.round_id), false) then
    return null;
  end if;
  if exists (select 1 from app_public.accreditations a
             where a.investor_id = accreditation_refusal.investor_id and a.status = 'approved' and a.expires_on >= now()) then
    return null;
  end if;
  select a.name into name from app_public.accounts a where a.id = accreditation_refusal.investor_id;
  select a.* into latest from app_public.accreditations a where a.investor_id = accreditation_refusal.investor_id
    order by (a.status = 'approved') desc, coalesce(a.decided_on, a.submitted_on) desc limit 1;
  why := case
    when latest.id is null then null
    when latest.status = 'approved' then 'expired on ' || to_char(latest.expires_on at time zone 'UTC', 'MM/DD/YYYY')
    when latest.status = 'submitted' then 'waiting for review'
    when latest.status = 'rejected' then 'rejected: ' || coalesce(latest.reason, 'no reason given')
    when latest.status = 'self_certified' then 'a self-certification is not a verification'
  end;
  return coalesce(name, 'The investor') || ' has no valid accreditation verification'
    || coalesce(' (' || why || ')', '') || '.';
end;
$function$;
grant execute on function app_private.accreditation_refusal(uuid, uuid) to app_user;

create or replace function app_private.tg_holdings__accreditation()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  refusal text;
begin
  if new.distribution_id is null then
    return new;
  end if;
  refusal := app_private.accreditation_refusal(new.investor_id, new.round_id);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'LL422';
  end if;
  return new;
end;
$function$;
create or replace trigger _300_accreditation before insert on app_public.holdings
  for each row execute function app_private.tg_holdings__accreditation();

-- InvestReady (sync/accreditation/investready.ts): the investor asks to verify there (the credential route): the step
-- must be theirs, an accreditation step and the current one; a sign-in state is kept with the verification's id.
create or replace function app_private.investready_begin(step_id uuid, investor_id uuid, user_id uuid, state text)
  returns uuid
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  step app_public.steps;
  verification uuid := gen_random_uuid();
begin
  select s.* into step from app_public.steps s join app_public.processes p on p.id = s.process_id
    where s.id = investready_begin.step_id and p.investor_id = investready_begin.investor_id and s.type = 'accreditation';
  if step.id is null then
    raise exception 'Step not found' using errcode = 'LL404';
  end if;
  perform app_private.require_actionable(step);
  insert into app_private.investready_states (state, step_id, accreditation_id, investor_id, user_id)
    values (investready_begin.state, step.id, verification, investready_begin.investor_id, investready_begin.user_id);
  return verification;
end;
$function$;
revoke all on function app_private.investready_begin(uuid, uuid, uuid, text) from public;

-- InvestReady's answer for a sign-in state: the verification (provider 'investready', method 'investready') is made
-- on its first answer, the step waits for it ('processing'), and an approval (with InvestReady's expiry), a rejection
-- or an expired certificate (a rejection saying so) goes through decide_accreditation as a reviewer's would; a pending
-- answer leaves it submitted. Answers for a verification already decided change nothing.
create or replace function app_private.investready_result(state text, status text, reason text, expires_on timestamptz, provider_reference text)
  returns app_public.accreditations
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  started app_private.investready_states;
  step app_public.steps;
  process app_public.processes;
  reviewer uuid;
  round uuid;
  verification app_public.accreditations;
begin
  select s.* into started from app_private.investready_states s where s.state = investready_result.state for update;
  if started.state is null then
    raise exception 'This InvestReady sign-in is unknown or expired.' using errcode = 'LL404';
  end if;
  select a.* into verification from app_public.accreditations a where a.id = started.accreditation_id for update;
  if verification.id is null then
    select s.* into step from app_public.steps s where s.id = started.step_id for update;
    select p.* into process from app_public.processes p where p.id = step.process_id;
    perform app_private.require_actionable(step);
    select v.account_id into reviewer from app_public.distribution_qualifications q
      join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
    where q.id = step.distribution_qualification_id;
    select al.round_id into round from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
      where d.id = process.distribution_id;
    insert into app_public.accreditations (id, investor_id, reviewer_account_id, step_id, distribution_id, round_id,
                                           method, status, provider, submitted_by_id, provider_reference)
      values (started.accreditation_id, started.investor_id, reviewer, step.id, process.distribution_id, round,
              'investready', 'submitted', 'investready', started.user_id, investready_result.provider_reference)
      returning * into verification;
    update app_public.steps s set status = 'processing',
        output_data = (s.output_data - 'error') || jsonb_build_object('accreditationId', verification.id)
      where s.id = step.id;
    perform app_private.refresh_process(step.process_id);
  end if;
  if verification.status <> 'submitted' then
    return verification;
  end if;
  case investready_result.status
  when 'approved' then
    return app_private.decide_accreditation(verification.id, true, null, 'investready', null,
                                            investready_result.provider_reference, investready_result.expires_on);
  when 'rejected' then
    return app_private.decide_accreditation(verification.id, false,
      coalesce(nullif(trim(investready_result.reason), ''), 'InvestReady could not verify your accreditation.'),
      'investready', null, investready_result.provider_reference);
  when 'expired' then
    return app_private.decide_accreditation(verification.id, false,
      'Your InvestReady verification expired on ' || to_char(investready_result.expires_on at time zone 'UTC', 'MM/DD/YYYY')
        || '. Please verify again with InvestReady.',
      'investready', null, investready_result.provider_reference);
  else
    return verification;
  end case;
end;
$function$;
revoke all on function app_private.investready_result(text, text, text, timestamptz, text) from public;
