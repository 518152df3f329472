-- Pull performance (issue 8): the account summaries embedded in documents (a holding's, distribution's or
-- customer's investor, an allocation's owner, a broker invitation's broker) cost O(1) each instead of O(N).
--
-- Before: app_private.account_summary(id) read app_public.accounts under the reader's RLS, one call per document;
-- the accounts policy `id in (select app_private.related_account_ids())` recomputed every account related to the
-- reader (its customers, distributions, holdings) on each call, so a page of documents cost O(page x N) and a full
-- sync O(N^2).
--
-- Now: app_private.visible_accounts(ids) applies the SAME rule as the accounts select policy (0010, 0012), but
-- only to the given ids: app_private.related_account_ids_among(ids) is related_account_ids() with every arm
-- restricted to those ids (an intersection, arm by arm, so it equals related_account_ids() ∩ ids; the tests check
-- both against each other for every demo account). The document builders ask for the summaries of a whole page
-- at once (app_private.account_summaries(ids)).

create function app_private.related_account_ids_among(ids uuid[]) returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.owner_id from app_public.allocations al
    where al.owner_id = any (ids) and al.id in (select app_private.investor_allocation_ids())
    union
    select a.issuer_id from app_public.assets a
    where a.issuer_id = any (ids) and a.id in (select app_private.related_asset_ids())
    union
    select c.investor_id from app_public.customers c
    where c.investor_id = any (ids)
      and c.account_id = app_private.current_account_id() and app_private.current_account_type() <> 'investor'
    union
    select d.investor_id from app_public.distributions d
    where d.investor_id = any (ids) and d.allocation_id in (select app_private.staff_allocation_ids())
    union
    select h.investor_id from app_public.holdings h
    where h.investor_id = any (ids)
      and (h.round_id in (select app_private.issuer_round_ids()) or h.round_id in (select app_private.broker_round_ids()))
    union
    select m.account_id from app_public.managed_accounts m
    where m.account_id = any (ids) and m.manager_id = app_private.current_account_id()
  $$;

-- The accounts among `ids` that the accounts select policy lets the request's account read (the policy's own
-- words, with related_account_ids() restricted to the ids).
create function app_private.visible_accounts(ids uuid[]) returns setof app_public.accounts
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select a.* from app_public.accounts a
    where a.id = any (ids)
      and (a.id = app_private.current_account_id()
        or a.id in (select app_private.member_account_ids())
        or (a.type in ('issuer', 'broker', 'ats', 'agent')
            and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
        or app_private.current_account_type() = 'admin'
        or a.id in (select app_private.related_account_ids_among(ids)))
  $$;

-- Summaries of the accounts among `ids` the reader may see (security invoker: a reader to whom row-level security
-- does not apply, such as the superuser of a benchmark's raw SQL, reads the table itself).
create function app_private.account_summaries(ids uuid[]) returns table (id uuid, summary jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select a.id, jsonb_build_object('id', a.id, 'name', a.name, 'contactName', a.contact_name, 'email', a.email,
                                  'setup', a.setup, 'type', a.type)
  from app_private.visible_accounts(ids) a
  where row_security_active('app_public.accounts')
  union all
  select a.id, jsonb_build_object('id', a.id, 'name', a.name, 'contactName', a.contact_name, 'email', a.email,
                                  'setup', a.setup, 'type', a.type)
  from app_public.accounts a
  where a.id = any (ids) and not row_security_active('app_public.accounts')
$$;

-- One summary (documents with a single embedded account per page, such as allocations and broker invitations).
create or replace function app_private.account_summary(account_id uuid) returns jsonb
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select s.summary from app_private.account_summaries(array[account_id]) s
$$;

grant execute on function
  app_private.related_account_ids_among(uuid[]),
  app_private.visible_accounts(uuid[]),
  app_private.account_summaries(uuid[])
  to app_user;
