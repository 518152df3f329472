-- Corporate actions on a security (issue 32 item 2, docs/CORPORATE-ACTIONS.md): a split or reverse split by a ratio
-- (splitPreview, splitSecurity) and a redemption of units from chosen holders at a price (redeemUnits). Each command
-- is SECURITY DEFINER: it checks who acts first, then every input, and writes nothing when one refuses; in its one
-- transaction it changes every holding, writes one transaction row (chain_data.kind 'split' or 'redemption', which the
-- register dates by its day) and a ledger entry per changed holding, and records the action and its lines. The same
-- id applied twice (the same command from two devices) applies once.

-- The split's rule for one holding, exact: units after = amount x new / old rounded down to whole units; the fraction
-- left over is kept to the units' 6 decimals (rounded down) and paid as cash in lieu at the price, to the cent (half
-- up). Pure, so the preview, the command and the property test read the same arithmetic.
create or replace function app_private.split_line(amount numeric, ratio_new integer, ratio_old integer, price numeric,
                                                  out units_after numeric, out fraction_units numeric, out cash numeric)
  language sql
  immutable
  strict
  set search_path to 'pg_catalog'
as $function$
  -- div() is numeric's exact integer quotient (a plain division rounds to its display scale first)
  select div(amount * ratio_new, ratio_old),
         trim_scale(div((amount * ratio_new - div(amount * ratio_new, ratio_old) * ratio_old) * 1000000, ratio_old)
                    / 1000000),
         round(div((amount * ratio_new - div(amount * ratio_new, ratio_old) * ratio_old) * 1000000, ratio_old)
               / 1000000 * price, 2)
$function$;

-- What refuses any corporate action on a security: what its tokens' chain cannot follow (40_chain.sql: tokens still
-- on their way, an earlier change the chain refused, a chain not connected, Tezos, a swapped contract) and open
-- transfer requests (their units would no longer match). LL422 with the reason; the preview shows it before the issuer
-- confirms.
create or replace function app_private.check_corporate_action(security app_public.securities, action text)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  perform app_private.check_corporate_action_chain(security, action);
  if exists (select 1 from app_public.transfers t where t.security_id = security.id and t.status = 'open') then
    raise exception 'Decide the open transfer requests of % first: their units would no longer match.', security.name
      using errcode = 'LL422';
  end if;
end
$function$;

-- The acting issuer's security, locked for the action (LL404 for another's), checked as above.
create or replace function app_private.corporate_action_security(security_id uuid, action text)
  returns app_public.securities
  language plpgsql
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.securities;
begin
  select s.* into result from app_public.securities s
    where s.id = corporate_action_security.security_id and s.issuer_id = app_private.current_account_id()
    for update;
  if result.id is null then
    raise exception 'Security not found' using errcode = 'LL404';
  end if;
  perform app_private.check_corporate_action(result, action);
  return result;
end
$function$;

-- The split's inputs, with the texts the screen shows.
create or replace function app_private.check_split(ratio_new integer, ratio_old integer, price numeric)
  returns void
  language plpgsql
  immutable
  set search_path to 'pg_catalog', 'app_private'
as $function$
begin
  if ratio_new is null or ratio_old is null or ratio_new not between 1 and 1000000
     or ratio_old not between 1 and 1000000 then
    raise exception 'A ratio is two whole numbers from 1 to 1,000,000, such as 2 for 1.' using errcode = 'LL422';
  end if;
  if ratio_new = ratio_old then
    raise exception 'A ratio of % for % changes nothing: choose two different numbers.', ratio_new, ratio_old
      using errcode = 'LL422';
  end if;
  if price is null then
    raise exception 'Price per unit is required.' using errcode = 'LL422';
  end if;
  perform app_private.check_decimal(price, 'Price', 10, 0, 1e15);
end
$function$;

-- Every holding of a security above 0 with what the split does to it (the preview's and the command's one reading).
create or replace function app_private.split_lines(security_id uuid, ratio_new integer, ratio_old integer, price numeric)
  returns table (holding_id uuid, investor_id uuid, round_id uuid, units_before numeric, units_after numeric,
                 fraction_units numeric, cash numeric)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select h.id, h.investor_id, h.round_id, h.amount, l.units_after, l.fraction_units, l.cash
    from app_public.holdings h
    cross join lateral app_private.split_line(h.amount, split_lines.ratio_new, split_lines.ratio_old,
                                              split_lines.price) l
   where h.security_id = split_lines.security_id and h.amount > 0
$function$;

create or replace function app_public.split_preview(security_id uuid, ratio_new integer, ratio_old integer, price_per_unit numeric)
  returns setof app_public.corporate_action_preview_line
  language plpgsql
  stable
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  security app_public.securities;
begin
  perform app_private.check_decimal(split_preview.price_per_unit, 'Price', 10, 0, 1e15);
  perform app_private.require_account_type('issuer');
  select s.* into security from app_public.securities s
    where s.id = split_preview.security_id and s.issuer_id = app_private.current_account_id();
  if security.id is null then
    raise exception 'Security not found' using errcode = 'LL404';
  end if;
  perform app_private.check_split(split_preview.ratio_new, split_preview.ratio_old, split_preview.price_per_unit);
  perform app_private.check_corporate_action(security, 'A split');
  return query
    select l.holding_id, l.investor_id, a.name, r.name, l.units_before, l.units_after, l.fraction_units, l.cash
      from app_private.split_lines(split_preview.security_id, split_preview.ratio_new, split_preview.ratio_old,
                                   split_preview.price_per_unit) l
      join app_public.holdings h on h.id = l.holding_id
      join app_public.accounts a on a.id = l.investor_id
      join app_public.rounds r on r.id = l.round_id
     order by a.name, h.issued_on, h.id;
