-- A transferee onboards in the holding's round before the transfer completes (issue 32 item 1, docs/TRANSFERS.md
-- "The transferee's onboarding"): when the security asks for qualified transferees, the request makes the transferee
-- a distribution in the round (unless they have one there) and keeps it here. The key is checked at commit so the
-- request can name its distribution before the distribution's own insert triggers run: they read it to leave out the
-- round's payment and the invitation to invest (sync/database/transfers/12_onboarding.sql).
alter table app_public.transfers
  add column onboarding_distribution_id uuid
    references app_public.distributions (id) on delete set null deferrable initially deferred;
create index transfers_onboarding_distribution_id_idx on app_public.transfers (onboarding_distribution_id)
  where onboarding_distribution_id is not null;
