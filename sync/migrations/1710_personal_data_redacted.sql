-- Personal data in the command log and the audit trail (issue 36, finding 2). A command's variables were recorded as
-- sent, a step's answers excepted (1290): setupAccount's full tax id, dates of birth, street addresses and phone,
-- updateAddressById's street lines, updateAccountById's and updatePartyById's tax id and date of birth were in clear in
-- app_private.command_log and in the audit events' details (read by every platform admin and by the account's owners
-- and admins). From now on log_command, log_commands and the audit trigger keep them redacted
-- (app_private.audit_redacted, with app_private.personal_redacted of the early file
-- sync/database/schema/50_personal_data.sql: a tax id as its last four characters, a date of birth or formation date,
-- street address lines, a postal code and a phone number as "[redacted]"); this redacts what was recorded before the
-- same way. personal_redacted leaves a value it wrote as it is, so a row already redacted is not changed.

update app_private.command_log l
   set variables = r.variables
  from (select c.idempotency_key, app_private.personal_redacted(c.variables) as variables
          from app_private.command_log c) r
 where r.idempotency_key = l.idempotency_key
   and r.variables is distinct from l.variables;

-- The audit trail is append-only: its trigger (_010_append_only, sync/database/audit/10_audit.sql) refuses every update,
-- the owner's included. It is off for this one statement, inside the migration's transaction (nothing else writes the
-- table meanwhile: the table is locked), and on again after. An event still in a device's window (it has change rows)
-- gets a new change, so the devices that hold it in clear pull it redacted; the others are read online only.
alter table app_public.audit_events disable trigger user;

with redacted as (
  update app_public.audit_events e
     set details = jsonb_set(e.details, '{variables}', r.variables)
    from (select a.id, app_private.personal_redacted(a.details -> 'variables') as variables
            from app_public.audit_events a
           where a.kind = 'command' and jsonb_typeof(a.details -> 'variables') = 'object') r
   where r.id = e.id
     and r.variables is distinct from e.details -> 'variables'
  returning e.id, e.account_id
)
insert into app_private.changes (model, doc_id, audience, audience_types)
select 'audit_events', d.id, case when d.account_id is null then '{}'::uuid[] else array[d.account_id] end, null
  from redacted d
 where exists (select 1 from app_private.changes c where c.model = 'audit_events' and c.doc_id = d.id);

alter table app_public.audit_events enable trigger user;
