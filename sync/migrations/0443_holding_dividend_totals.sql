-- Fix forward of 0440: the holding document's dividends travel as a column of the holding, not as a wrapper of the
-- document builder. Builders of the holding document get rewritten for speed (0501 replaces docs_holdings
-- set-based, which dropped 0440's wrapper); every builder keeps the holding's own columns
-- (row_document(to_jsonb(h))), so a column reaches the devices whatever builder runs.
--
-- holdings.paid_out_dividends: the sum of the dividends paid out on the holding (0 when none), kept by the triggers
-- below; visible to whoever sees the holding (the same readers as its dividend_payments), in the holding document
-- as `paidOutDividends` and in GraphQL as Holding.paidOutDividends. Updating it records the holding's change.

alter table app_public.holdings add column paid_out_dividends numeric not null default 0
  check (paid_out_dividends >= 0);
comment on column app_public.holdings.paid_out_dividends is
  'The sum of the dividends paid out on the holding (kept from dividend_payments).';

update app_public.holdings h set paid_out_dividends = d.total
  from (select p.holding_id, sum(p.amount) as total from app_public.dividend_payments p group by p.holding_id) d
  where d.holding_id = h.id;

create function app_private.tg_dividend_payments__total() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  update app_public.holdings h
    set paid_out_dividends = coalesce((select sum(p.amount) from app_public.dividend_payments p
                                       where p.holding_id = h.id), 0)
    where h.id in (select case when tg_op <> 'DELETE' then new.holding_id end
                   union select case when tg_op <> 'INSERT' then old.holding_id end);
  return null;
end;
$$;
create trigger _100_holding_total after insert or update or delete on app_public.dividend_payments
  for each row execute function app_private.tg_dividend_payments__total();

-- The holding's own change trigger now records it; 0440's is redundant.
drop trigger _900_changes_holdings on app_public.dividend_payments;
drop function app_private.tg_dividend_payments__changes();

-- Back to the builder 0440 wrapped (the column travels in it): later migrations may replace it freely.
drop function app_private.docs_holdings(uuid[]);
alter function app_private.docs_holdings_before_dividends(uuid[]) rename to docs_holdings;
