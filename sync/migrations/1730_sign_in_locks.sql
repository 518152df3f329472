-- Issue 35, item 8: sign-in locked per email, whatever address the attempts come from (sync/http/throttle.ts). The
-- 5th failure of an email within 15 minutes (app_private.sign_in_failures) takes a lock row here; while it is in
-- force every sign-in or sign-up of that email answers 429 with Retry-After, the right password too. One row per
-- email (SHA-256 of the lowercased address, never the address; unknown emails are locked alike), shared by every
-- server process; taking it is one insert ... on conflict that only succeeds when no lock is in force, so the owner's
-- mail is queued once per lock. Read and written only by the server as the database owner: app_user gets no grant
-- (app_private, no policies needed; rows for the expired locks are deleted a day after they end).

create table app_private.sign_in_locks (
  email_hash text primary key,
  -- when the lock began: failures up to then belong to it and do not count towards the next one
  locked_on timestamptz not null default now(),
  locked_until timestamptz not null,
  constraint sign_in_locks_email_hash_check check (email_hash ~ '^[0-9a-f]{64}$'),
  constraint sign_in_locks_until_check check (locked_until > locked_on)
);

comment on table app_private.sign_in_locks is
  'Emails whose sign-in is locked after repeated failures (SHA-256 of the address), until locked_until.';
