-- InvestReady (docs/ACCREDITATION.md "InvestReady"): a verification InvestReady decides has the method 'investready'
-- (its own: income, net worth or a letter, chosen there), and the provider's expiry instead of the reviewer's
-- validity, so the one decision function takes an expiry (re-made in sync/database/accreditation/10_accreditation.sql).
-- The sign-in state keeps the investor's InvestReady tokens (app_private: never readable through the API) so a
-- pending verification can be read again.
alter table app_public.accreditations drop constraint accreditations_method_check;
alter table app_public.accreditations add constraint accreditations_method_check
  check (method in ('letter', 'income', 'net_worth', 'self_certification', 'investready'));

drop function if exists app_private.decide_accreditation(uuid, boolean, text, text, uuid, text);

alter table app_private.investready_states
  add column access_token text,
  add column refresh_token text,
  add column used_on timestamptz;
