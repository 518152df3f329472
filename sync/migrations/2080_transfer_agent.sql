-- The transfer agent an issuer names for a security (issue 32 item 1: a transfer request is reviewed by "the issuer
-- (or the transfer agent's agent account where the issuer names one)"; docs/TRANSFERS.md "The transfer agent"). Set
-- only by nameTransferAgent (sync/database/transfers/05_agent.sql), never by setTransferRules, so a client that
-- saves the other rules leaves the agent as it is. No agent: the rules mean what they meant before. The agent
-- account's owners and admins then decide the security's requests beside the issuer's.
alter table app_public.transfer_rules
  add column transfer_agent_id uuid references app_public.accounts (id) on delete set null;
create index transfer_rules_transfer_agent_id_idx on app_public.transfer_rules (transfer_agent_id)
  where transfer_agent_id is not null;
comment on column app_public.transfer_rules.transfer_agent_id is
  'The agent account the issuer named to review the security''s transfer requests (nameTransferAgent); none: the issuer alone.';
