-- Dividends paid out on holdings (spec part 2, portfolio column paidOutDividends): one row per payment to the
-- holder of a holding, recorded by the issuer of the holding's round through makeDividendPayment.
--
-- Who sees (docs/DATABASE.md matrix): exactly who sees the holding (its investor, the round's issuer, a broker on an
-- accepted round; agents and ats accounts see no holdings, so no dividends). Writes only through the function:
-- issuer owners and admins, on holdings of their own rounds; viewers are refused.
--
-- Read model: each holding document carries `dividendPayments: [{id, amount, paidOn}]` (the portfolio sums them with
-- exact decimals); a payment's change records a change of its holding's document.

create table app_public.dividend_payments (
  id uuid primary key default gen_random_uuid(),
  holding_id uuid not null references app_public.holdings (id) on delete cascade,
  amount numeric not null check (amount > 0),
  paid_on date not null default current_date,
  created_on timestamptz not null default now(),
  updated_on timestamptz not null default now()
);
create index dividend_payments_holding_id_idx on app_public.dividend_payments (holding_id, paid_on);
select app_private.add_timestamps('app_public.dividend_payments');
comment on table app_public.dividend_payments is
  E'@omit create,update,delete\nA dividend paid out to the holder of a holding; recorded by makeDividendPayment.';

alter table app_public.dividend_payments enable row level security;
-- Readable with its holding (the holdings policies decide).
create policy select_visible on app_public.dividend_payments for select
  using (holding_id in (select h.id from app_public.holdings h));
create policy insert_own on app_public.dividend_payments for insert
  with check (holding_id in (select app_private.editable_issuer_holding_ids()));
grant select on app_public.dividend_payments to app_user;
grant insert (id, holding_id, amount, paid_on) on app_public.dividend_payments to app_user;
select app_private.add_write_guard('app_public.dividend_payments', '{issuer}');

-- makeDividendPayment(input: {holdingId, amount, paidOn, id}): the issuer of the holding's round records a dividend
-- paid to its holder. Security invoker: the table's policy checks again what the function checked.
create function app_public.make_dividend_payment(holding_id uuid, amount numeric, paid_on date default null,
  id uuid default null) returns app_public.dividend_payments
  language plpgsql volatile
  set search_path = pg_catalog, public, app_public, app_private
as $$
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
$$;
comment on function app_public.make_dividend_payment(uuid, numeric, date, uuid) is
  'Records a dividend paid out on a holding of one of the issuer''s rounds.';
grant execute on function app_public.make_dividend_payment(uuid, numeric, date, uuid) to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- The holding read model: what it carried before, plus dividendPayments (security invoker: the reader's row-level
-- security decides). Wrapped, not rewritten, so fields others add to the inner function stay.

alter function app_private.docs_holdings(uuid[]) rename to docs_holdings_before_dividends;

create function app_private.docs_holdings(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, b.doc || jsonb_build_object('dividendPayments', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'amount', p.amount::text, 'paidOn', p.paid_on::text)
                       order by p.paid_on, p.created_on, p.id)
      from app_public.dividend_payments p where p.holding_id = b.id), '[]'::jsonb))
  from app_private.docs_holdings_before_dividends(ids) b
$$;
grant execute on function app_private.docs_holdings(uuid[]), app_private.docs_holdings_before_dividends(uuid[])
  to app_user;

create function app_private.tg_dividend_payments__changes() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
begin
  if tg_op <> 'INSERT' then
    perform app_private.record_document_change('holdings', old.holding_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.holding_id is distinct from old.holding_id) then
    perform app_private.record_document_change('holdings', new.holding_id);
  end if;
  return null;
end;
$$;
create trigger _900_changes_holdings after insert or update or delete on app_public.dividend_payments
  for each row execute function app_private.tg_dividend_payments__changes();
