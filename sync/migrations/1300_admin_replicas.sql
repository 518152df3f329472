-- Account administration on the device (issue 19, docs/ADMIN.md "Offline"): the admin console and the Activity view
-- read replicas, and the Delegates tab lists pending invitations.
--
-- * Four read models, kinds of the device's `records` collection (their builders, audiences and triggers live in
--   sync/database/admin/, sync/database/audit/ and sync/database/delegates/): `platform_books` (the admin home's
--   figures, the reference types with their usage and the platform reports, a few documents, admins only),
--   `form_definitions` (admins only), `audit_events` (a bounded window: the latest events of the account for its
--   owners and admins, of the platform for admins) and `delegate_invitations` (an account's invitations not claimed).
-- * Events that leave the audit window lose their change rows (a first sync lists only the window): a partial index
--   finds an event's change rows.
-- * A delegate invitation can be revoked (revoked_on); a revoked or claimed invitation leaves the list.
-- * A session's events are found by session (the sign-in an account's trail shows, issue 19 item 2).

alter table app_private.delegate_invitations add column revoked_on timestamptz;

create index audit_events_session_idx on app_public.audit_events (session_id);
create index changes_audit_events_doc_idx on app_private.changes (doc_id) where model = 'audit_events';

insert into app_private.replicated_models (model)
values ('platform_books'), ('form_definitions'), ('audit_events'), ('delegate_invitations')
on conflict do nothing;

-- What exists already enters the change log once: the six books (ids of app_private.platform_book_ids), every form
-- definition, the unclaimed invitations, and the events of the audit window (the latest 500 of each account and of
-- the platform). Later changes are recorded by the triggers of the code files.
insert into app_private.changes (model, doc_id, audience)
select 'platform_books', b.id, '{}'::uuid[]
from (values ('00000000-0000-4000-8000-0000000b0001'::uuid), ('00000000-0000-4000-8000-0000000b0002'::uuid),
             ('00000000-0000-4000-8000-0000000b0003'::uuid), ('00000000-0000-4000-8000-0000000b0004'::uuid),
             ('00000000-0000-4000-8000-0000000b0005'::uuid), ('00000000-0000-4000-8000-0000000b0006'::uuid)) b(id);

insert into app_private.changes (model, doc_id, audience)
select 'form_definitions', f.id, '{}'::uuid[] from app_public.form_definitions f;

insert into app_private.changes (model, doc_id, audience)
select 'delegate_invitations', i.id, array[i.account_id]
from app_private.delegate_invitations i where i.accepted_by is null;

insert into app_private.changes (model, doc_id, audience)
select 'audit_events', e.id, case when e.account_id is null then '{}'::uuid[] else array[e.account_id] end
from (select x.id, x.account_id, x.created_on,
             row_number() over (partition by x.account_id order by x.created_on desc) as in_account,
             row_number() over (order by x.created_on desc) as in_platform
      from app_public.audit_events x) e
where (e.account_id is not null and e.in_account <= 500) or e.in_platform <= 500
order by e.created_on;
