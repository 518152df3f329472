-- Assets, rounds, tranche bond data and securities: the validation messages of spec part 1 section 5, raised by
-- the server whatever the client sends (createAsset, updateAssetById, updateRoundById,
-- updateTrancheBondDatumByRoundId, createSecurity, updateSecurityById). makeRound / makeTranche check their own
-- arguments (0011_functions.sql); these triggers also hold for them, with the same texts.
-- BEFORE triggers run before NOT NULL and CHECK constraints, so the user gets the spec's text, coded LL422,
-- instead of a masked constraint violation.

create function app_private.tg_assets__validate() returns trigger
  language plpgsql
  set search_path = pg_catalog, app_public
  as $$
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
$$;
create trigger _100_validate before insert or update on app_public.assets
  for each row execute function app_private.tg_assets__validate();

create function app_private.tg_rounds__validate() returns trigger
  language plpgsql
  set search_path = pg_catalog, app_public
  as $$
begin
  if trim(coalesce(new.name, '')) = '' then
    raise exception 'Name is a required field.' using errcode = 'LL422';
  end if;
  if new.opens_on is null then
    raise exception 'Opens on requires a valid date.' using errcode = 'LL422';
  end if;
  if new.closes_on is null then
    raise exception 'Closes on required a valid date.' using errcode = 'LL422';
  end if;
  if new.closes_on < new.opens_on then
    raise exception 'Closes on must not be before opens on.' using errcode = 'LL422';
  end if;
  if trim(coalesce(new.terms_url, '')) = '' then
    raise exception 'Dataroom Url is required' using errcode = 'LL422';
  end if;
  if new.price is null or new.price < 0 then
    raise exception 'Price is required.' using errcode = 'LL422';
  end if;
  if new.total is null or new.total < 0 then
    raise exception 'Total is required.' using errcode = 'LL422';
  end if;
  if new.status is null or new.status not in ('drafted', 'active', 'closed', 'stale') then
    raise exception 'Status is required.' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _100_validate before insert or update on app_public.rounds
  for each row execute function app_private.tg_rounds__validate();

create function app_private.tg_tranche_bond_data__validate() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if new.coupon is null or new.coupon < 0 then
    raise exception 'Coupon is required' using errcode = 'LL422';
  end if;
  if new.term is null or new.term <= 0 then
    raise exception 'Term is required' using errcode = 'LL422';
  end if;
  return new;
end
$$;
create trigger _100_validate before insert or update on app_public.tranche_bond_data
  for each row execute function app_private.tg_tranche_bond_data__validate();

create function app_private.tg_securities__validate() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
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
$$;
create trigger _100_validate before insert or update on app_public.securities
  for each row execute function app_private.tg_securities__validate();

-- makeRound / makeTranche as a request (role app_user) failed: the row-level security of rounds checks the new row
-- against the SELECT policy (INSERT ... RETURNING), whose helper issuer_round_ids() reads the statement's snapshot
-- and cannot see the row being inserted. The function checks its caller itself (require_writer, editable assets),
-- so it runs as its owner.
alter function app_private.make_round(uuid, text, text, numeric, timestamptz, timestamptz, text, numeric, numeric,
  numeric, boolean, uuid) security definer;
