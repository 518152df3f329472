-- SMTP delivery of the one mailer (sync/mail/mailer.ts): a mail the SMTP server did not take is tried again later,
-- with a growing pause, and given up ('failed', with the last error) after MAIL_MAX_ATTEMPTS tries.
alter table app_private.mail_outbox
  add column attempts integer not null default 0 check (attempts >= 0),
  add column next_attempt_on timestamptz;

drop index app_private.mail_outbox_queued_idx;
create index mail_outbox_queued_idx on app_private.mail_outbox (next_attempt_on nulls first, created_on)
  where status = 'queued';
