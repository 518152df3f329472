-- The row-level security policy of app_public.corporate_actions (docs/CORPORATE-ACTIONS.md). No write policy:
-- app_user has no write grant; the commands of sync/database/corporate-actions/ (SECURITY DEFINER) write it after
-- checking who acts. Read by the security's issuer.

drop policy if exists select_visible on app_public.corporate_actions;
create policy select_visible on app_public.corporate_actions for select to public
  using (issuer_id = ( SELECT app_private.current_account_id() AS current_account_id));
