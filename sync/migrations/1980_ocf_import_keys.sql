-- The OCF import's confirm applied once per idempotency key (docs/OCF.md "Confirm once"). The confirm is a direct
-- request, not a queued command: an answer lost on the way back followed by a second click (or a resend) would
-- import the package twice. The client sends a key (a UUID) it made when the person confirmed and reuses it when it
-- retries; the server records it here with the session's user and account and the import's answer, in the same
-- transaction as the import, and answers a known key from here without importing again. A failed import records
-- nothing (its transaction is rolled back). Read and written only by the server as the database owner
-- (sync/database/ocf/10_import_keys.sql): app_user gets no grant.

create table app_private.ocf_import_keys (
  idempotency_key uuid primary key,
  user_id uuid not null references app_public.users (id) on delete cascade,
  account_id uuid not null references app_public.accounts (id) on delete cascade,
  -- the confirm's answer (the import's counts, and the new issuer for an admin's import); null only inside the
  -- import's own transaction, before the import is done
  result jsonb,
  created_on timestamptz not null default now()
);
create index ocf_import_keys_user_id_idx on app_private.ocf_import_keys (user_id);
create index ocf_import_keys_account_id_idx on app_private.ocf_import_keys (account_id);

comment on table app_private.ocf_import_keys is
  'Idempotency keys of OCF import confirms: who confirmed, for which account, and the answer given.';
