-- The row-level security policy of app_public.corporate_action_lines (docs/CORPORATE-ACTIONS.md). No write policy:
-- written only by the commands of sync/database/corporate-actions/. Read by the holder of the line and by the
-- action's issuer.

drop policy if exists select_visible on app_public.corporate_action_lines;
create policy select_visible on app_public.corporate_action_lines for select to public
  using (investor_id = ( SELECT app_private.current_account_id() AS current_account_id)
    OR action_id IN ( SELECT c.id FROM app_public.corporate_actions c));
