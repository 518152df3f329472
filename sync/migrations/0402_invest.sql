-- The invest flow (spec part 2: invest page): an offering is an allocation that is open (or active) in an active
-- round; /offer-wall/{offer_wall_id}/offering/{offering_id} names it by the allocation id (the offer wall id is the
-- seller's page and is not needed to find the offering).
--   investorOfferingDetailsById(id) -> {id, issuerName, sellerName, assetName, className, classPrice} for investors;
--   investorMakeDistribution(offeringId, amount, id?) places the selected investor into the offering for `amount`
--   whole units (status open: Onboarding), priced at the round's price, with the allocation's qualifications (the
--   onboarding process of 0400 follows from the distribution trigger).

create type app_public.offering_details as (
  id uuid,
  issuer_name text,
  seller_name text,
  asset_name text,
  class_name text,
  class_price numeric
);

create function app_private.open_offering(offering uuid) returns app_public.allocations
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select al.* from app_public.allocations al join app_public.rounds r on r.id = al.round_id
  where al.id = offering and al.status in ('open', 'active') and r.status = 'active'
$$;

create function app_public.investor_offering_details_by_id(id uuid) returns app_public.offering_details
  language plpgsql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  offering app_public.allocations := app_private.open_offering(investor_offering_details_by_id.id);
  details app_public.offering_details;
begin
  if app_private.current_account_type() is distinct from 'investor' then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if offering.id is null then
    raise exception 'Offering not found' using errcode = 'LL404';
  end if;
  select offering.id, issuer.name, seller.name, a.name, r.name, r.price into details
  from app_public.rounds r
  join app_public.assets a on a.id = r.asset_id
  join app_public.accounts issuer on issuer.id = a.issuer_id
  join app_public.accounts seller on seller.id = offering.owner_id
  where r.id = offering.round_id;
  return details;
end;
$$;
comment on function app_public.investor_offering_details_by_id(uuid) is 'An open offering as an investor sees it before investing.';

create function app_public.investor_make_distribution(offering_id uuid, amount numeric, id uuid default null)
  returns app_public.distributions
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  offering app_public.allocations := app_private.open_offering(investor_make_distribution.offering_id);
  investor app_public.accounts;
  round_price numeric;
  distribution app_public.distributions;
begin
  perform app_private.require_writer('{investor}');
  if offering.id is null then
    raise exception 'Offering not found' using errcode = 'LL404';
  end if;
  if amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if amount <> trunc(amount) then
    raise exception 'Must be whole number.' using errcode = 'LL422';
  end if;
  if amount <= 0 then
    raise exception 'Distribution amount must be greater than 0.' using errcode = 'LL422';
  end if;
  select a.* into investor from app_public.accounts a where a.id = app_private.current_account_id();
  select r.price into round_price from app_public.rounds r where r.id = offering.round_id;
  insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, purchase_price)
    values (coalesce(investor_make_distribution.id, gen_random_uuid()), offering.id, investor.id,
            coalesce(investor.contact_name, investor.name), amount, 'open', round_price)
    returning * into distribution;
  insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
    values (distribution.id, 1, round_price, true);
  -- The seller knows the investor from now on.
  if investor.email is not null then
    insert into app_public.customers (account_id, investor_id, email, name)
      values (offering.owner_id, investor.id, investor.email, coalesce(investor.contact_name, investor.name))
      on conflict do nothing;
  end if;
  return distribution;
end;
$$;
comment on function app_public.investor_make_distribution(uuid, numeric, uuid) is 'Invests the selected investor account in an open offering (whole units).';

grant execute on function
  app_public.investor_offering_details_by_id(uuid),
  app_public.investor_make_distribution(uuid, numeric, uuid)
  to app_user;