end
$function$;

comment on function app_public.split_preview(uuid,integer,integer,numeric) is
  'What a split of the issuer''s security by ratio_new for ratio_old would do to every holding: units before and after, the fraction paid as cash in lieu at the price, the cash.';
grant execute on function app_public.split_preview(uuid,integer,integer,numeric) to app_user;

-- An action already recorded under this id: returned when it is the same action (applied once), else LL409.
create or replace function app_private.applied_corporate_action(id uuid, security_id uuid, kind text)
  returns app_public.corporate_actions
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  result app_public.corporate_actions;
begin
  select c.* into result from app_public.corporate_actions c where c.id = applied_corporate_action.id;
  if result.id is not null and (result.security_id <> applied_corporate_action.security_id
                                or result.kind <> applied_corporate_action.kind
                                or result.issuer_id <> app_private.current_account_id()) then
    raise exception 'This corporate action was already recorded differently.' using errcode = 'LL409';
  end if;
  return result;
end
$function$;

create or replace function app_public.split_security(security_id uuid, ratio_new integer, ratio_old integer, price_per_unit numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.corporate_actions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  security app_public.securities;
  action_id uuid := coalesce(split_security.id, gen_random_uuid());
  result app_public.corporate_actions;
  tx_id uuid;
begin
  perform app_private.check_decimal(split_security.price_per_unit, 'Price', 10, 0, 1e15);
  perform app_private.require_writer('{issuer}');
  result := app_private.applied_corporate_action(action_id, split_security.security_id, 'split');
  if result.id is not null then
    if (result.ratio_new, result.ratio_old, result.price_per_unit)
       is distinct from (split_security.ratio_new, split_security.ratio_old, split_security.price_per_unit) then
      raise exception 'This corporate action was already recorded differently.' using errcode = 'LL409';
    end if;
    return result;
  end if;
  perform app_private.check_split(split_security.ratio_new, split_security.ratio_old, split_security.price_per_unit);
  security := app_private.corporate_action_security(split_security.security_id, 'A split');

  -- Every statement reads the same lines (split_lines) from the locked holdings; the holdings change last.
  perform 1 from app_public.holdings h where h.security_id = security.id and h.amount > 0 for update;
  insert into app_public.transactions (issuer_id, chain_data)
    values (security.issuer_id,
            jsonb_build_object('kind', 'split', 'corporate_action_id', action_id, 'security_id', security.id,
                               'ratio_new', split_security.ratio_new, 'ratio_old', split_security.ratio_old,
                               'cash_in_lieu_price', trim_scale(split_security.price_per_unit)::text))
    returning transactions.id into tx_id;
  insert into app_public.corporate_actions (id, security_id, issuer_id, kind, ratio_new, ratio_old, price_per_unit,
                                            units_before, units_after, cash_total, authorized_before,
                                            authorized_after, transaction_id, created_by_id)
    select action_id, security.id, security.issuer_id, 'split', split_security.ratio_new, split_security.ratio_old,
           split_security.price_per_unit, coalesce(sum(s.units_before), 0), coalesce(sum(s.units_after), 0),
           coalesce(sum(s.cash), 0), security.total,
           div(security.total * split_security.ratio_new, split_security.ratio_old), tx_id,
           app_private.current_user_id()
      from app_private.split_lines(security.id, split_security.ratio_new, split_security.ratio_old,
                                   split_security.price_per_unit) s
    returning * into result;
  insert into app_public.corporate_action_lines (action_id, holding_id, investor_id, units_before, units_after,
                                                 fraction_units, cash)
    select action_id, s.holding_id, s.investor_id, s.units_before, s.units_after, s.fraction_units, s.cash
      from app_private.split_lines(security.id, split_security.ratio_new, split_security.ratio_old,
                                   split_security.price_per_unit) s;
  insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
    select tx_id, s.holding_id, s.investor_id, s.units_after - s.units_before
      from app_private.split_lines(security.id, split_security.ratio_new, split_security.ratio_old,
                                   split_security.price_per_unit) s
     where s.units_after <> s.units_before;
  update app_public.holdings h set amount = l.units_after
    from app_public.corporate_action_lines l
   where l.action_id = result.id and h.id = l.holding_id and l.units_after <> l.units_before;
  -- The authorized units follow the ratio (rounded down to whole units, as every holding is).
  update app_public.securities s set total = result.authorized_after where s.id = security.id;
  -- a tokenized holding's change on the chain, queued in this transaction (40_chain.sql)
  return app_private.queue_corporate_action_on_chain(result.id);
end
$function$;

comment on function app_public.split_security(uuid,integer,integer,numeric,uuid) is
  'Splits (or reverse splits) the issuer''s security: every holding becomes ratio_new units for every ratio_old, rounded down to whole units, the fraction paid as cash in lieu at the price; the authorized units follow the ratio. The same id twice applies once.';
grant execute on function app_public.split_security(uuid,integer,integer,numeric,uuid) to app_user;
