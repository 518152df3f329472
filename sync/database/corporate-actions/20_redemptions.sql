-- A redemption (buyback) of units from chosen holders at a price (issue 32 item 2, docs/CORPORATE-ACTIONS.md):
-- redeemUnits, by the issuer's owners and admins. In one transaction: each chosen holding less its units, one
-- transaction row of kind 'redemption' and a ledger entry per holding (-units), the action and its lines (units before
-- and after, the cash paid: units x price to the cent). The same id twice applies once; nothing is written when any
-- line is refused.
create or replace function app_public.redeem_units(security_id uuid, lines app_public.redemption_line[], price_per_unit numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.corporate_actions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  security app_public.securities;
  action_id uuid := coalesce(redeem_units.id, gen_random_uuid());
  result app_public.corporate_actions;
  line app_public.redemption_line;
  holding app_public.holdings;
  tx_id uuid;
begin
  perform app_private.check_decimal(redeem_units.price_per_unit, 'Price', 10, 0, 1e15);
  perform app_private.require_writer('{issuer}');
  result := app_private.applied_corporate_action(action_id, redeem_units.security_id, 'redemption');
  if result.id is not null then
    if result.price_per_unit is distinct from redeem_units.price_per_unit then
      raise exception 'This corporate action was already recorded differently.' using errcode = 'LL409';
    end if;
    return result;
  end if;
  if redeem_units.price_per_unit is null then
    raise exception 'Price per unit is required.' using errcode = 'LL422';
  end if;
  if coalesce(cardinality(redeem_units.lines), 0) = 0 then
    raise exception 'Choose at least one holding to redeem.' using errcode = 'LL422';
  end if;
  if (select count(distinct l.holding_id) from unnest(redeem_units.lines) l) <> cardinality(redeem_units.lines) then
    raise exception 'Each holding can be redeemed once in one action.' using errcode = 'LL422';
  end if;
  security := app_private.corporate_action_security(redeem_units.security_id, 'A redemption');
  foreach line in array redeem_units.lines loop
    perform app_private.check_decimal(line.units, 'Units', 6, 0, 1e15);
    select h.* into holding from app_public.holdings h
      where h.id = line.holding_id and h.security_id = security.id for update;
    if holding.id is null then
      raise exception 'Holding not found' using errcode = 'LL404';
    end if;
    if line.units is null or line.units <= 0 then
      raise exception 'Units to redeem must be greater than 0.' using errcode = 'LL422';
    end if;
    if line.units > holding.amount then
      raise exception 'This holding of % has only % units: the redemption needs %.',
        (select a.name from app_public.accounts a where a.id = holding.investor_id),
        trim_scale(holding.amount)::text, trim_scale(line.units)::text using errcode = 'LL422';
    end if;
  end loop;

  insert into app_public.transactions (issuer_id, chain_data)
    values (security.issuer_id,
            jsonb_build_object('kind', 'redemption', 'corporate_action_id', action_id, 'security_id', security.id,
                               'price_per_unit', trim_scale(redeem_units.price_per_unit)::text))
    returning transactions.id into tx_id;
  insert into app_public.corporate_actions (id, security_id, issuer_id, kind, price_per_unit, units_before, units_after,
                                            cash_total, authorized_before, authorized_after, transaction_id,
                                            created_by_id)
    select action_id, security.id, security.issuer_id, 'redemption', redeem_units.price_per_unit, sum(h.amount),
           sum(h.amount - l.units), sum(round(l.units * redeem_units.price_per_unit, 2)), security.total,
           security.total, tx_id, app_private.current_user_id()
      from unnest(redeem_units.lines) l join app_public.holdings h on h.id = l.holding_id
    returning * into result;
  insert into app_public.corporate_action_lines (action_id, holding_id, investor_id, units_before, units_after, cash)
    select action_id, h.id, h.investor_id, h.amount, h.amount - l.units, round(l.units * redeem_units.price_per_unit, 2)
      from unnest(redeem_units.lines) l join app_public.holdings h on h.id = l.holding_id;
  insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
    select tx_id, h.id, h.investor_id, -l.units
      from unnest(redeem_units.lines) l join app_public.holdings h on h.id = l.holding_id;
  update app_public.holdings h set amount = h.amount - l.units
    from unnest(redeem_units.lines) l where h.id = l.holding_id;
  -- the units bought back burned on the chain where they are tokenized, queued in this transaction (40_chain.sql)
  return app_private.queue_corporate_action_on_chain(result.id);
end
$function$;

comment on function app_public.redeem_units(uuid,app_public.redemption_line[],numeric,uuid) is
  'Buys back units of the issuer''s security from chosen holdings at a price per unit: each holding less its units, the ledger records each, the cash paid is recorded per holder. The same id twice applies once.';
grant execute on function app_public.redeem_units(uuid,app_public.redemption_line[],numeric,uuid) to app_user;
