-- The row-level security policies of app_public.audit_events (the audit trail, sync/database/audit/): an account's
-- owners and admins read its events (viewers do not); a platform admin reads every event. Nobody writes through the
-- API (no grant).

drop policy if exists select_own_account_or_admin on app_public.audit_events;
create policy select_own_account_or_admin on app_public.audit_events for select to public
  using ((((account_id = app_private.current_account_id()) AND app_private.can_write()) OR (app_private.current_account_type() = 'admin'::text)));
