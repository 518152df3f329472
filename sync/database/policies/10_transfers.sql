-- The row-level security policy of app_public.transfers (docs/TRANSFERS.md). No insert, update or delete policy:
-- app_user has no write grant; the commands of sync/database/transfers/ (SECURITY DEFINER) write it after checking
-- who acts. Read by the holder who asked, the transferee, the security's issuer, a broker on a round it manages, and
-- the agent account the issuer named the security's transfer agent (transfers/05_agent.sql).

drop policy if exists select_visible on app_public.transfers;
create policy select_visible on app_public.transfers for select to public
  using (requester_id = ( SELECT app_private.current_account_id() AS current_account_id)
    OR transferee_id = ( SELECT app_private.current_account_id() AS current_account_id)
    OR issuer_id = ( SELECT app_private.current_account_id() AS current_account_id)
    OR (round_id IN ( SELECT app_private.broker_round_ids() AS broker_round_ids))
    OR (security_id IN ( SELECT app_private.agent_security_ids() AS agent_security_ids)));
