-- Assets, securities, rounds and tranches: makeRound, makeTranche (the app_public functions check their arguments and
-- call the body of the same name in app_private), the validation triggers, and the rounds' computed columns
-- (totalCapitalDeployed, token, unitValue).

create or replace function app_private.make_round(asset_id uuid, name text, terms_url text, price numeric, opens_on timestamp with time zone, closes_on timestamp with time zone, status text, total numeric, term numeric, coupon numeric, with_tranche boolean, id uuid)
  returns app_public.rounds
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  asset app_public.assets;
  accounting text;
  round app_public.rounds;
  problem text;
begin
  perform app_private.require_writer('{issuer}');
  select a.* into asset from app_public.assets a where a.id = make_round.asset_id;
  if asset.id is null then
    raise exception 'Asset not found' using errcode = 'LL404';
  end if;
  if asset.id not in (select app_private.editable_asset_ids()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select t.accounting_type into accounting from app_public.asset_types t where t.type = asset.type;

  problem := app_private.round_problem(make_round.name, make_round.opens_on, make_round.closes_on,
                                       make_round.terms_url, make_round.price, make_round.total, make_round.status);
  if problem is not null then
    raise exception '%', problem using errcode = 'LL422';
  end if;
  if accounting = 'debt' or with_tranche then
    if accounting is distinct from 'debt' then
      raise exception 'Tranche bond data applies to debt assets only.' using errcode = 'LL422';
    end if;
    if make_round.coupon is null or make_round.coupon < 0 then
      raise exception 'Coupon is required' using errcode = 'LL422';
    end if;
    if make_round.term is null or make_round.term <= 0 then
      raise exception 'Term is required' using errcode = 'LL422';
    end if;
  end if;

  insert into app_public.rounds (id, asset_id, name, terms_url, price, opens_on, closes_on, status, total)
    values (coalesce(make_round.id, gen_random_uuid()), asset.id, trim(make_round.name), trim(make_round.terms_url),
            make_round.price, make_round.opens_on, make_round.closes_on, make_round.status, make_round.total)
    returning * into round;
  if accounting = 'debt' then
    insert into app_public.tranche_bond_data (round_id, term, coupon)
      values (round.id, make_round.term, make_round.coupon);
  end if;
  return round;
end
$function$;
grant execute on function app_private.make_round(uuid,text,text,numeric,timestamp with time zone,timestamp with time zone,text,numeric,numeric,numeric,boolean,uuid) to app_user;

create or replace function app_private.make_round(asset_id uuid, name text, terms_url text, price numeric, opens_on timestamp with time zone, closes_on timestamp with time zone, status text, total numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.rounds
  language sql
as $function$
    select * from app_private.make_round(asset_id, name, terms_url, price, opens_on, closes_on, status, total,
      null, null, false, id)
  $function$;
grant execute on function app_private.make_round(uuid,text,text,numeric,timestamp with time zone,timestamp with time zone,text,numeric,uuid) to app_user;

create or replace function app_private.make_tranche(asset_id uuid, name text, terms_url text, price numeric, opens_on timestamp with time zone, closes_on timestamp with time zone, status text, total numeric, term numeric, coupon numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.rounds
  language sql
as $function$
    select * from app_private.make_round(asset_id, name, terms_url, price, opens_on, closes_on, status, total,
      term, coupon, true, id)
  $function$;
grant execute on function app_private.make_tranche(uuid,text,text,numeric,timestamp with time zone,timestamp with time zone,text,numeric,numeric,numeric,uuid) to app_user;

-- A round's own rules, in the order the spec's form checks them: the first one broken, else null. makeRound and
-- makeTranche check them before anything else (then the tranche's), the rounds' trigger on every write.
create or replace function app_private.round_problem(name text, opens_on timestamp with time zone, closes_on timestamp with time zone, terms_url text, price numeric, total numeric, status text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select case
    when trim(coalesce(name, '')) = '' then 'Name is a required field.'
    when opens_on is null then 'Opens on requires a valid date.'
    when closes_on is null then 'Closes on required a valid date.'
    when closes_on < opens_on then 'Closes on must not be before opens on.'
    when trim(coalesce(terms_url, '')) = '' then 'Dataroom Url is required'
    when price is null or price < 0 then 'Price is required.'
    when total is null or total < 0 then 'Total is required.'
    when status is null or status not in ('drafted', 'active', 'closed', 'stale') then 'Status is required.'
  end
$function$;
grant execute on function app_private.round_problem(text,timestamp with time zone,timestamp with time zone,text,numeric,numeric,text) to app_user;

create or replace function app_private.tg_assets__validate()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_public'
as $function$
begin
  if trim(coalesce(new.name, '')) = '' then
    raise exception 'Name is required.' using errcode = 'LL422';
  end if;
  if new.authorized_total is null or new.authorized_total < 0 then
    raise exception 'Authorized total is required.' using errcode = 'LL422';
  end if;
  if new.type is null or not exists (select 1 from app_public.asset_types t where t.type = new.type) then
    raise exception 'Asset type required.' using errcode = 'LL422';
  end if;
  if tg_op = 'UPDATE' and new.type is distinct from old.type then
    -- Also kept out of the update grant (0010_rls.sql): this covers writers that bypass the grant.
    raise exception 'The asset type cannot change on an existing asset.' using errcode = 'LL422';
  end if;
  if new.status is null or new.status not in ('drafted', 'active', 'closed', 'stale') then
    raise exception 'Status required.' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$function$;

create or replace function app_private.tg_rounds__validate()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog', 'app_public'
as $function$
declare
  problem text := app_private.round_problem(new.name, new.opens_on, new.closes_on, new.terms_url, new.price,
                                            new.total, new.status);
begin
  if problem is not null then
    raise exception '%', problem using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_private.tg_securities__validate()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if trim(coalesce(new.name, '')) = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if new.total is null or new.total < 0 then
    raise exception 'Total is required.' using errcode = 'LL422';
  end if;
  if new.unit_value is not null and new.unit_value < 0 then
    raise exception 'Price is required.' using errcode = 'LL422';
  end if;
  new.name := trim(new.name);
  return new;
end
$function$;

create or replace function app_private.tg_tranche_bond_data__validate()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if new.coupon is null or new.coupon < 0 then
    raise exception 'Coupon is required' using errcode = 'LL422';
  end if;
  if new.term is null or new.term <= 0 then
    raise exception 'Term is required' using errcode = 'LL422';
  end if;
  return new;
end
$function$;

create or replace function app_public.make_round(asset_id uuid, name text, terms_url text, price numeric, opens_on timestamp with time zone, closes_on timestamp with time zone, status text, total numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.rounds
  language plpgsql
as $function$ declare result app_public.rounds; begin perform app_private.check_decimal(price, 'Price', 10, -1e15, 1e15) and app_private.check_date(opens_on) and app_private.check_date(closes_on) and app_private.check_decimal(total, 'Units', 6, -1e15, 1e15); select * into result from app_private.make_round(asset_id, name, terms_url, price, opens_on, closes_on, status, total, id); return result; end $function$;
grant execute on function app_public.make_round(uuid,text,text,numeric,timestamp with time zone,timestamp with time zone,text,numeric,uuid) to app_user;

create or replace function app_public.make_tranche(asset_id uuid, name text, terms_url text, price numeric, opens_on timestamp with time zone, closes_on timestamp with time zone, status text, total numeric, term numeric, coupon numeric, id uuid DEFAULT NULL::uuid)
  returns app_public.rounds
  language plpgsql
as $function$ declare result app_public.rounds; begin perform app_private.check_decimal(price, 'Price', 10, -1e15, 1e15) and app_private.check_date(opens_on) and app_private.check_date(closes_on) and app_private.check_decimal(total, 'Units', 6, -1e15, 1e15) and app_private.check_decimal(term, 'Term', 6, -1e15, 1000) and app_private.check_decimal(coupon, 'Percentage', 6, -1e15, 100, true); select * into result from app_private.make_tranche(asset_id, name, terms_url, price, opens_on, closes_on, status, total, term, coupon, id); return result; end $function$;
grant execute on function app_public.make_tranche(uuid,text,text,numeric,timestamp with time zone,timestamp with time zone,text,numeric,numeric,numeric,uuid) to app_user;

create or replace function app_public.rounds_token(r app_public.rounds)
  returns app_public.tokens
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select t from app_public.tokens t where t.round_id = r.id order by t.created_on, t.id limit 1
$function$;
grant execute on function app_public.rounds_token(app_public.rounds) to app_user;

create or replace function app_public.rounds_total_capital_deployed(r app_public.rounds)
  returns numeric
  language sql
  stable
as $function$ select coalesce(sum(c.amount), 0) from app_public.capital_deployments c where c.round_id = r.id $function$;
grant execute on function app_public.rounds_total_capital_deployed(app_public.rounds) to app_user;

create or replace function app_public.rounds_unit_value(r app_public.rounds)
  returns numeric
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select s.unit_value from app_public.securities s where s.id = r.security_id
$function$;
grant execute on function app_public.rounds_unit_value(app_public.rounds) to app_user;

-- Where these functions fire.
create or replace trigger _100_validate BEFORE INSERT OR UPDATE ON app_public.assets FOR EACH ROW
  execute function app_private.tg_assets__validate();
create or replace trigger _100_validate BEFORE INSERT OR UPDATE ON app_public.rounds FOR EACH ROW
  execute function app_private.tg_rounds__validate();
create or replace trigger _100_validate BEFORE INSERT OR UPDATE ON app_public.securities FOR EACH ROW
  execute function app_private.tg_securities__validate();
-- The security's name, ticker, total and unit value are in its rounds' documents.
create or replace trigger _910_embedded AFTER UPDATE ON app_public.securities FOR EACH ROW
  when ((new.name, new.ticker, new.total, new.unit_value) is distinct from (old.name, old.ticker, old.total, old.unit_value))
  execute function app_private.record_related_changes('rounds', 'id',
    $$select r.id from app_public.rounds r where r.security_id = any ($1)$$);
create or replace trigger _100_validate BEFORE INSERT OR UPDATE ON app_public.tranche_bond_data FOR EACH ROW
  execute function app_private.tg_tranche_bond_data__validate();
