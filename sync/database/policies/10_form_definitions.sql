-- The row-level security policies of app_public.form_definitions (sync/database/admin/): platform admins read them,
-- and so do qualification vendors (issuers and brokers), who make a qualification of a definition
-- (makeFormQualification); they are written only by makeFormDefinition (no grant).

drop policy if exists select_admin on app_public.form_definitions;
create policy select_admin on app_public.form_definitions for select to public
  using ((app_private.current_account_type() = ANY (ARRAY['admin'::text, 'issuer'::text, 'broker'::text])));
