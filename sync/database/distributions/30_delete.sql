-- Removing an investor from a distribution (issue 35, item 4): deleteDistributionById deletes the distribution with
-- everything that hangs off it (prices, payments, notes, custom fields, qualifications, the onboarding process and
-- its steps, the vesting schedule: their foreign keys cascade) in one statement, so nothing is left half-deleted.
-- Only the allocation's editors may (issuer or broker owning the allocation, not a viewer), and only while nothing
-- has been issued or paid; otherwise it refuses with the reason (LL409). The screen asks first with the spec's text
-- "Are you sure you want to delete {name} from this distribution?".

create or replace function app_public.delete_distribution_by_id(id uuid)
  returns app_public.distributions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  distribution app_public.distributions;
  who text;
begin
  perform app_private.require_writer('{issuer,broker}');
  select d.* into distribution from app_public.distributions d
   where d.id = delete_distribution_by_id.id
     and d.id in (select app_private.editable_distribution_ids())
   for update;
  if distribution.id is null then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select coalesce(nullif(trim(distribution.name), ''), a.name, a.email, 'this investor') into who
    from app_public.accounts a where a.id = distribution.investor_id;
  if distribution.locked or distribution.issuance_status in ('requested', 'issued')
     or exists (select 1 from app_public.holdings h where h.distribution_id = distribution.id) then
    raise exception 'Cannot delete % from this distribution: units have already been issued.', who
      using errcode = 'LL409';
  end if;
  if exists (select 1 from app_public.distribution_payments p
              where p.distribution_id = distribution.id and p.status in ('paid', 'refunded'))
     or exists (select 1 from app_public.payment_trades t
                 where t.distribution_id = distribution.id
                   and t.status in ('FUNDED', 'SETTLED', 'UNWIND PENDING', 'UNWIND SETTLED')) then
    raise exception 'Cannot delete % from this distribution: a payment has been made.', who
      using errcode = 'LL409';
  end if;
  if exists (select 1 from app_public.payment_trades t
              where t.distribution_id = distribution.id and t.status in ('QUEUED', 'CREATED')) then
    raise exception 'Cannot delete % from this distribution: a payment is in progress.', who
      using errcode = 'LL409';
  end if;
  delete from app_public.distributions d where d.id = distribution.id;
  return distribution;
end
$function$;
comment on function app_public.delete_distribution_by_id(uuid) is
  'Removes an investor from a distribution (the distribution and its prices, payments, notes, fields, qualifications, steps and vesting), while nothing has been issued or paid.';
grant execute on function app_public.delete_distribution_by_id(uuid) to app_user;
