-- The investor's InvestReady tokens are encrypted at rest like encrypted answers (app_private.seal: pgcrypto with the
-- server's ll.encryption_key, never stored in the database), not kept as text (1862).
alter table app_private.investready_states
  drop column access_token,
  drop column refresh_token,
  add column tokens bytea;
