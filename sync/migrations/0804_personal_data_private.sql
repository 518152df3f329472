-- Personal data out of reach of the API's role (issue 13 item 3, after 0803). 0803 answered an account's personal
-- fields (tax_short, date_of_birth, an investor's formation_date) only to the account's members in GraphQL and the
-- pull, but the columns kept their SELECT grant (whole-row references need every column), so a statement as
-- app_user still read them. Now the values live in app_private.account_personal_data, which app_user cannot read,
-- and the columns of app_public.accounts stay null (an investor's formation_date too; other accounts' formation
-- dates stay where they were). Every reader goes through app_private.account_personal_among(ids) (SECURITY
-- DEFINER): the values of the given accounts the request may read by app_private.personal_data_readable (members of
-- the account), or all of them outside a request (the server's own reads, migrations, scripts).
--
-- Writes keep their shape: whatever writes the columns (setup_account, the demo seed, a script) still writes them;
-- an AFTER trigger moves non-null values to the private table and clears the columns, after every BEFORE trigger and
-- constraint of accounts has checked them. A null written means "unchanged" (no API path clears these fields).

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

create function app_private.tg_accounts__personal_data_private() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog
  as $$
begin
  insert into app_private.account_personal_data as p (account_id, tax_short, date_of_birth, formation_date)
  values (new.id, new.tax_short, new.date_of_birth, case when new.type = 'investor' then new.formation_date end)
  on conflict (account_id) do update
    set tax_short = coalesce(excluded.tax_short, p.tax_short),
        date_of_birth = coalesce(excluded.date_of_birth, p.date_of_birth),
        formation_date = coalesce(excluded.formation_date, p.formation_date),
        updated_on = now();
  update app_public.accounts a
     set tax_short = null, date_of_birth = null,
         formation_date = case when a.type = 'investor' then null else a.formation_date end
   where a.id = new.id;
  return null;
end
$$;
create trigger _960_personal_data_private after insert or update on app_public.accounts
  for each row
  when (new.tax_short is not null or new.date_of_birth is not null
        or (new.type = 'investor' and new.formation_date is not null))
  execute function app_private.tg_accounts__personal_data_private();

create function app_private.account_personal_among(ids uuid[])
  returns table (account_id uuid, tax_short text, date_of_birth date, formation_date date)
  language sql stable security definer
  set search_path = pg_catalog
  as $$
    select p.account_id, p.tax_short, p.date_of_birth, p.formation_date
    from app_private.account_personal_data p
    where p.account_id = any (ids) and app_private.personal_data_readable(p.account_id)
  $$;
comment on function app_private.account_personal_among(uuid[]) is
  'The personal fields of the given accounts that the request may read (members of the account), all of them outside a request.';
grant execute on function app_private.account_personal_among(uuid[]) to app_user;

create or replace function app_public.accounts_tax_short(a app_public.accounts) returns text
  language sql stable
  set search_path = pg_catalog
  as $$ select p.tax_short from app_private.account_personal_among(array[a.id]) p $$;

create or replace function app_public.accounts_date_of_birth(a app_public.accounts) returns date
  language sql stable
  set search_path = pg_catalog
  as $$ select p.date_of_birth from app_private.account_personal_among(array[a.id]) p $$;

create or replace function app_public.accounts_formation_date(a app_public.accounts) returns date
  language sql stable
  set search_path = pg_catalog
  as $$
    select case when a.type <> 'investor' then a.formation_date
                else (select p.formation_date from app_private.account_personal_among(array[a.id]) p) end
  $$;

-- The pull's accounts: the personal fields from the private table, by the same rule (once per page).
CREATE OR REPLACE FUNCTION app_private.docs_accounts(ids uuid[])
 RETURNS TABLE(id uuid, doc jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'app_public', 'app_private'
AS $function$
  with page as (
    select a.* from app_private.visible_accounts(ids) a where row_security_active('app_public.accounts')
    union all
    select a.* from app_public.accounts a where a.id = any (ids) and not row_security_active('app_public.accounts')),
  shape as (select * from app_private.document_shape('app_public.accounts')),
  managers as (
    select distinct on (m.account_id) m.account_id, m.manager_id, m.created_on
    from app_public.managed_accounts m
    where m.account_id = any (ids)
    order by m.account_id, m.created_on, m.id),
  -- the personal fields this reader may read (members of the account; every account without row-level security)
  personal as (select * from app_private.account_personal_among(ids)),
  preferences as (
    -- account_id is unique: at most one per account
    select e.account_id, jsonb_build_object('id', e.id, 'sendDistribution', e.send_distribution) as doc
    from app_public.vendor_default_email_preferences e
    where e.account_id = any (ids))
  select a.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(a)
       || jsonb_build_object('tax_short', pd.tax_short, 'date_of_birth', pd.date_of_birth)
       || case when a.type = 'investor' then jsonb_build_object('formation_date', pd.formation_date)
               else '{}'::jsonb end) e)
    || jsonb_build_object(
      'jurisdiction', case when c.id is not null
                        then jsonb_build_object('id', c.id, 'name', c.name, 'alpha2', c.alpha2, 'alpha3', c.alpha3) end,
      'managedBy', m.manager_id,
      'managedOn', m.created_on,
      'vendorDefaultEmailPreference', p.doc,
      '_deleted', false)
  from page a
    cross join shape s
    left join app_public.countries c on c.id = a.jurisdiction_id
    left join managers m on m.account_id = a.id
    left join preferences p on p.account_id = a.id
    left join personal pd on pd.account_id = a.id
$function$;;
