-- The accounts read model gains what the workspace screens show (spec part 1 sections 2.12 and 6):
--   jurisdiction                  {id, name, alpha2, alpha3} of the account's country (the issuer page's code);
--   managedBy, managedOn          the broker that manages the account ("Fully managed accounts"), when the reader
--                                 may see the managed_accounts row (RLS: the manager and the account itself);
--   vendorDefaultEmailPreference  {id, sendDistribution} of the reader's OWN account only (RLS on the table).
-- Documents are read under the reader's RLS (security invoker), so each reader gets only what it may see.

create or replace function app_private.docs_accounts(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select a.id, app_private.live_document(
    app_private.row_document(to_jsonb(a), 'app_public.accounts')
    || jsonb_build_object(
      'jurisdiction', (select jsonb_build_object('id', c.id, 'name', c.name, 'alpha2', c.alpha2, 'alpha3', c.alpha3)
                       from app_public.countries c where c.id = a.jurisdiction_id),
      'managedBy', (select m.manager_id from app_public.managed_accounts m where m.account_id = a.id
                    order by m.created_on, m.id limit 1),
      'managedOn', (select m.created_on from app_public.managed_accounts m where m.account_id = a.id
                    order by m.created_on, m.id limit 1),
      'vendorDefaultEmailPreference', (select jsonb_build_object('id', e.id, 'sendDistribution', e.send_distribution)
                                       from app_public.vendor_default_email_preferences e where e.account_id = a.id)
    ))
  from app_public.accounts a where a.id = any (ids)
$$;

select app_private.replicate('app_public.managed_accounts', 'accounts', 'account_id', array['manager_id']);
select app_private.replicate('app_public.vendor_default_email_preferences', 'accounts', 'account_id', array['account_id']);
