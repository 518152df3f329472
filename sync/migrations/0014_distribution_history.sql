-- Two invitations of the same new email at the same moment must find one investor account, not create two:
-- serialise on the email. A locked distribution's purchase price is history like its status and amount.

create or replace function app_private.find_or_create_investor(email text, contact_name text) returns uuid
  language plpgsql volatile
  set search_path = pg_catalog, public, app_public, app_private
  as $$
declare
  investor uuid;
begin
  perform pg_advisory_xact_lock(hashtext('investor-email:' || lower(find_or_create_investor.email)));
  select a.id into investor from app_public.accounts a
    where a.type = 'investor' and lower(a.email) = lower(find_or_create_investor.email)
    order by a.created_on, a.id limit 1;
  if investor is null then
    insert into app_public.accounts (type, name, email, contact_name)
      values ('investor', coalesce(nullif(trim(contact_name), ''), find_or_create_investor.email),
              find_or_create_investor.email, nullif(trim(contact_name), ''))
      returning id into investor;
  end if;
  return investor;
end
$$;

create or replace function app_private.tg_distributions__locked() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if old.locked and (new.status is distinct from old.status or new.amount is distinct from old.amount
      or new.purchase_price is distinct from old.purchase_price
      or new.allocation_id is distinct from old.allocation_id or new.investor_id is distinct from old.investor_id
      or not new.locked) then
    raise exception 'Cannot update status on locked distribution: %', coalesce(old.name, old.id::text)
      using errcode = 'LL423';
  end if;
  return new;
end
$$;
