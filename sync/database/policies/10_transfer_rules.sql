-- The row-level security policy of app_public.transfer_rules (docs/TRANSFERS.md): whoever reads the security reads
-- its transfer rules (a holder sees its lock-up before asking). Written only by setTransferRules (SECURITY DEFINER,
-- the security's issuer); no write grant, no write policy.

drop policy if exists select_visible on app_public.transfer_rules;
create policy select_visible on app_public.transfer_rules for select to public
  using (security_id IN ( SELECT s.id FROM app_public.securities s));
