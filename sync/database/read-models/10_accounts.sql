-- The accounts read model (RxDB collection "accounts"): one document per account the reader may see (its own,
-- the accounts it works with); personal data (tax number, date of birth) only where personal_data_readable allows
-- (account_personal_among).

create or replace function app_private.account_personal_among(ids uuid[])
  returns table(account_id uuid, tax_short text, date_of_birth date, formation_date date)
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $function$
    select p.account_id, p.tax_short, p.date_of_birth, p.formation_date
    from app_private.account_personal_data p
    where p.account_id = any (ids) and app_private.personal_data_readable(p.account_id)
  $function$;

comment on function app_private.account_personal_among(uuid[]) is
  'The personal fields of the given accounts that the request may read (members of the account), all of them outside a request.';
grant execute on function app_private.account_personal_among(uuid[]) to app_user;

create or replace function app_private.docs_accounts(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
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
$function$;
grant execute on function app_private.docs_accounts(uuid[]) to app_user;
