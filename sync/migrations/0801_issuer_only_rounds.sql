-- Editing assets and rounds needs an issuer account (spec part 1 section 6). A broker that manages a round (accepted
-- broker allocation) reads the round, its tranche bond data and its security, creates and edits its own
-- allocations on it and issues their closed distributions (editable_round_ids() keeps the broker for those), but
-- changes none of the issuer's data: the round's fields (price, total, dates, status, terms, managed units,
-- security), its tranche bond data (term, coupon) and the security (name, ticker, total, unit value). Before, the
-- update policies of these three tables accepted the broker's accepted rounds and their security.

create function app_private.issuer_editable_round_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$ select id from app_private.issuer_round_ids() as id where app_private.can_write() $$;
grant execute on function app_private.issuer_editable_round_ids() to app_user;

create function app_private.issuer_editable_security_ids() returns setof uuid
  language sql stable security definer
  set search_path = pg_catalog, public, app_public, app_private
  as $$
    select s.id from app_public.securities s
    where s.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer'
      and app_private.can_write()
  $$;
grant execute on function app_private.issuer_editable_security_ids() to app_user;

alter policy update_editable on app_public.rounds
  with check (id in (select app_private.issuer_editable_round_ids()));
alter policy insert_editable on app_public.tranche_bond_data
  with check (round_id in (select app_private.issuer_editable_round_ids()));
alter policy update_editable on app_public.tranche_bond_data
  with check (round_id in (select app_private.issuer_editable_round_ids()));
alter policy update_editable on app_public.securities
  with check (id in (select app_private.issuer_editable_security_ids()));

-- The statement guard names the account types that write a table: issuers only, now.
drop trigger _050_guard_write on app_public.rounds;
select app_private.add_write_guard('app_public.rounds', '{issuer}');
drop trigger _050_guard_write on app_public.tranche_bond_data;
select app_private.add_write_guard('app_public.tranche_bond_data', '{issuer}');
drop trigger _050_guard_write on app_public.securities;
select app_private.add_write_guard('app_public.securities', '{issuer}');
