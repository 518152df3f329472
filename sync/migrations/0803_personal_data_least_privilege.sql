-- Personal data (issue 13 item 3). Least privilege, per account type and field (docs/PERMISSIONS.md has the whole
-- matrix): an account's tax_short (SSN/EIN last 4), date_of_birth and, for investor accounts, formation_date (for
-- individuals it is the date of birth, spec part 1 section 2.6) are shown by the spec only on the account's own
-- settings and setup screens ("investors also see SSN last 4, addresses and parties", part 1 section 6); parties,
-- which carry the same fields per person, were already readable by the account's members only (0010). Before, every
-- reader of an account row read them: an ats its contacts' investors, an agent the investors of its linked
-- allocations, issuers and brokers their investors, the platform admin everyone.
--
-- Rows stay readable as before (names and e-mails are needed on the screens); the three fields answer null unless
-- the reader is a member of the account (the selected account or one of the signed-in user's memberships):
-- * GraphQL: the columns leave the API's output, conditions, filters and ordering (as 0311 did for an agent's
--   purchase prices) and computed columns of the same names (Account.taxShort, dateOfBirth, formationDate) answer
--   them with the rule. The columns keep their SELECT grant: whole-row references (computed columns, to_jsonb in the
--   read models) need every column; a column revoke would break them.
-- * Pull: app_private.docs_accounts (0700) restated with the same rule, computed once per page.
--
-- Notes on distributions and allocations (distribution_annotations, allocation_annotations) are the allocation
-- staff's working notes ("Allocation editing (... notes ...): the account owns the allocation", part 2 section 6);
-- an agent's screens (the distributions report, its linked allocations) show none. Agents no longer read them; the
-- pull's restatement (distribution_children_of, 0701) says the same; docs_allocations reads allocation notes under
-- row-level security and follows the policy by itself.

create function app_private.personal_data_readable(account_id uuid) returns boolean
  language sql stable
  set search_path = pg_catalog
  as $$
    select not app_private.request_reader()
      or account_id = app_private.current_account_id()
      or account_id in (select app_private.member_account_ids())
  $$;
comment on function app_private.personal_data_readable(uuid) is
  'Whether the request may read the account''s personal fields (tax_short, date_of_birth, an investor''s formation_date): members of the account only.';
grant execute on function app_private.personal_data_readable(uuid) to app_user;

comment on column app_public.accounts.tax_short is E'@behavior -select -filterBy -orderBy';
comment on column app_public.accounts.date_of_birth is E'@behavior -select -filterBy -orderBy';
comment on column app_public.accounts.formation_date is E'@behavior -select -filterBy -orderBy';

create function app_public.accounts_tax_short(a app_public.accounts) returns text
  language sql stable
  set search_path = pg_catalog
  as $$ select case when app_private.personal_data_readable(a.id) then a.tax_short end $$;
comment on function app_public.accounts_tax_short(app_public.accounts) is
  'The last four characters of the tax id; null unless the reader is a member of the account.';

create function app_public.accounts_date_of_birth(a app_public.accounts) returns date
  language sql stable
  set search_path = pg_catalog
  as $$ select case when app_private.personal_data_readable(a.id) then a.date_of_birth end $$;
comment on function app_public.accounts_date_of_birth(app_public.accounts) is
  'Date of birth; null unless the reader is a member of the account.';

create function app_public.accounts_formation_date(a app_public.accounts) returns date
  language sql stable
  set search_path = pg_catalog
  as $$
    select case when a.type <> 'investor' or app_private.personal_data_readable(a.id) then a.formation_date end
  $$;
comment on function app_public.accounts_formation_date(app_public.accounts) is
  'Formation date; for an investor account (an individual''s is the date of birth) null unless the reader is a member of the account.';

grant execute on function
  app_public.accounts_tax_short(app_public.accounts),
  app_public.accounts_date_of_birth(app_public.accounts),
  app_public.accounts_formation_date(app_public.accounts)
  to app_user;

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
  -- the accounts whose personal fields this reader may read (app_private.personal_data_readable, once per page)
  own as (
    select app_private.current_account_id() as id
    union select app_private.member_account_ids()),
  preferences as (
    -- account_id is unique: at most one per account
    select e.account_id, jsonb_build_object('id', e.id, 'sendDistribution', e.send_distribution) as doc
    from app_public.vendor_default_email_preferences e
    where e.account_id = any (ids))
  select a.id,
    (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                       case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                         then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
     from jsonb_each(to_jsonb(a) || case
       when not row_security_active('app_public.accounts') or a.id in (select o.id from own o) then '{}'::jsonb
       else jsonb_build_object('tax_short', null, 'date_of_birth', null)
         || case when a.type = 'investor' then jsonb_build_object('formation_date', null) else '{}'::jsonb end
     end) e)
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
$function$;

