-- A conversion of a debt round's holdings (a round with bond data: a note or bond) into units of an equity round of
-- the same issuer (issue 32 item 2, docs/CORPORATE-ACTIONS.md): convertRound, by the issuer's owners and admins. Each
-- debt holding converts at a ratio (equity units per debt unit) or a conversion price (the holding's principal per
-- unit, its purchase price else the round's price, divided by the price); whole units, rounded down, go to a new
-- holding of the equity round, the fraction is paid as cash in lieu at the conversion price (else the equity round's
-- price), and the debt holding goes to 0. One transaction of kind 'conversion', two ledger entries per holding.
create or replace function app_public.convert_round(round_id uuid, to_round_id uuid, conversion_price numeric DEFAULT NULL::numeric, conversion_ratio numeric DEFAULT NULL::numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.corporate_actions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  debt app_public.rounds;
  equity app_public.rounds;
  debt_security app_public.securities;
  equity_security app_public.securities;
  action_id uuid := coalesce(convert_round.id, gen_random_uuid());
  result app_public.corporate_actions;
  holding app_public.holdings;
  exact numeric;
  whole_units numeric;
  fraction numeric;
  cash_price numeric;
  new_holding uuid;
  tx_id uuid;
  total_before numeric := 0;
  total_after numeric := 0;
  total_cash numeric := 0;
begin
  perform app_private.check_decimal(convert_round.conversion_price, 'Price', 10, 0, 1e15)
    and app_private.check_decimal(convert_round.conversion_ratio, 'Ratio', 10, 0, 1e15);
  perform app_private.require_writer('{issuer}');
  select r.* into debt from app_public.rounds r join app_public.securities s on s.id = r.security_id
    where r.id = convert_round.round_id and s.issuer_id = app_private.current_account_id();
  select r.* into equity from app_public.rounds r join app_public.securities s on s.id = r.security_id
    where r.id = convert_round.to_round_id and s.issuer_id = app_private.current_account_id();
  if debt.id is null or equity.id is null then
    raise exception 'Round not found' using errcode = 'LL404';
  end if;
  select c.* into result from app_public.corporate_actions c where c.id = action_id;
  if result.id is not null then
    if result.kind <> 'conversion' or result.from_round_id <> debt.id or result.to_round_id <> equity.id then
      raise exception 'This corporate action was already recorded differently.' using errcode = 'LL409';
    end if;
    return result;
  end if;
  if not exists (select 1 from app_public.tranche_bond_data b where b.round_id = debt.id) then
    raise exception 'Only a debt round (a note or bond) can be converted.' using errcode = 'LL422';
  end if;
  if exists (select 1 from app_public.tranche_bond_data b where b.round_id = equity.id)
     or equity.security_id = debt.security_id then
    raise exception 'Convert into a round of an equity security, not into debt.' using errcode = 'LL422';
  end if;
  if (convert_round.conversion_price is null) = (convert_round.conversion_ratio is null) then
    raise exception 'Give a conversion price or a ratio (one of them).' using errcode = 'LL422';
  end if;
  if convert_round.conversion_price <= 0 or convert_round.conversion_ratio <= 0 then
    raise exception 'A conversion price or ratio must be greater than 0.' using errcode = 'LL422';
  end if;
  debt_security := app_private.corporate_action_security(debt.security_id, 'A conversion');
  equity_security := app_private.corporate_action_security(equity.security_id, 'A conversion');
  cash_price := coalesce(convert_round.conversion_price, equity.price);

  insert into app_public.transactions (issuer_id, round_id, chain_data)
    values (debt_security.issuer_id, debt.id,
            jsonb_build_object('kind', 'conversion', 'corporate_action_id', action_id, 'from_round_id', debt.id,
                               'to_round_id', equity.id,
                               'conversion_price', trim_scale(convert_round.conversion_price)::text,
                               'conversion_ratio', trim_scale(convert_round.conversion_ratio)::text))
    returning transactions.id into tx_id;
  insert into app_public.corporate_actions (id, security_id, issuer_id, kind, price_per_unit, units_before, units_after,
                                            cash_total, authorized_before, authorized_after, transaction_id,
                                            created_by_id, from_round_id, to_round_id, conversion_ratio)
    values (action_id, debt_security.id, debt_security.issuer_id, 'conversion', cash_price, 0, 0, 0,
            equity_security.total, equity_security.total, tx_id, app_private.current_user_id(), debt.id, equity.id,
            convert_round.conversion_ratio);
  for holding in select h.* from app_public.holdings h where h.round_id = debt.id and h.amount > 0
                   order by h.issued_on, h.id for update loop
    -- exact to 12 decimals, rounded down (the principal multiplied before the one division, so 3 units of 1 at a
    -- price of 3 are exactly 1 unit, as convertHolding on the device computes); the fraction to 6 decimals, down
    exact := trunc(case when convert_round.conversion_ratio is not null
                        then holding.amount * convert_round.conversion_ratio
                        else holding.amount * coalesce(holding.purchase_price, debt.price)
                             / convert_round.conversion_price end, 12);
    whole_units := trunc(exact);
    fraction := trim_scale(trunc(exact - whole_units, 6));
    new_holding := null;
    if whole_units > 0 then
      new_holding := gen_random_uuid();
      insert into app_public.holdings (id, security_id, round_id, investor_id, amount, purchase_price, issued_on)
        values (new_holding, equity.security_id, equity.id, holding.investor_id, whole_units,
                coalesce(convert_round.conversion_price, equity.price), now());
      insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
        values (tx_id, new_holding, holding.investor_id, whole_units);
    end if;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
      values (tx_id, holding.id, holding.investor_id, -holding.amount);
    update app_public.holdings h set amount = 0 where h.id = holding.id;
    insert into app_public.corporate_action_lines (action_id, holding_id, investor_id, units_before, units_after,
                                                   fraction_units, cash, to_holding_id)
      values (action_id, holding.id, holding.investor_id, holding.amount, whole_units, fraction,
              round(fraction * cash_price, 2), new_holding);
    total_before := total_before + holding.amount;
    total_after := total_after + whole_units;
    total_cash := total_cash + round(fraction * cash_price, 2);
  end loop;
  update app_public.corporate_actions c
     set units_before = total_before, units_after = total_after, cash_total = total_cash
   where c.id = action_id
  returning * into result;
  -- the note's tokens burned and the new equity units minted where tokenized, queued in this transaction (40_chain.sql)
  return app_private.queue_corporate_action_on_chain(result.id);
end
$function$;

comment on function app_public.convert_round(uuid,uuid,numeric,numeric,uuid) is
  'Converts every holding of the issuer''s debt round into whole units of an equity round at a conversion price or ratio, the fraction paid as cash in lieu; the debt holdings go to 0. The same id twice applies once.';
grant execute on function app_public.convert_round(uuid,uuid,numeric,numeric,uuid) to app_user;
