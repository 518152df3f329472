-- In-person sessions (docs/IN-PERSON.md): the investor's audit trail names what was done in person, done by the
-- investor (the event's account), hosted by the signed-in user (the event's user; app_private.audit_in_person).
alter table app_public.audit_events drop constraint audit_events_kind_check;
alter table app_public.audit_events add constraint audit_events_kind_check
  check (kind in ('command', 'sign_in', 'account_switch', 'membership', 'ownership_transfer', 'accreditation',
                  'in_person'));