alter policy select_staff on app_public.distribution_annotations
  using (app_private.current_account_type() not in ('investor', 'agent')
    and distribution_id in (select distributions.id from app_public.distributions));
alter policy select_staff on app_public.allocation_annotations
  using (app_private.current_account_type() <> 'agent'
    and allocation_id in (select app_private.staff_allocation_ids()));

-- The pull's restatement of the child policies (0701), with the notes rule above.
CREATE OR REPLACE FUNCTION app_private.distribution_children_of(visible uuid[], policies boolean)
 RETURNS TABLE(distribution_id uuid, prices jsonb, payments jsonb, annotations jsonb, custom_fields jsonb, vesting_schedule jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'app_public', 'app_private'
AS $function$
  with price_shape as (select * from app_private.document_shape('app_public.distribution_prices')),
  payment_shape as (select * from app_private.document_shape('app_public.distribution_payments')),
  annotation_shape as (select * from app_private.document_shape('app_public.distribution_annotations')),
  field_shape as (select * from app_private.document_shape('app_public.distribution_custom_fields')),
  schedule_shape as (select * from app_private.document_shape('app_public.vesting_schedules')),
  -- payment_distribution_ids() of 0010 among the given distributions
  payable as (
    select d.id from app_public.distributions d
    where d.id = any (visible)
      and d.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'
    union all
    select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where d.id = any (visible)
      and al.owner_id = app_private.current_account_id()
      and app_private.current_account_type() in ('issuer', 'broker')),
  prices as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.created_on, p.id) as docs
    from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id, price_shape s
    where p.distribution_id = any (visible)
      and (not policies or app_private.current_account_type() <> 'agent')
    group by p.distribution_id),
  payments as (
    select p.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(p) || jsonb_build_object('currency_code', c.code)) e)
                     order by p.paid_on, p.id) as docs
    from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id, payment_shape s
    where p.distribution_id = any (visible)
      and (not policies or p.distribution_id in (select y.id from payable y))
    group by p.distribution_id),
  annotations as (
    select n.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(n)) e)
                     order by n.created_on, n.id) as docs
    from app_public.distribution_annotations n, annotation_shape s
    where n.distribution_id = any (visible)
      and (not policies or app_private.current_account_type() not in ('investor', 'agent'))
    group by n.distribution_id),
  custom_fields as (
    select f.distribution_id,
           jsonb_agg((select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                                        case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                          then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
                      from jsonb_each(to_jsonb(f)) e)
                     order by f.name) as docs
    from app_public.distribution_custom_fields f, field_shape s
    where f.distribution_id = any (visible)
      and (not policies or app_private.current_account_type() <> 'investor')
    group by f.distribution_id),
  schedules as (
    select v.distribution_id,
           (select coalesce(jsonb_object_agg(coalesce(s.keys ->> e.key, app_private.camel_case(e.key)),
                              case when jsonb_typeof(e.value) = 'number' and e.key = any (s.numerics)
                                then to_jsonb(e.value #>> '{}') else e.value end), '{}'::jsonb)
            from jsonb_each(to_jsonb(v)) e) as doc
    from app_public.vesting_schedules v, schedule_shape s
    where v.distribution_id = any (visible)),
  ids as (
    select distribution_id from prices union select distribution_id from payments
    union select distribution_id from annotations union select distribution_id from custom_fields
    union select distribution_id from schedules)
  select i.distribution_id, prices.docs, payments.docs, annotations.docs, custom_fields.docs, schedules.doc
  from ids i
    left join prices on prices.distribution_id = i.distribution_id
    left join payments on payments.distribution_id = i.distribution_id
    left join annotations on annotations.distribution_id = i.distribution_id
    left join custom_fields on custom_fields.distribution_id = i.distribution_id
    left join schedules on schedules.distribution_id = i.distribution_id
$function$;
