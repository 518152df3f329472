-- The `accreditations` read model (a kind of the device's `records` collection; docs/ACCREDITATION.md): one
-- document per verification, built under the reader's row-level security (policies/10_accreditations.sql: the
-- investor account and the reviewer account read it, every member, viewers included). Audience: those two accounts.
-- Its evidence and the evidence files' upload status travel inside it. 'expired' is computed at pull time from
-- expiresOn (a device also compares expiresOn with its clock).

create or replace function app_private.docs_accreditations(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select a.id, app_private.live_document(jsonb_build_object(
    'id', a.id,
    'investorId', a.investor_id,
    'investorName', (select x.name from app_public.accounts x where x.id = a.investor_id),
    'reviewerAccountId', a.reviewer_account_id,
    'reviewerName', (select x.name from app_public.accounts x where x.id = a.reviewer_account_id),
    'stepId', a.step_id,
    'distributionId', a.distribution_id,
    'roundId', a.round_id,
    'roundName', (select r.name from app_public.rounds r where r.id = a.round_id),
    'method', a.method,
    'status', app_private.accreditation_status(a.status, a.expires_on),
    'reason', a.reason,
    'submittedOn', a.submitted_on,
    'decidedOn', a.decided_on,
    'decidedByName', (select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
                      from app_public.users u where u.id = a.decided_by_id),
    'expiresOn', a.expires_on,
    'provider', a.provider,
    'evidence', coalesce((
      select jsonb_agg(jsonb_build_object('key', e.file_key, 'name', e.name, 'size', s.size,
                                          'status', coalesce(s.status, 'pending'))
                       order by e.position, e.created_on)
      from app_public.accreditation_evidence e
        left join app_private.accreditation_evidence_slots s on s.key = e.file_key
      where e.accreditation_id = a.id), '[]'::jsonb),
    'createdOn', a.created_on,
    'updatedOn', a.updated_on))
  from app_public.accreditations a
  where a.id = any (ids)
$function$;
grant execute on function app_private.docs_accreditations(uuid[]) to app_user;

-- The upload status and size of evidence files (upload_slots is not readable by app_user; this view exposes only
-- the slots named as evidence of a verification the reader may read).
create or replace view app_private.accreditation_evidence_slots with (security_barrier) as
  select s.key, s.size, s.status from app_private.upload_slots s
  where s.key in (select e.file_key from app_public.accreditation_evidence e);
grant select on app_private.accreditation_evidence_slots to app_user;

create or replace function app_private.audience_accreditations(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select x from app_public.accreditations a, unnest(array[a.investor_id, a.reviewer_account_id]) x
               where a.id = doc_id)
$function$;

create or replace trigger _900_changes_accreditations after insert or update or delete on app_public.accreditations
  for each row execute function app_private.record_change('accreditations', 'id', 'investor_id', 'reviewer_account_id');
create or replace trigger _900_changes_accreditations after insert or update or delete on app_public.accreditation_evidence
  for each row execute function app_private.record_change('accreditations', 'accreditation_id');
-- An evidence file uploaded (or failed): its verification's document.
create or replace trigger _900_changes_accreditations after update of status, size on app_private.upload_slots
  for each row when (old.status is distinct from new.status or old.size is distinct from new.size)
  execute function app_private.record_related_changes('accreditations', 'key',
    $$select e.accreditation_id from app_public.accreditation_evidence e where e.file_key = any ($1)$$);
