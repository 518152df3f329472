-- Many distributions in one call (the body of the allocation CSV import, bulkAllocation, which the device sends in
-- chunks of up to 500 rows): app_private.make_distributions(allocation_id, rows) gives the same rows as one
-- make_distribution per row (investor accounts found or made by e-mail, the seller's contact, the distribution, its
-- purchase price, its qualifications and onboarding process, the invitation mail) and the same change-log audiences,
-- set-based. Every row is checked first; one bad row refuses the whole call (LL422, each problem as "Row n: ...").
-- As a superuser owner (embedded PGlite, a superuser DATABASE_URL) the inserts run with
-- session_replication_role = replica and what the row triggers would do is done here over the whole set (as
-- sync/seed/scale.ts and the OCF import do); steps of allocations with qualifications are still built by
-- build_process per distribution, with their triggers. Otherwise it calls make_distribution per row.

create or replace function app_private.make_distributions(allocation_id uuid, rows jsonb)
  returns setof app_public.distributions
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  allocation app_public.allocations;
  round app_public.rounds;
  issuer uuid;
  me uuid;
  problems text[];
  investors uuid[];
  with_steps boolean;
  wanted boolean;
  offering text;
  made_accounts bigint;
  mails bigint;
begin
  perform app_private.require_writer('{issuer,broker}');
  me := app_private.current_account_id();
  allocation := app_private.editable_allocation(make_distributions.allocation_id);
  if rows is null or jsonb_typeof(rows) <> 'array' or jsonb_array_length(rows) = 0 then
    raise exception 'Add at least one row.' using errcode = 'LL422';
  end if;

  -- The rows, numbered as the device numbered them ("row"; else the position after a header line).
  drop table if exists pg_temp.make_distributions_rows;
  drop table if exists pg_temp.make_distributions_customers;
  create temp table make_distributions_rows on commit drop as
    select r.ord,
           coalesce(case when jsonb_typeof(r.value) = 'object' and (r.value ->> 'row') ~ '^\d{1,9}$'
                         then (r.value ->> 'row')::integer end, r.ord::integer + 1) as line,
           jsonb_typeof(r.value) = 'object' as is_object,
           trim(coalesce(case when jsonb_typeof(r.value) = 'object' then r.value ->> 'email' end, '')) as email,
           trim(coalesce(case when jsonb_typeof(r.value) = 'object' then r.value ->> 'amount' end, '')) as amount_text,
           nullif(trim(case when jsonb_typeof(r.value) = 'object' then r.value ->> 'name' end), '') as name,
           case when jsonb_typeof(r.value) = 'object' and (r.value ->> 'id') ~* '^[0-9a-f-]{36}$'
                then (r.value ->> 'id')::uuid end as given_id,
           null::numeric as amount, null::uuid as id, null::uuid as investor_id, false as made_investor,
           null::uuid[] as audience
    from jsonb_array_elements(rows) with ordinality as r(value, ord);
  update make_distributions_rows t
    set amount = t.amount_text::numeric
    where t.amount_text ~ '^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,4})?$';

  -- make_distribution's checks, every row at once.
  select array_agg(format('Row %s: %s', p.line, p.message) order by p.line, p.ord, p.pos) into problems
  from (
    select t.line, t.ord, 1 as pos,
           case when not t.is_object or t.email = '' then 'Email is required.'
                when t.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then 'Please enter a valid email address.' end as message
    from make_distributions_rows t
    union all
    select t.line, t.ord, 2,
           -- app_public.make_distribution's check_decimal(amount, 'Units', 6, -1e15, 1e15), then its own checks
           case when t.amount_text = '' then 'Amount is required.'
                when t.amount is null then 'Distribution amount must be greater than 0.'
                when t.amount < -1e15 then 'Units must be at least ' || app_private.decimal_bound_text(-1e15) || '.'
                when t.amount >= 1e15 then 'Units must be less than ' || app_private.decimal_bound_text(1e15) || '.'
                when scale(trim_scale(t.amount)) > 6 then 'Units can have at most 6 decimal places.'
                when t.amount <= 0 then 'Distribution amount must be greater than 0.' end
    from make_distributions_rows t
  ) p
  where p.message is not null;
  if problems is not null then
    raise exception '%', array_to_string(problems, chr(10)) using errcode = 'LL422';
  end if;

  if not (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) then
    -- Without a superuser owner the row triggers must run: one make_distribution per row.
    return query
      select d.* from make_distributions_rows t,
        lateral app_private.make_distribution(make_distributions.allocation_id, t.email, t.amount, t.name,
                                              t.given_id) d
      order by t.ord;
    return;
  end if;

  select r.* into round from app_public.rounds r where r.id = allocation.round_id;
  select a.issuer_id into issuer from app_public.assets a where a.id = round.asset_id;
  update make_distributions_rows t set id = coalesce(t.given_id, gen_random_uuid());

  -- Investors by e-mail (find_or_create_investor: the same lock per address, the oldest account, else a new one
  -- named after the address's first row).
  perform pg_advisory_xact_lock(hashtext('investor-email:' || e.k))
  from (select distinct lower(t.email) as k from make_distributions_rows t order by 1) e;
  update make_distributions_rows t set investor_id = found.id
  from (select distinct on (lower(a.email)) lower(a.email) as k, a.id
        from app_public.accounts a
        where a.type = 'investor' and lower(a.email) in (select lower(x.email) from make_distributions_rows x)
        order by lower(a.email), a.created_on, a.id) found
  where found.k = lower(t.email);

  perform set_config('session_replication_role', 'replica', true);

  with firsts as (
    select distinct on (lower(t.email)) lower(t.email) as k, t.email, t.name
    from make_distributions_rows t where t.investor_id is null order by lower(t.email), t.ord
  ), made as (
    insert into app_public.accounts (type, name, email, contact_name)
    select 'investor', coalesce(f.name, f.email), f.email, f.name from firsts f
    returning id, lower(email) as k
  )
  update make_distributions_rows t set investor_id = made.id, made_investor = true from made where made.k = lower(t.email);
  select count(distinct t.investor_id) into made_accounts from make_distributions_rows t where t.made_investor;

  -- The seller knows each investor (the first row of an investor names the contact; an existing contact stays).
  create temp table make_distributions_customers (id uuid, investor_id uuid) on commit drop;
  with made as (
    insert into app_public.customers (account_id, investor_id, email, name)
    select distinct on (t.investor_id) me, t.investor_id, t.email, t.name
    from make_distributions_rows t order by t.investor_id, t.ord
    on conflict do nothing
    returning id, investor_id
  ) insert into make_distributions_customers select m.id, m.investor_id from made m;

  insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, purchase_price)
  select t.id, allocation.id, t.investor_id, t.name, t.amount, 'open', round.price
  from make_distributions_rows t order by t.ord;
  insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
  select t.id, 1, round.price, true from make_distributions_rows t order by t.ord;

  -- Onboarding (tg_distributions__process): the allocation's active qualifications and a process each; without
  -- qualifications the process is complete at once (what refresh_process makes of a process without steps).
  insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
  select t.id, q.vendor_qualification_id, q.execute_order
  from make_distributions_rows t
  cross join app_public.allocation_qualifications q
  join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id and v.active
  where q.allocation_id = allocation.id
  order by t.ord
  on conflict do nothing;
  with_steps := found;
  insert into app_public.processes (distribution_id, investor_id, status)
  select t.id, t.investor_id, case when with_steps then 'not_started' else 'complete' end
  from make_distributions_rows t order by t.ord;

  -- The invitation mail (tg_distributions__invitation_mail), when the allocation's preference wants it.
  wanted := app_private.invitation_wanted(allocation.id, allocation.owner_id);
  mails := 0;
  if wanted then
    select ast.name || ' ' || round.name into offering from app_public.assets ast where ast.id = round.asset_id;
    insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
    select 'distribution_invitation', a.email, m.subject, m.text_body, m.html_body
    from make_distributions_rows t join app_public.accounts a on a.id = t.investor_id
      cross join lateral app_private.invitation_mail(t.id, t.amount, coalesce(offering, allocation.name)) m
    where app_private.is_mail_address(a.email)
    order by t.ord;
    get diagnostics mails = row_count;
  end if;

  perform set_config('session_replication_role', 'origin', true);

  -- The change log, as the row triggers would have written it (one change per document and audience here).
  update make_distributions_rows t
    set audience = array(select distinct x from unnest(app_private.audience_distributions(t.id) || t.investor_id) x
                         where x is not null);
  investors := array(select distinct t.investor_id from make_distributions_rows t);
  insert into app_private.changes (model, doc_id, audience, audience_types)
  select 'distributions', t.id, t.audience, null from make_distributions_rows t order by t.ord;
  insert into app_private.changes (model, doc_id, audience, audience_types)
  select 'customers', c.id, array[me, c.investor_id], null from make_distributions_customers c;
  -- the investor's account: itself, the seller (its contact) and whoever sees its distributions
  insert into app_private.changes (model, doc_id, audience, audience_types)
  select 'accounts', g.investor_id, array(select distinct x from unnest(g.audience) x where x is not null), null
  from (select t.investor_id,
               array_agg(x.member) || case when exists (select 1 from make_distributions_customers c
                                                        where c.investor_id = t.investor_id)
                                           then array[me, t.investor_id] else array[t.investor_id] end as audience
        from make_distributions_rows t cross join lateral unnest(t.audience) x(member)
        group by t.investor_id) g;
  -- the investors now see the allocation, its round, asset and security, and the seller's and issuer's accounts
  insert into app_private.changes (model, doc_id, audience, audience_types)
  select v.model, v.doc_id, investors, null
  from (values ('allocations', allocation.id), ('rounds', round.id), ('assets', round.asset_id),
               ('securities', round.security_id), ('accounts', allocation.owner_id), ('accounts', issuer)) v(model, doc_id)
  where v.doc_id is not null;
  perform app_private.record_document_change('platform_books', b.id)
  from app_private.platform_book_ids() b
  where (made_accounts > 0 and b.name in ('figures', 'types', 'accounts', 'sync'))
     or (mails > 0 and b.name in ('figures', 'mail'));
  perform pg_notify('app_changes', json_build_object('t', m.model, 'x', pg_current_xact_id()::text)::text)
  from (values ('distributions'), ('customers'), ('accounts'), ('allocations'), ('rounds'), ('assets'),
               ('securities')) m(model);
  if mails > 0 then
    perform pg_notify('mail_outbox', '');
  end if;

  -- Steps of the qualifications, with their own triggers (form definitions, question sets, signing delivery).
  if with_steps then
    perform app_private.build_process(t.id) from make_distributions_rows t order by t.ord;
  end if;

  return query
    select d.* from make_distributions_rows t join app_public.distributions d on d.id = t.id order by t.ord;
end
$function$;

comment on function app_private.make_distributions(uuid,jsonb) is
  'Invites many investors into an allocation at once (rows of email, amount, name, id, row): the same rows and changes as make_distribution per row, set-based; all or nothing.';
grant execute on function app_private.make_distributions(uuid,jsonb) to app_user;
