-- The round page's buyers list has a status dropdown (spec part 2: round page), and issue 6 has the round's issuer
-- close the distributions it then issues, a broker's allocation included. So the issuer of a round (owner or admin,
-- not a viewer) may change the status of any distribution in that round, and nothing else of it. Everything else
-- about a distribution stays with the allocation's owner (spec section 6: "the account owns the allocation"; the
-- allocation page keeps that rule), and a locked distribution still refuses status changes
-- (0014: 'Cannot update status on locked distribution: {name}').

-- Allocations in the rounds of the selected issuer, when it may write.
create function app_private.issuer_status_allocation_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select al.id from app_public.allocations al
    where al.round_id in (select app_private.issuer_round_ids())
      and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $$;
grant execute on function app_private.issuer_status_allocation_ids() to app_user;

-- Permissive: ORed with update_editable (the owner's policy).
create policy update_round_issuer_status on app_public.distributions for update
  using (allocation_id in (select app_private.issuer_status_allocation_ids()))
  with check (allocation_id in (select app_private.issuer_status_allocation_ids()));

-- An API write (role app_user) to a distribution of an allocation the account does not own may change the status
-- only. SECURITY DEFINER functions (issuance, onboarding) run as their owner and keep their own checks.
create function app_private.tg_distributions__status_only_for_round_issuer() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if current_user = 'app_user'
      and new.allocation_id not in (select app_private.editable_allocation_ids())
      and (to_jsonb(new) - 'status' - 'updated_on') is distinct from (to_jsonb(old) - 'status' - 'updated_on') then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  return new;
end
$$;
create trigger _320_status_only_for_round_issuer before update on app_public.distributions
  for each row execute function app_private.tg_distributions__status_only_for_round_issuer();
