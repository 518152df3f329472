-- Holdings: dividends (makeDividendPayment, its checks first, the body in app_private; the holding's paid-out total
-- kept by tg_dividend_payments__total), token positions (a holding's change when its tokens change), and the
-- computed columns percentOfSecurityTotal and a ledger entry's token.

create or replace function app_private.make_dividend_payment(holding_id uuid, amount numeric, paid_on date DEFAULT NULL::date, id uuid DEFAULT NULL::uuid)
  returns app_public.dividend_payments
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  payment app_public.dividend_payments;
begin
  perform app_private.require_writer('{issuer}');
  if make_dividend_payment.holding_id is null or make_dividend_payment.holding_id not in (
      select app_private.editable_issuer_holding_ids()) then
    raise exception 'Holding not found' using errcode = 'LL404';
  end if;
  if make_dividend_payment.amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if make_dividend_payment.amount <= 0 then
    raise exception 'Dividend amount must be greater than 0.' using errcode = 'LL422';
  end if;
  if make_dividend_payment.paid_on > current_date then
    raise exception 'Paid on must not be in the future.' using errcode = 'LL422';
  end if;
  insert into app_public.dividend_payments (id, holding_id, amount, paid_on)
    values (coalesce(make_dividend_payment.id, gen_random_uuid()), make_dividend_payment.holding_id,
            make_dividend_payment.amount, coalesce(make_dividend_payment.paid_on, current_date))
    returning * into payment;
  return payment;
end;
$function$;

comment on function app_private.make_dividend_payment(uuid,numeric,date,uuid) is
  'Records a dividend paid out on a holding of one of the issuer''s rounds.';
grant execute on function app_private.make_dividend_payment(uuid,numeric,date,uuid) to app_user;

create or replace function app_private.tg_dividend_payments__total()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  update app_public.holdings h
    set paid_out_dividends = coalesce((select sum(p.amount) from app_public.dividend_payments p
                                       where p.holding_id = h.id), 0)
    where h.id in (select case when tg_op <> 'DELETE' then new.holding_id end
                   union select case when tg_op <> 'INSERT' then old.holding_id end);
  return null;
end;
$function$;

create or replace function app_public.holdings_percent_of_security_total(h app_public.holdings)
  returns numeric
  language sql
  stable
as $function$
    select case when s.total > 0 then h.amount / s.total * 100 end
    from app_public.securities s where s.id = h.security_id
  $function$;
grant execute on function app_public.holdings_percent_of_security_total(app_public.holdings) to app_user;

create or replace function app_public.ledger_entries_token(e app_public.ledger_entries)
  returns app_public.tokens
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select t from app_public.tokens t where t.id = e.token_id
$function$;
grant execute on function app_public.ledger_entries_token(app_public.ledger_entries) to app_user;

create or replace function app_public.make_dividend_payment(holding_id uuid, amount numeric, paid_on date DEFAULT NULL::date, id uuid DEFAULT NULL::uuid)
  returns app_public.dividend_payments
  language plpgsql
as $function$ declare result app_public.dividend_payments; begin perform app_private.check_decimal(amount, 'Amount', 6, -1e15, 1e15) and app_private.check_date(paid_on); select * into result from app_private.make_dividend_payment(holding_id, amount, paid_on, id); return result; end $function$;

comment on function app_public.make_dividend_payment(uuid,numeric,date,uuid) is
  'Records a dividend paid out on a holding of one of the issuer''s rounds.';
grant execute on function app_public.make_dividend_payment(uuid,numeric,date,uuid) to app_user;

-- Where these functions fire.
create or replace trigger _100_holding_total AFTER INSERT OR DELETE OR UPDATE ON app_public.dividend_payments FOR EACH ROW
  execute function app_private.tg_dividend_payments__total();

-- The holdings documents of a token's holders change with its token, contract, cap-table and address rows.
create or replace trigger _900_changes_holdings after insert or update or delete on app_public.tokens
  for each row execute function app_private.record_related_changes('holdings', 'round_id',
    $$select h.id from app_public.holdings h where h.round_id = any ($1)$$);
create or replace trigger _900_changes_holdings after insert or update or delete on app_public.contracts
  for each row execute function app_private.record_related_changes('holdings', 'token_id',
    $$select distinct h.id from app_public.tokens t join app_public.holdings h on h.round_id = t.round_id
      where t.id = any ($1)$$);
create or replace trigger _900_changes_holdings after insert or update or delete on app_public.cap_table_entries
  for each row execute function app_private.record_related_changes('holdings', 'token_id',
    $$select distinct h.id from unnest($1, $2) k(token_id, investor_id)
        join app_public.tokens t on t.id = k.token_id
        join app_public.holdings h on h.round_id = t.round_id and h.investor_id = k.investor_id$$, 'investor_id');
create or replace trigger _900_changes_holdings after insert or update or delete on app_public.holding_blockchain_addresses
  for each row execute function app_private.record_change('holdings', 'holding_id');
create or replace trigger _900_changes_holdings after insert or update or delete on app_public.blockchain_addresses
  for each row execute function app_private.record_related_changes('holdings', 'id',
    $$select distinct x.holding_id from app_public.holding_blockchain_addresses x
      where x.blockchain_address_id = any ($1)$$);
