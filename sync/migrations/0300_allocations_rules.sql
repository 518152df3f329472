-- Allocation page rules (spec part 2 sections 4, 5 and 6): coded validation messages for the allocation, broker
-- allocation, payment and note writes; stale allocations are no longer editable; the distribution read model
-- carries paidInCapital for everyone who sees the distribution (the payments list itself stays the allocation
-- owner's); and a distribution invitation mail is queued when the allocation's email preference says so.

-- Allocation: name and dates required; editing allowed while drafted, open, active or closed.
create function app_private.tg_allocations__rules() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if tg_op = 'UPDATE' and old.status = 'stale' then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if new.name is null or trim(new.name) = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if new.opens_on is null then
    raise exception 'Opens on is a required field.' using errcode = 'LL422';
  end if;
  if new.closes_on is null then
    raise exception 'Closes on is a required field.' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$$;
create trigger _310_rules before insert or update on app_public.allocations
  for each row execute function app_private.tg_allocations__rules();

-- Broker allocation: a broker is required.
create function app_private.tg_broker_allocations__broker_required() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.broker_id is null then
    raise exception 'A broker is required.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _290_broker_required before insert on app_public.broker_allocations
  for each row execute function app_private.tg_broker_allocations__broker_required();

-- Distribution amount stays greater than 0 with the spec's message (the check constraint would be masked).
create function app_private.tg_distributions__amount() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.amount is null then
    raise exception 'Amount is required.' using errcode = 'LL422';
  end if;
  if new.amount <= 0 then
    raise exception 'Distribution amount must be greater than 0.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _310_amount before update on app_public.distributions
  for each row execute function app_private.tg_distributions__amount();

-- Payment: amount and paid on required.
create function app_private.tg_distribution_payments__rules() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.amount is null then
    raise exception 'Payment amount is required' using errcode = 'LL422';
  end if;
  if new.amount <= 0 then
    raise exception 'Payment amount must be greater than 0.' using errcode = 'LL422';
  end if;
  if new.paid_on is null then
    raise exception 'Paid on is required' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _310_rules before insert or update on app_public.distribution_payments
  for each row execute function app_private.tg_distribution_payments__rules();

-- Notes (allocation and distribution annotations): the note is required.
create function app_private.tg_annotations__note_required() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.annotation is null or trim(new.annotation) = '' then
    raise exception 'Note is required' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _310_note_required before insert or update on app_public.distribution_annotations
  for each row execute function app_private.tg_annotations__note_required();
create trigger _310_note_required before insert or update on app_public.allocation_annotations
  for each row execute function app_private.tg_annotations__note_required();

-- Paid-in capital of a distribution, for everyone who may see the distribution (the round's issuer needs it for
-- the capital view even when a broker owns the allocation and its payment list).
create function app_private.distribution_paid_in(distribution_id uuid) returns numeric
  language sql stable security definer
  set search_path = pg_catalog, app_public
  as $$
    select coalesce(sum(p.amount), 0) from app_public.distribution_payments p
    where p.distribution_id = distribution_paid_in.distribution_id and p.status = 'paid'
  $$;
grant execute on function app_private.distribution_paid_in(uuid) to app_user;

create or replace function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d), 'app_public.distributions')
    || jsonb_build_object(
      'prices', (select app_private.row_documents(
                          jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.created_on, p.id),
                          'app_public.distribution_prices')
                 from app_public.distribution_prices p left join app_public.currencies c on c.id = p.currency_id
                 where p.distribution_id = d.id),
      'payments', (select app_private.row_documents(
                            jsonb_agg(to_jsonb(p) || jsonb_build_object('currency_code', c.code) order by p.paid_on, p.id),
                            'app_public.distribution_payments')
                   from app_public.distribution_payments p left join app_public.currencies c on c.id = p.currency_id
                   where p.distribution_id = d.id),
      'paidInCapital', app_private.distribution_paid_in(d.id)::text,
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.distribution_annotations')
                      from app_public.distribution_annotations n where n.distribution_id = d.id),
      'customFields', (select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.name),
                                                        'app_public.distribution_custom_fields')
                       from app_public.distribution_custom_fields f where f.distribution_id = d.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.distribution_id = d.id),
      'investor', app_private.account_summary(d.investor_id),
      'allocation', (select jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id,
                                               'ownerId', al.owner_id)
                     from app_public.allocations al where al.id = d.allocation_id)
    ))
  from app_public.distributions d where d.id = any (ids)
$$;

-- Distribution invitations: queued through the one mailer (app_private.mail_outbox) when the allocation's email
-- preference sendDistribution is on (else the owner's vendor default; on when neither exists).
create function app_private.tg_distributions__invitation_mail() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
  as $$
declare
  allocation app_public.allocations;
  wanted boolean;
  investor app_public.accounts;
  offering text;
  mail_id uuid;
begin
  select al.* into allocation from app_public.allocations al where al.id = new.allocation_id;
  select coalesce(
    (select e.send_distribution from app_public.allocation_email_preferences e where e.allocation_id = allocation.id),
    (select v.send_distribution from app_public.vendor_default_email_preferences v where v.account_id = allocation.owner_id),
    true) into wanted;
  if not wanted then
    return new;
  end if;
  select a.* into investor from app_public.accounts a where a.id = new.investor_id;
  if investor.email is null or investor.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    return new;
  end if;
  select ast.name || ' ' || r.name into offering from app_public.rounds r join app_public.assets ast on ast.id = r.asset_id
    where r.id = allocation.round_id;
  insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (
    'distribution_invitation',
    investor.email,
    'You are invited to invest: ' || coalesce(offering, allocation.name),
    'You have been invited to invest ' || new.amount::text || ' units in ' || coalesce(offering, allocation.name)
      || '.' || chr(10) || chr(10) || 'Open this link to review and complete your investment:' || chr(10)
      || '{{origin}}/distribution/' || new.id::text,
    '<p>You have been invited to invest ' || new.amount::text || ' units in ' || coalesce(offering, allocation.name)
      || '.</p><p><a href="{{origin}}/distribution/' || new.id::text || '">Review and complete your investment</a></p>'
  )
  returning id into mail_id;
  perform pg_notify('mail_outbox', mail_id::text);
  return new;
end
$$;
create trigger _900_invitation_mail after insert on app_public.distributions
  for each row execute function app_private.tg_distributions__invitation_mail();
