-- The row-level security policies of app_public.accreditation_evidence: the evidence of the verifications the
-- reader reads (10_accreditations.sql).

drop policy if exists select_own on app_public.accreditation_evidence;
create policy select_own on app_public.accreditation_evidence for select to public
  using ((accreditation_id IN ( SELECT a.id
   FROM app_public.accreditations a)));
