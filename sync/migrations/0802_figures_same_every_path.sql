-- One figure, one answer (issue 13 item 14). A distribution's paid-in capital is the sum of its paid payments for
-- every reader of the distribution, even when the payment rows themselves are hidden from it (they are listed only
-- to the allocation's owner and the investor; spec part 2 section 6). The pull's builders (0300, 0501, 0700, 0701)
-- already summed as the definer; the GraphQL computed column Distribution.paidInCapital (0011) summed under the
-- reader's row-level security, so the round's issuer read 0 for a distribution whose payments a broker recorded.
--
-- Now every path goes through app_private.distribution_paid_ins(ids), which sums as the definer but only for the
-- distributions the caller may read: for a request (role app_user, whose setting survives SECURITY DEFINER) the ids
-- pass visible_distribution_ids_among (0701, the distributions select policy restated for given ids); the server's
-- own reads without row-level security sum every given id. The two definer helpers were callable by app_user with
-- any id; they no longer answer for a distribution the caller cannot see.

create function app_private.request_reader() returns boolean
  language sql stable
  set search_path = pg_catalog
  as $$ select coalesce(current_setting('role', true), 'none') = 'app_user' $$;
comment on function app_private.request_reader() is
  'True while a request runs (role app_user), also inside SECURITY DEFINER functions, which change current_user only.';
grant execute on function app_private.request_reader() to app_user;

create or replace function app_private.distribution_paid_ins(ids uuid[]) returns table (distribution_id uuid, paid_in numeric)
  language sql stable security definer
  set search_path = pg_catalog, app_public
  as $$
    select p.distribution_id, sum(p.amount) from app_public.distribution_payments p
    where p.distribution_id = any (ids) and p.status = 'paid'
      and (not app_private.request_reader()
           or p.distribution_id in (select app_private.visible_distribution_ids_among(ids)))
    group by p.distribution_id
  $$;

create or replace function app_private.distribution_paid_in(distribution_id uuid) returns numeric
  language sql stable security definer
  set search_path = pg_catalog, app_public
  as $$
    select coalesce((select s.paid_in from app_private.distribution_paid_ins(array[distribution_id]) s), 0)
  $$;

create or replace function app_public.distributions_paid_in_capital(d app_public.distributions) returns numeric
  language sql stable
  set search_path = pg_catalog
  as $$ select app_private.distribution_paid_in(d.id) $$;
comment on function app_public.distributions_paid_in_capital(app_public.distributions) is
  'The sum of the paid payments of the distribution, for every reader of the distribution (the same figure as the pulled document).';

-- The other computed figures were checked for the same class: Round.totalCapitalDeployed sums capital deployments,
-- whose select policy is the round's (every reader of the round reads them all); Holding.percentOfSecurityTotal
-- reads the holding's security, which every reader of a holding may read (tests/db/figures.test.ts checks both
-- for every demo account); Holding.paidOutDividends is a stored column (0443).
