-- Integrations say truthfully what they do (issue 18, docs/PAYMENTS.md "Integrations"): an integration with nothing
-- behind it on this server is not available (no Add, and createAccountIntegration refuses it) and says why; account
-- integrations added for those before (a one-step "complete" that did nothing) are removed.
alter table app_public.integrations
  add column available boolean not null default true,
  add column unavailable_reason text;
select app_private.add_text_limit('app_public.integrations'::regclass, 'unavailable_reason', 2000, 'Reason');

update app_public.integrations set available = false,
  description = 'Compliance: accredited investor verification by a compliance provider.',
  unavailable_reason = 'Not available on this server: no compliance provider account can be connected. Accreditation checks run as steps of your qualifications (async iframe steps, answered by the built-in local provider).'
  where service = 'investready';
update app_public.integrations set available = false,
  description = 'LedgerlineIO: API access to your books for your own systems.',
  unavailable_reason = 'Not available on this server: Ledgerline has no API keys for issuers yet. Your books are in the app and in its exports.'
  where service = 'ledgerline-io';
update app_public.integrations set available = false,
  description = 'Portfolio: your holdings in your own portfolio tracker.',
  unavailable_reason = 'Not available on this server: no portfolio tracker can be connected. Your holdings are on your Portfolio page.'
  where service = 'portfolio-export';
update app_public.integrations set
  description = 'Signing: e-signature templates for onboarding documents, signed with DocuSign when this server is configured for it, otherwise with the built-in signer.'
  where service = 'docusign';

delete from app_public.account_integrations ai using app_public.integrations i
  where i.id = ai.integration_id and not i.available;

insert into app_private.changes (model, doc_id, audience)
  select 'integrations', i.id, null from app_public.integrations i;
