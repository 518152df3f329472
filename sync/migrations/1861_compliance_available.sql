-- The Compliance integration works on this server now (issue 31 item 4, issue 35; docs/ACCREDITATION.md): adding it
-- gives the account its "Accreditation verification" qualification, reviewed by the account itself or answered by
-- InvestReady where the server is configured for it. Available, described for people.
update app_public.integrations set available = true, unavailable_reason = null,
  description = 'Compliance: investors show they are accredited (a letter from a professional, income or net worth evidence, or a self-certification where your round allows it) and your team approves or rejects each one with a reason. Approvals expire after the period you set, 90 days by default. Verified by InvestReady where this server is connected to it.'
  where service = 'investready';

insert into app_private.changes (model, doc_id, audience)
  select 'integrations', i.id, null from app_public.integrations i where i.service = 'investready';
