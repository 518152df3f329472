-- The transferee's onboarding in the holding's round (issue 32 item 1, docs/TRANSFERS.md "The transferee's
-- onboarding"). When the security asks for qualified transferees, a request makes the transferee a distribution in
-- the holding's round (unless they have one there) on the allocation the holder's units came from (else the round's
-- issuer's first allocation), so they go through the round's own process, steps and all, like any investor of it.
-- Its amount is the units transferred and its price the transfer's (else the round's): what they receive, not an
-- order. No payment is owed to the issuer for units that come from another holder, so the round's payment
-- qualification is left out, and no invitation to invest is sent (the transferee gets the transfer's own mail with
-- the link). The distribution is never issued: its units arrive by the transfer's approval.
-- The approval (check_transfer_rules) waits until a distribution of the transferee in the round has every step
-- complete.

-- Whether a distribution was made for a transfer's transferee.
create or replace function app_private.is_transfer_distribution(distribution_id uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select exists (select 1 from app_public.transfers t where t.onboarding_distribution_id = $1)
$function$;
revoke all on function app_private.is_transfer_distribution(uuid) from public;

-- Whether the investor has completed the round's onboarding: a distribution of theirs in the round with every step
-- complete. A round without an allocation has no onboarding of its own (account setup is all it asks).
create or replace function app_private.onboarded_in_round(investor uuid, round uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select not exists (select 1 from app_public.allocations al where al.round_id = $2)
    or exists (
      select 1 from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
      where d.investor_id = $1 and al.round_id = $2
        and not exists (select 1 from app_public.processes p join app_public.steps s on s.process_id = p.id
                        where p.distribution_id = d.id and s.status <> 'complete'))
$function$;
revoke all on function app_private.onboarded_in_round(uuid,uuid) from public;

-- Whether an open request waits for its transferee's onboarding (the security asks for it and the transferee's
-- account setup or the round's steps are not complete): the issuer's Transfer requests card says so.
create or replace function app_private.transfer_waits_for_onboarding(transfer app_public.transfers)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select transfer.status = 'open'
    and coalesce((select r.transferee_qualification_required from app_public.transfer_rules r
                  where r.security_id = transfer.security_id), false)
    and not (coalesce((select a.setup from app_public.accounts a where a.id = transfer.transferee_id), false)
             and app_private.onboarded_in_round(transfer.transferee_id, transfer.round_id))
$function$;
-- (the read model calls it as its reader, for the requests the reader's row-level security shows)
revoke all on function app_private.transfer_waits_for_onboarding(app_public.transfers) from public;
grant execute on function app_private.transfer_waits_for_onboarding(app_public.transfers) to app_user;

-- Makes the transferee of an open request a distribution in the holding's round when the security asks for qualified
-- transferees and they have none there; mails them the link. Returns the distribution made, else null.
create or replace function app_private.open_transfer_onboarding(transfer_id uuid)
  returns uuid
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  transfer app_public.transfers;
  allocation uuid;
  investor app_public.accounts;
  price numeric;
  distribution uuid := gen_random_uuid();
  round_name text;
  security_name text;
  holder_name text;
begin
  select t.* into transfer from app_public.transfers t where t.id = open_transfer_onboarding.transfer_id for update;
  if transfer.status is distinct from 'open' or transfer.onboarding_distribution_id is not null
     or not coalesce((select r.transferee_qualification_required from app_public.transfer_rules r
                      where r.security_id = transfer.security_id), false)
     or exists (select 1 from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
                where d.investor_id = transfer.transferee_id and al.round_id = transfer.round_id) then
    return null;
  end if;
  select d.allocation_id into allocation from app_public.holdings h
    join app_public.distributions d on d.id = h.distribution_id
    where h.id = transfer.holding_id;
  if allocation is null then
    select al.id into allocation from app_public.allocations al where al.round_id = transfer.round_id
      order by (al.owner_id = transfer.issuer_id) desc, al.created_on, al.id limit 1;
  end if;
  if allocation is null then
    return null;
  end if;
  select a.* into investor from app_public.accounts a where a.id = transfer.transferee_id;
  price := coalesce(transfer.price_per_unit, (select r.price from app_public.rounds r where r.id = transfer.round_id));
  -- named first, so the distribution's own triggers know it is a transfer's (no payment, no invitation)
  update app_public.transfers t set onboarding_distribution_id = distribution where t.id = transfer.id;
  insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, purchase_price)
    values (distribution, allocation, investor.id, left(coalesce(investor.contact_name, investor.name), 200),
            transfer.units, 'open', price);
  insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
    values (distribution, 1, price, true);
  -- a round whose process has no step is complete at once, as a finished process closes its distribution
  update app_public.distributions d set status = 'closed'
    where d.id = distribution
      and not exists (select 1 from app_public.processes p join app_public.steps s on s.process_id = p.id
                      where p.distribution_id = d.id and s.status <> 'complete');
  if investor.email is not null then
    insert into app_public.customers (account_id, investor_id, email, name)
      select al.owner_id, investor.id, investor.email, coalesce(investor.contact_name, investor.name)
      from app_public.allocations al where al.id = allocation
      on conflict do nothing;
  end if;

  select r.name into round_name from app_public.rounds r where r.id = transfer.round_id;
  select s.name into security_name from app_public.securities s where s.id = transfer.security_id;
  select a.name into holder_name from app_public.accounts a where a.id = transfer.requester_id;
  if not app_private.onboarded_in_round(investor.id, transfer.round_id) then
    perform app_private.queue_transfer_mail(investor.id, 'transfer_onboarding',
      'Complete your onboarding to receive ' || security_name,
      holder_name || ' asked to transfer ' || app_private.transfer_units(transfer.units) || ' units of '
        || security_name || ' to you. Before the issuer can approve it, complete the onboarding of the ' || round_name
        || ' round (no payment is due for units you receive by transfer):' || chr(10)
        || '{{origin}}/distribution/' || distribution::text);
  end if;
  return distribution;
end
$function$;
revoke all on function app_private.open_transfer_onboarding(uuid) from public;

-- A decided request's distribution follows it. Approved: the distribution is the new holding's (approve_transfer sets
-- the holding's distribution_id), locked and issued as an issuance leaves one, so the transferee's portfolio lists
-- the units once. Rejected or cancelled: another open request to the transferee in the round takes it over; else it
-- is removed (nothing was paid on it), so no pending investment stays on the transferee's portfolio.
create or replace function app_private.settle_transfer_onboarding(transfer app_public.transfers)
  returns void
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  successor uuid;
begin
  if transfer.onboarding_distribution_id is null then
    return;
  end if;
  if transfer.status = 'approved' then
    update app_public.distributions d set locked = true, issuance_status = 'issued'
      where d.id = transfer.onboarding_distribution_id and not d.locked;
    return;
  end if;
  select t.id into successor from app_public.transfers t
    where t.status = 'open' and t.transferee_id = transfer.transferee_id and t.round_id = transfer.round_id
      and t.id <> transfer.id and t.onboarding_distribution_id is null
    order by t.requested_on, t.id limit 1;
  update app_public.transfers t set onboarding_distribution_id = null where t.id = transfer.id;
  if successor is not null then
    update app_public.transfers t set onboarding_distribution_id = transfer.onboarding_distribution_id
      where t.id = successor;
  else
    delete from app_public.distributions d where d.id = transfer.onboarding_distribution_id and not d.locked;
  end if;
end
$function$;
revoke all on function app_private.settle_transfer_onboarding(app_public.transfers) from public;

-- The issuer's card reads whether a request waits for its transferee's onboarding: the open requests to an investor
-- say so again when that investor's process or account setup moves.
create or replace function app_private.tg_processes__transfer_onboarding()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.record_document_change('transfers', t.id)
  from app_public.transfers t
  join app_public.distributions d on d.id = new.distribution_id
  join app_public.allocations al on al.id = d.allocation_id
  where t.transferee_id = new.investor_id and t.round_id = al.round_id and t.status = 'open';
  return null;
end
$function$;

create or replace trigger _910_transfer_onboarding after update of status on app_public.processes
  for each row when (old.status is distinct from new.status)
  execute function app_private.tg_processes__transfer_onboarding();
create or replace trigger _910_transfer_onboarding after update of setup on app_public.accounts
  for each row when (old.setup is distinct from new.setup)
  execute function app_private.record_related_changes('transfers', 'id',
    $$select t.id from app_public.transfers t where t.transferee_id = any ($1) and t.status = 'open'$$);
