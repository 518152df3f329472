-- Transfers between holders (issue 32 item 1, docs/TRANSFERS.md): the issuer's rules per security
-- (setTransferRules), the holder's request (requestTransfer, cancelTransfer) and the issuer's decision
-- (approveTransfer, rejectTransfer; a broker on a round it manages). Each command is SECURITY DEFINER: it checks who
-- acts first, then every rule, and writes nothing when one refuses. An approval re-checks every rule and, in its one
-- transaction, moves the units (the holding split or emptied, a new holding for the transferee), writes one
-- transaction row and two ledger entries (the register rebuilds positions from them) and queues both parties' mails;
-- a tokenized holding's tokens follow on the chain through a queued forced transfer (15_chain.sql).
-- Every refusal names the rule that refused it.

-- A day as the product writes it (MM/dd/yyyy).
create or replace function app_private.transfer_day(day date)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select to_char(day, 'MM/DD/YYYY') $function$;

-- Units as people read them: exact, no trailing zeros.
create or replace function app_private.transfer_units(units numeric)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select trim_scale(units)::text $function$;

-- The rules of the holding's security that refuse moving its units today, raised with the rule's text (LL422):
-- a tokenized holding whose tokens cannot move (transfer_chain_plan; at approval also a transferee without a wallet
-- on that chain), the lock-up, the minimum holding period and, when asked (at approval), the transferee's
-- qualification (account setup, then the round's onboarding steps). The right of first refusal never refuses a
-- transfer: it limits when the issuer may decline one.
create or replace function app_private.check_transfer_rules(holding app_public.holdings, transferee uuid, with_qualification boolean)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  security_name text := (select s.name from app_public.securities s where s.id = holding.security_id);
  rules app_public.transfer_rules;
  transferee_account app_public.accounts;
  free_on date;
begin
  -- a tokenized holding moves on its chain too: refused when it cannot (15_chain.sql says why)
  perform app_private.transfer_chain_plan(holding, transferee, null, with_qualification);
  select r.* into rules from app_public.transfer_rules r where r.security_id = holding.security_id;
  if rules.id is null then
    return;
  end if;
  if rules.lockup_ends_on is not null and current_date < rules.lockup_ends_on then
    raise exception 'Transfers of % are locked up until %.', security_name,
      app_private.transfer_day(rules.lockup_ends_on) using errcode = 'LL422';
  end if;
  if rules.minimum_holding_days is not null then
    free_on := (holding.issued_on)::date + rules.minimum_holding_days;
    if current_date < free_on then
      raise exception 'Units of % must be held for % days: this holding can be transferred from %.', security_name,
        rules.minimum_holding_days, app_private.transfer_day(free_on) using errcode = 'LL422';
    end if;
  end if;
  if with_qualification and rules.transferee_qualification_required then
    select a.* into transferee_account from app_public.accounts a where a.id = transferee;
    if not coalesce(transferee_account.setup, false) then
      raise exception 'Transfers of % need a qualified transferee: % has not completed onboarding yet.', security_name,
        transferee_account.name using errcode = 'LL422';
    end if;
    -- the round's own onboarding too: a distribution of theirs in the round with every step complete (12_onboarding.sql)
    if not app_private.onboarded_in_round(transferee, holding.round_id) then
      raise exception 'Transfers of % need a qualified transferee: % has not completed the onboarding of the % round yet.',
        security_name, transferee_account.name, (select r.name from app_public.rounds r where r.id = holding.round_id)
        using errcode = 'LL422';
    end if;
  end if;
end
$function$;

-- One mail to an account's address, when it has one.
create or replace function app_private.queue_transfer_mail(account uuid, kind text, subject text, body text)
  returns void
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  address text := (select a.email from app_public.accounts a where a.id = account);
  mail_id uuid;
begin
  if not app_private.is_mail_address(address) then
    return;
  end if;
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
    values (kind, address, subject, body,
            '<p>' || replace(replace(replace(replace(body, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), chr(10), '<br>')
              || '</p>')
    returning id into mail_id;
  perform pg_notify('mail_outbox', mail_id::text);
end
$function$;

create or replace function app_public.set_transfer_rules(security_id uuid, lockup_ends_on date DEFAULT NULL::date, minimum_holding_days integer DEFAULT NULL::integer, first_refusal_days integer DEFAULT NULL::integer, transferee_qualification_required boolean DEFAULT false)
  returns app_public.transfer_rules
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  result app_public.transfer_rules;
begin
  perform app_private.check_date(set_transfer_rules.lockup_ends_on);
  perform app_private.require_writer('{issuer}');
  if not exists (select 1 from app_public.securities s
                 where s.id = set_transfer_rules.security_id and s.issuer_id = app_private.current_account_id()) then
    raise exception 'Security not found' using errcode = 'LL404';
  end if;
  if set_transfer_rules.minimum_holding_days not between 0 and 36500 then
    raise exception 'Minimum holding period must be between 0 and 36,500 days.' using errcode = 'LL422';
  end if;
  if set_transfer_rules.first_refusal_days not between 0 and 36500 then
    raise exception 'Right of first refusal must be between 0 and 36,500 days.' using errcode = 'LL422';
  end if;
  insert into app_public.transfer_rules as r (security_id, lockup_ends_on, minimum_holding_days, first_refusal_days,
                                              transferee_qualification_required)
    values (set_transfer_rules.security_id, set_transfer_rules.lockup_ends_on, set_transfer_rules.minimum_holding_days,
            set_transfer_rules.first_refusal_days, coalesce(set_transfer_rules.transferee_qualification_required, false))
    on conflict on constraint transfer_rules_security_id_key do update
      set lockup_ends_on = excluded.lockup_ends_on, minimum_holding_days = excluded.minimum_holding_days,
          first_refusal_days = excluded.first_refusal_days,
          transferee_qualification_required = excluded.transferee_qualification_required
    returning r.* into result;
  -- the transferees of open requests onboard in the round (12_onboarding.sql); the requests say whether they wait
  perform app_private.open_transfer_onboarding(t.id) from app_public.transfers t
    where t.security_id = set_transfer_rules.security_id and t.status = 'open' and result.transferee_qualification_required
    order by t.requested_on, t.id;
  perform app_private.record_document_change('transfers', t.id) from app_public.transfers t
    where t.security_id = set_transfer_rules.security_id and t.status = 'open';
  return result;
end
$function$;

comment on function app_public.set_transfer_rules(uuid,date,integer,integer,boolean) is
  'Sets a security''s transfer rules (the issuer''s owners and admins): lock-up end, minimum holding period in days from the issue date, right of first refusal window in days, transferee qualification.';
grant execute on function app_public.set_transfer_rules(uuid,date,integer,integer,boolean) to app_user;

create or replace function app_public.request_transfer(holding_id uuid, units numeric, reason text, transferee_id uuid DEFAULT NULL::uuid, transferee_email text DEFAULT NULL::text, price_per_unit numeric DEFAULT NULL::numeric, document_keys uuid[] DEFAULT NULL::uuid[], id uuid DEFAULT NULL::uuid)
  returns app_public.transfers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  holding app_public.holdings;
  transferee uuid;
  available numeric;
  key uuid;
  security_name text;
  holder_name text;
  result app_public.transfers;
begin
  perform app_private.check_decimal(request_transfer.units, 'Units', 6, -1e15, 1e15)
    and app_private.check_decimal(request_transfer.price_per_unit, 'Price', 10, -1e15, 1e15);
  perform app_private.require_writer('{investor}');
  select h.* into holding from app_public.holdings h
    where h.id = request_transfer.holding_id and h.investor_id = app_private.current_account_id()
    for update;
  if holding.id is null then
    raise exception 'Holding not found' using errcode = 'LL404';
  end if;
  if request_transfer.units is null then
    raise exception 'Units are required.' using errcode = 'LL422';
  end if;
  if request_transfer.units <= 0 then
    raise exception 'Units to transfer must be greater than 0.' using errcode = 'LL422';
  end if;
  if request_transfer.reason is null or request_transfer.reason not in ('sale', 'gift', 'estate', 'other') then
    raise exception 'Choose a reason: sale, gift, estate or other.' using errcode = 'LL422';
  end if;
  if request_transfer.price_per_unit < 0 then
    raise exception 'Price must not be negative.' using errcode = 'LL422';
  end if;
  if request_transfer.reason = 'sale' and request_transfer.price_per_unit is null then
    raise exception 'A sale needs a price per unit.' using errcode = 'LL422';
  end if;

  if request_transfer.transferee_id is not null and nullif(trim(request_transfer.transferee_email), '') is not null then
    raise exception 'Choose an investor or enter an email address, not both.' using errcode = 'LL422';
  elsif request_transfer.transferee_id is not null then
    select a.id into transferee from app_public.accounts a
      where a.id = request_transfer.transferee_id and a.type = 'investor';
    if transferee is null then
      raise exception 'Transferee not found' using errcode = 'LL404';
    end if;
  else
    transferee := app_private.find_or_create_investor(
      app_private.normalized_email(request_transfer.transferee_email, 'Choose who receives the units.'), null);
  end if;
  if transferee = holding.investor_id then
    raise exception 'Units cannot be transferred to their own holder.' using errcode = 'LL422';
  end if;

  available := holding.amount - coalesce((select sum(t.units) from app_public.transfers t
                                          where t.holding_id = holding.id and t.status = 'open'), 0);
  if request_transfer.units > available then
    raise exception 'This holding has % units available to transfer.', app_private.transfer_units(available)
      using errcode = 'LL422';
  end if;
  perform app_private.check_transfer_rules(holding, transferee, false);

  -- The device's file keys (chosen offline, uploaded before or after this command) name the caller's slots: made
  -- here for a file that has not asked yet (its own name replaces this one when it does), else taken as they are
  -- (a refused file's slot stays failed, as for documents).
  foreach key in array coalesce(request_transfer.document_keys, '{}') loop
    if app_public.file_upload_status(key) is null then
      perform app_public.make_file_location('Transfer document.pdf', key);
    end if;
  end loop;

  insert into app_public.transfers (id, holding_id, security_id, round_id, issuer_id, requester_id, requested_by_id,
                                    transferee_id, units, reason, price_per_unit, document_keys)
    select coalesce(request_transfer.id, gen_random_uuid()), holding.id, holding.security_id, holding.round_id,
           s.issuer_id, holding.investor_id, app_private.current_user_id(), transferee, request_transfer.units,
           request_transfer.reason, request_transfer.price_per_unit,
           -- each key once, in the order the holder chose the files
           array(select u.k from unnest(coalesce(request_transfer.document_keys, '{}')) with ordinality u(k, n)
                  group by u.k order by min(u.n))
    from app_public.securities s where s.id = holding.security_id
    returning * into result;

  -- The transferee and the issuer hear of it; a new investor (no member yet) also gets the claim link that makes it theirs.
  select s.name into security_name from app_public.securities s where s.id = holding.security_id;
  select a.name into holder_name from app_public.accounts a where a.id = holding.investor_id;
  perform app_private.queue_transfer_mail(transferee, 'transfer_requested',
    'A transfer of ' || security_name || ' to you was requested',
    holder_name || ' asked to transfer ' || app_private.transfer_units(result.units) || ' units of ' || security_name
      || ' to you. The issuer reviews the request; you will get a confirmation once it is approved.');
  perform app_private.queue_transfer_mail(result.issuer_id, 'transfer_requested',
    'A transfer of ' || security_name || ' waits for your review',
    holder_name || ' asked to transfer ' || app_private.transfer_units(result.units) || ' units of ' || security_name
      || '. Approve or reject it on the security''s page in Ledgerline.');
  -- and the security's transfer agent, when the issuer named one (05_agent.sql)
  perform app_private.queue_transfer_mail(r.transfer_agent_id, 'transfer_requested',
    'A transfer of ' || security_name || ' waits for your review',
    holder_name || ' asked to transfer ' || app_private.transfer_units(result.units) || ' units of ' || security_name
      || '. Approve or reject it on the Transfer requests page in Ledgerline.')
    from app_public.transfer_rules r where r.security_id = holding.security_id and r.transfer_agent_id is not null;
  -- when the security asks for a qualified transferee: the round's onboarding, with its own mail and link
  perform app_private.open_transfer_onboarding(result.id);
  select t.* into result from app_public.transfers t where t.id = result.id;
  if not exists (select 1 from app_public.users_accounts ua where ua.account_id = transferee) then
    perform app_private.queue_claim_mail((select a.email from app_public.accounts a where a.id = transferee),
                                         app_private.current_user_id());
  end if;
  return result;
end
$function$;

comment on function app_public.request_transfer(uuid,numeric,text,uuid,text,numeric,uuid[],uuid) is
  'Asks the issuer to transfer some or all units of one of the investor''s holdings to another investor (an existing account, or a new one invited by email).';
grant execute on function app_public.request_transfer(uuid,numeric,text,uuid,text,numeric,uuid[],uuid) to app_user;

-- The open request the acting issuer (or broker on its round, or the security's transfer agent, 05_agent.sql)
-- decides, locked; LL404 for any other. The agent is read as it is now: a decision queued by a former agent is
-- refused with its own text.
create or replace function app_private.decided_transfer(transfer_id uuid)
  returns app_public.transfers
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.transfers;
begin
  perform app_private.require_writer('{issuer,broker,agent}');
  if app_private.current_account_type() = 'agent' then
    -- the security's rules row held against a naming of another agent (or none) under way: that naming commits
    -- first and the next statement reads it, or it waits for this decision
    perform 1 from app_public.transfer_rules r
      where r.security_id = (select t.security_id from app_public.transfers t where t.id = transfer_id) for share;
  end if;
  select t.* into result from app_public.transfers t
    where t.id = transfer_id
      and ((app_private.current_account_type() = 'issuer' and t.issuer_id = app_private.current_account_id())
           or t.round_id in (select app_private.broker_round_ids())
           or t.security_id in (select app_private.agent_security_ids()))
    for update;
  if result.id is null then
    if app_private.current_account_type() = 'agent' and exists (select 1 from app_public.transfers t where t.id = transfer_id) then
      raise exception 'Your account is not the transfer agent of this security (anymore): its issuer, or the agent it names, decides this request.'
        using errcode = 'LL403';
    end if;
    raise exception 'Transfer request not found' using errcode = 'LL404';
  end if;
  return result;
end
$function$;

-- A decision on a request: true when the request already has it (the same decision twice, from another device or
-- another admin, changes nothing), false while it is open, else refused (LL409) with the status it has.
create or replace function app_private.transfer_already(transfer app_public.transfers, decision text)
  returns boolean
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  if transfer.status = decision then
    return true;
  elsif transfer.status <> 'open' then
    raise exception 'This transfer request was % and cannot be %.', transfer.status, decision using errcode = 'LL409';
  end if;
  return false;
end
$function$;

create or replace function app_public.approve_transfer(transfer_id uuid)
  returns app_public.transfers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  transfer app_public.transfers := app_private.decided_transfer(approve_transfer.transfer_id);
  holding app_public.holdings;
  new_holding uuid := gen_random_uuid();
  tx_id uuid;
  security_name text;
  body text;
  chain_plan jsonb;
begin
  if app_private.transfer_already(transfer, 'approved') then
    -- a second approval (another device, another admin) applies nothing
    return transfer;
  end if;
  select h.* into holding from app_public.holdings h where h.id = transfer.holding_id for update;
  perform app_private.check_transfer_rules(holding, transfer.transferee_id, true);
  if holding.amount < transfer.units then
    raise exception 'This holding has only % units left: the transfer needs %.',
      app_private.transfer_units(holding.amount), app_private.transfer_units(transfer.units) using errcode = 'LL422';
  end if;
  chain_plan := app_private.transfer_chain_plan(holding, transfer.transferee_id, transfer.units, true);

  insert into app_public.transactions (issuer_id, round_id, broker_id, chain_data)
    values (transfer.issuer_id, transfer.round_id,
            case when app_private.current_account_type() = 'broker' then app_private.current_account_id() end,
            jsonb_build_object('kind', 'transfer', 'transfer_id', transfer.id, 'reason', transfer.reason,
                               'price_per_unit', transfer.price_per_unit::text,
                               'from_holding_id', holding.id, 'to_holding_id', new_holding,
                               'from_investor_id', transfer.requester_id, 'to_investor_id', transfer.transferee_id))
    returning id into tx_id;
  update app_public.holdings h set amount = h.amount - transfer.units where h.id = holding.id;
  -- the transferee's onboarding distribution, when the request made one, is the new holding's (12_onboarding.sql)
  insert into app_public.holdings (id, security_id, round_id, investor_id, distribution_id, amount, purchase_price,
                                   issued_on)
    values (new_holding, holding.security_id, holding.round_id, transfer.transferee_id,
            transfer.onboarding_distribution_id, transfer.units,
            coalesce(transfer.price_per_unit, holding.purchase_price), now());
  insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
    values (tx_id, holding.id, transfer.requester_id, -transfer.units),
           (tx_id, new_holding, transfer.transferee_id, transfer.units);
  update app_public.transfers t
    set status = 'approved', decided_on = now(), decided_by_id = app_private.current_user_id(),
        decided_by_account_id = app_private.current_account_id(), transaction_id = tx_id, new_holding_id = new_holding
    where t.id = transfer.id
    returning * into transfer;
  perform app_private.settle_transfer_onboarding(transfer);
  if chain_plan is not null then
    -- the tokens follow through the token's controller (sync/chain/transfer-jobs.ts), once
    perform app_private.queue_transfer_on_chain(transfer, chain_plan);
    select t.* into transfer from app_public.transfers t where t.id = transfer.id;
  end if;

  select s.name into security_name from app_public.securities s where s.id = holding.security_id;
  body := 'The transfer of ' || app_private.transfer_units(transfer.units) || ' units of ' || security_name || ' from '
    || (select a.name from app_public.accounts a where a.id = transfer.requester_id) || ' to '
    || (select a.name from app_public.accounts a where a.id = transfer.transferee_id) || ' was approved on '
    || app_private.transfer_day(current_date) || ' and is recorded in the register.' || chr(10) || chr(10)
    || 'The confirmation statement: {{origin}}/api/v2/transfers/' || transfer.id::text || '/confirmation.pdf';
  perform app_private.queue_transfer_mail(transfer.requester_id, 'transfer_approved',
                                          'Transfer approved: ' || security_name, body);
  perform app_private.queue_transfer_mail(transfer.transferee_id, 'transfer_approved',
                                          'Transfer approved: ' || security_name, body);
  return transfer;
end
$function$;

comment on function app_public.approve_transfer(uuid) is
  'Approves an open transfer request after checking every rule again: the units move, the ledger records both sides, both parties are told; a tokenized holding''s tokens follow on its chain (a forced transfer, queued once). A second approval changes nothing.';
grant execute on function app_public.approve_transfer(uuid) to app_user;

create or replace function app_public.reject_transfer(transfer_id uuid, reason text)
  returns app_public.transfers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  transfer app_public.transfers := app_private.decided_transfer(reject_transfer.transfer_id);
  holding app_public.holdings;
  window_days integer;
  refused_by_rule boolean := false;
  security_name text;
begin
  if app_private.transfer_already(transfer, 'rejected') then
    return transfer;
  end if;
  if trim(coalesce(reject_transfer.reason, '')) = '' then
    raise exception 'A reason is required to reject a transfer.' using errcode = 'LL422';
  end if;
  select s.name into security_name from app_public.securities s where s.id = transfer.security_id;
  select r.first_refusal_days into window_days from app_public.transfer_rules r
    where r.security_id = transfer.security_id;
  if window_days is not null and (transfer.requested_on)::date + window_days < current_date then
    -- after the window the issuer may still refuse what a rule refuses, nothing else
    select h.* into holding from app_public.holdings h where h.id = transfer.holding_id;
    begin
      perform app_private.check_transfer_rules(holding, transfer.transferee_id, true);
    exception when sqlstate 'LL422' then
      refused_by_rule := true;
    end;
    if not refused_by_rule then
      raise exception 'The right of first refusal on % ended on %: this request can no longer be declined.',
        security_name, app_private.transfer_day((transfer.requested_on)::date + window_days) using errcode = 'LL422';
    end if;
  end if;
  update app_public.transfers t
    set status = 'rejected', decided_on = now(), decided_by_id = app_private.current_user_id(),
        decided_by_account_id = app_private.current_account_id(), rejection_reason = trim(reject_transfer.reason)
    where t.id = transfer.id
    returning * into transfer;
  perform app_private.settle_transfer_onboarding(transfer);
  select t.* into transfer from app_public.transfers t where t.id = transfer.id;
  perform app_private.queue_transfer_mail(transfer.requester_id, 'transfer_rejected',
    'Transfer rejected: ' || security_name,
    'Your request to transfer ' || app_private.transfer_units(transfer.units) || ' units of ' || security_name
      || ' was rejected: ' || transfer.rejection_reason);
  return transfer;
end
$function$;

comment on function app_public.reject_transfer(uuid,text) is
  'Rejects an open transfer request with a reason (within the right of first refusal window, or when a rule refuses it).';
grant execute on function app_public.reject_transfer(uuid,text) to app_user;

create or replace function app_public.cancel_transfer(transfer_id uuid)
  returns app_public.transfers
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  transfer app_public.transfers;
begin
  perform app_private.require_writer('{investor}');
  select t.* into transfer from app_public.transfers t
    where t.id = cancel_transfer.transfer_id and t.requester_id = app_private.current_account_id()
    for update;
  if transfer.id is null then
    raise exception 'Transfer request not found' using errcode = 'LL404';
  end if;
  if app_private.transfer_already(transfer, 'cancelled') then
    return transfer;
  end if;
  update app_public.transfers t set status = 'cancelled', decided_on = now(),
                                    decided_by_id = app_private.current_user_id(),
                                    decided_by_account_id = app_private.current_account_id()
    where t.id = transfer.id
    returning * into transfer;
  perform app_private.settle_transfer_onboarding(transfer);
  select t.* into transfer from app_public.transfers t where t.id = transfer.id;
  return transfer;
end
$function$;

comment on function app_public.cancel_transfer(uuid) is
  'Withdraws the investor''s own open transfer request.';
grant execute on function app_public.cancel_transfer(uuid) to app_user;
