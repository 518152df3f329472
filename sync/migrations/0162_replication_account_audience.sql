-- Who may see an account document (0010_rls.sql, accounts select_visible), as a change audience, so an account's
-- change reaches exactly the devices that may hold it instead of every device as a tombstone:
--   by type: issuers, brokers and ats accounts are a directory for issuer, broker, ats and agent accounts;
--   by relation: the account itself, accounts sharing a member user, vendors that have it as a contact, its
--   managers, everyone who sees its distributions and holdings, and the investors of an issuer's or allocation
--   owner's distributions and holdings. Admin accounts read every change anyway.

create function app_private.audience_accounts(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select array(
    select doc_id
    union select ua2.account_id from app_public.users_accounts ua1
      join app_public.users_accounts ua2 on ua2.user_id = ua1.user_id where ua1.account_id = doc_id
    union select c.account_id from app_public.customers c where c.investor_id = doc_id
    union select m.manager_id from app_public.managed_accounts m where m.account_id = doc_id
    union select unnest(app_private.audience_distributions(d.id)) from app_public.distributions d where d.investor_id = doc_id
    union select unnest(app_private.audience_holdings(h.id)) from app_public.holdings h where h.investor_id = doc_id
    union select d.investor_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id where al.owner_id = doc_id
    union select d.investor_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id
      where a.issuer_id = doc_id
    union select h.investor_id from app_public.holdings h
      join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
      where a.issuer_id = doc_id
  )
$$;

create or replace function app_private.audience_types(model text, doc_id uuid) returns text[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select case model
    when 'assets' then array['broker']
    when 'rounds' then array['broker']
    when 'securities' then array['broker']
    when 'documents' then (select array_agg(s.to_role) from app_public.document_sharings s where s.document_id = doc_id)
    when 'accounts' then (select case when a.type in ('issuer', 'broker', 'ats')
                                      then array['issuer', 'broker', 'ats', 'agent'] end
                          from app_public.accounts a where a.id = doc_id)
  end
$$;

-- A new membership shows the user's other accounts to each other (and a removed one hides them).
create function app_private.tg_users_accounts__changes() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  member uuid := coalesce(new.user_id, old.user_id);
  changed uuid := coalesce(new.account_id, old.account_id);
  others uuid[] := array(select ua.account_id from app_public.users_accounts ua where ua.user_id = member);
begin
  if tg_op = 'UPDATE' and (new.status, new.account_id, new.user_id) is not distinct from (old.status, old.account_id, old.user_id) then
    return null;
  end if;
  perform app_private.record_document_change('accounts', changed, others);
  perform app_private.record_document_change('accounts', o, array[changed]) from unnest(others) o where o <> changed;
  return null;
end;
$$;
create trigger _900_changes_accounts after insert or update or delete on app_public.users_accounts
  for each row execute function app_private.tg_users_accounts__changes();
