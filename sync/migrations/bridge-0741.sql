-- The bridge from the previous release (d7495af: migrations 0001-0741 applied, no code files) to the state of
-- 0000_baseline.sql (0001-0900). sync/db/migrate.ts runs it once, in place of the baseline, for such a database, after
-- the early code files (sync/database/schema/) and before the pending migrations and the code files; squashed.json
-- says when. Never edit: it is recorded with its checksum like a migration.
-- 1. The structure and data changes of 0801-0812, verbatim and in their order, while the old triggers still fire:
--    0801:34-39 (write guards of issuer-only tables), 0803:35-37 (personal columns hidden from the API),
--    0804:14-33 (account_personal_data and the move of the personal fields), 0810:120-170 (the `<col>_bounds` check
--    constraints), 0812:70-85 (the `<col>_length` check constraints). 0800, 0802, 0811, 0813, 0830, 0840 and 0900
--    changed only code.
-- 2. Every code object dropped (policies, views, triggers but the helper-made ones, functions but the early ones): the
--    code files recreate them, whatever their signature or return type was in the release.
drop trigger _050_guard_write on app_public.rounds;
select app_private.add_write_guard('app_public.rounds', '{issuer}');
drop trigger _050_guard_write on app_public.tranche_bond_data;
select app_private.add_write_guard('app_public.tranche_bond_data', '{issuer}');
drop trigger _050_guard_write on app_public.securities;
select app_private.add_write_guard('app_public.securities', '{issuer}');
comment on column app_public.accounts.tax_short is E'@behavior -select -filterBy -orderBy';
comment on column app_public.accounts.date_of_birth is E'@behavior -select -filterBy -orderBy';
comment on column app_public.accounts.formation_date is E'@behavior -select -filterBy -orderBy';
create table app_private.account_personal_data (
  account_id uuid primary key references app_public.accounts (id) on delete cascade,
  tax_short text check (tax_short ~ '^[0-9A-Za-z]{0,4}$'),
  date_of_birth date,
  formation_date date,
  updated_on timestamptz not null default now()
);
comment on table app_private.account_personal_data is
  'Personal fields of accounts (tax id last 4, date of birth, an investor''s formation date); read only through app_private.account_personal_among.';

insert into app_private.account_personal_data (account_id, tax_short, date_of_birth, formation_date)
select a.id, a.tax_short, a.date_of_birth, case when a.type = 'investor' then a.formation_date end
from app_public.accounts a
where a.tax_short is not null or a.date_of_birth is not null or (a.type = 'investor' and a.formation_date is not null);

update app_public.accounts a
   set tax_short = null, date_of_birth = null,
       formation_date = case when a.type = 'investor' then null else a.formation_date end
 where a.tax_short is not null or a.date_of_birth is not null or (a.type = 'investor' and a.formation_date is not null);

-- Every numeric and every writable date column of app_public, by kind.
do $$
declare
  c record;
begin
  for c in select * from (values
    ('assets', 'authorized_total', 'units_ok'),
    ('broker_allocations', 'managed_units', 'units_ok'),
    ('cap_table_entries', 'amount', 'units_ok'),
    ('distributions', 'amount', 'units_ok'),
    ('holdings', 'amount', 'units_ok'),
    ('rounds', 'managed_units', 'units_ok'),
    ('rounds', 'total', 'units_ok'),
    ('securities', 'total', 'units_ok'),
    ('tokens', 'total', 'units_ok'),
    ('ledger_entries', 'amount', 'signed_units_ok'),
    ('capital_deployments', 'amount', 'money_ok'),
    ('distribution_payments', 'amount', 'money_ok'),
    ('dividend_payments', 'amount', 'money_ok'),
    ('holdings', 'paid_out_dividends', 'money_ok'),
    ('distribution_prices', 'price', 'price_ok'),
    ('distributions', 'purchase_price', 'price_ok'),
    ('holdings', 'purchase_price', 'price_ok'),
    ('rounds', 'price', 'price_ok'),
    ('securities', 'unit_value', 'price_ok'),
    ('tokens', 'coinbase_buy_price_usd', 'price_ok'),
    ('tokens', 'coinbase_sell_price_usd', 'price_ok'),
    ('tokens', 'coinbase_spot_price_usd', 'price_ok'),
    ('tranche_bond_data', 'coupon', 'percent_ok'),
    ('tranche_bond_data', 'term', 'years_ok'),
    ('accounts', 'date_of_birth', 'check_date'),
    ('accounts', 'formation_date', 'check_date'),
    ('parties', 'date_of_birth', 'check_date'),
    ('dividend_payments', 'paid_on', 'check_date'),
    ('allocations', 'opens_on', 'check_date'),
    ('allocations', 'closes_on', 'check_date'),
    ('rounds', 'opens_on', 'check_date'),
    ('rounds', 'closes_on', 'check_date'),
    ('capital_deployments', 'deployed_on', 'check_date'),
    ('distribution_payments', 'paid_on', 'check_date'),
    ('holdings', 'issued_on', 'check_date'),
    ('steps', 'completed_on', 'check_date'),
    ('terms_acceptances', 'accepted_on', 'check_date'),
    ('vesting_schedules', 'starts_on', 'check_date')
  ) as t(tbl, col, rule)
  loop
    execute format('alter table app_public.%I add constraint %I check (app_private.%I(%I))',
      c.tbl, c.col || '_bounds', c.rule, c.col);
  end loop;
end
$$;

do $$
declare
  c record;
begin
  for c in
    select k.table_name, k.column_name from information_schema.columns k
    join pg_catalog.pg_class t on t.relname = k.table_name and t.relnamespace = 'app_public'::regnamespace
                               and t.relkind in ('r', 'p')
    where k.table_schema = 'app_public' and k.data_type in ('text', 'character varying')
    order by 1, 2
  loop
    perform app_private.add_text_limit(format('app_public.%I', c.table_name)::regclass, c.column_name);
  end loop;
end
$$;
-- Clear every code object (the code files recreate them): policies, views, non-helper triggers, functions but the early ones.
do $$
declare r record;
begin
  for r in select format('drop policy %I on %I.%I', policyname, schemaname, tablename) as s from pg_policies where schemaname in ('app_public', 'app_private') loop execute r.s; end loop;
  for r in select format('drop view if exists %I.%I cascade', schemaname, viewname) as s from pg_views where schemaname in ('app_public', 'app_private') loop execute r.s; end loop;
  for r in select format('drop trigger %I on %s', t.tgname, t.tgrelid::regclass) as s from pg_trigger t
            where not t.tgisinternal and t.tgname not in ('_100_timestamps', '_050_guard_write', '_010_append_only') loop execute r.s; end loop;
  for r in select format('drop function %s', p.oid::regprocedure) as s from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('app_public', 'app_private')
              and not (n.nspname = 'app_private' and p.proname = any (array['add_text_limit','add_timestamps','add_viewer_guard','add_write_guard','check_date','check_decimal','decimal_bound_text','money_ok','percent_ok','price_ok','replicate','signed_units_ok','text_label','text_limit','text_too_long','tg__append_only','tg__guard_write','tg__refuse_viewer','tg__timestamps','units_ok','years_ok','current_account_id','current_user_id','current_account_role','current_account_type','current_session_id','can_write']))
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop execute r.s; end loop;
end
$$;
