-- Agents never see prices (spec part 2: distributions "with prices (isPurchase) left out for agent accounts").
-- Price rows are hidden from agents by row-level security (0010) and the read model drops the purchase price for
-- them (0302), but the column was still readable through GraphQL (allDistributions { nodes { purchasePrice } }).
--
-- The column keeps its SELECT grant: the read-model functions (0160/0302 and the wrappers of 0400/0410) build
-- documents from whole rows as app_user, which a column-level revoke would break, and they already drop the price
-- for agents. Instead GraphQL reads the price through a computed column of the same name (PostGraphile V5 names
-- app_public.distributions_purchase_price(d) `Distribution.purchasePrice`) that answers null to agents, and the raw
-- column leaves the API's output, conditions, filters and ordering (so an agent cannot learn it by sorting or
-- filtering either). The owner still writes it through updateDistributionById's patch.
comment on column app_public.distributions.purchase_price is E'@behavior -select -filterBy -orderBy';

create function app_public.distributions_purchase_price(d app_public.distributions) returns numeric
  language sql stable
  set search_path = pg_catalog
  as $$
    select case when app_private.current_account_type() = 'agent' then null else d.purchase_price end
  $$;
comment on function app_public.distributions_purchase_price(app_public.distributions) is
  'The purchase price per unit; null for agent accounts (prices are left out for agents).';
grant execute on function app_public.distributions_purchase_price(app_public.distributions) to app_user;
