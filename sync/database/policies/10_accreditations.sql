-- The row-level security policies of app_public.accreditations
-- (docs/ACCREDITATION.md): the investor account and the reviewer account read a verification and its evidence,
-- every member (viewers read only: no one writes these tables directly, submitAccreditation and
-- reviewAccreditation do, sync/database/accreditation/10_accreditation.sql).

drop policy if exists select_own on app_public.accreditations;
create policy select_own on app_public.accreditations for select to public
  using (((investor_id = app_private.current_account_id()) OR (reviewer_account_id = app_private.current_account_id())));
