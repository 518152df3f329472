-- The read models devices replicate (see docs/REPLICATION.md), built on the change log of 0150:
--   * app_private.docs_<model>(ids uuid[]) -> (id, doc): the documents, read under the reader's row-level security
--     (security invoker). Small child rows travel inside their parent's document.
--   * app_private.audience_<model>(doc_id uuid) -> uuid[]: every account that may see the document (a superset of
--     what RLS allows; never smaller, or an account would miss changes). Omitted = any account (NULL audience).
--   * triggers (app_private.replicate) on the model's table and on every child table, recording a change of the
--     PARENT document.
-- TODO(steps): the onboarding `steps` table does not exist yet; when it lands, add docs_steps, audience_steps and
-- its triggers here in a new migration, and the `steps` collection on the client (src/data/models/steps.ts).

-- A deleted document's audience cannot be computed any more (its related rows are gone with it): its tombstone goes
-- to every account (NULL audience). Deletes are rare here (most tables have no delete grant).
create or replace function app_private.record_change() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_private, app_public
as $$
declare
  model text := tg_argv[0];
  id_column text := tg_argv[1];
  account_columns text[] := coalesce(tg_argv[2:], '{}');
  new_json jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  extra uuid[] := app_private.row_accounts(old_json, account_columns) || app_private.row_accounts(new_json, account_columns);
  new_id uuid := (new_json ->> id_column)::uuid;
  old_id uuid := (old_json ->> id_column)::uuid;
begin
  if tg_op = 'UPDATE' and new_json = old_json then
    return null;
  end if;
  if tg_op = 'DELETE' and id_column = 'id' then
    insert into app_private.changes (model, doc_id, audience) values (model, old_id, null);
    perform pg_notify('app_changes', json_build_object('t', model)::text);
    return null;
  end if;
  perform app_private.record_document_change(model, coalesce(new_id, old_id), extra);
  if old_id is distinct from new_id and new_id is not null and old_id is not null then
    -- a child row moved to another parent: both parents changed
    perform app_private.record_document_change(model, old_id, extra);
  end if;
  return null;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Audiences (security definer: they must see every related row, whoever wrote).

-- Everyone with a stake in a round: its issuer, allocation owners, invited brokers, agents of its offering links,
-- investors of its distributions and holdings, and the exchange listing its security.
create function app_private.audience_rounds(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select a.issuer_id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where r.id = doc_id
    union select al.owner_id from app_public.allocations al where al.round_id = doc_id
    union select b.broker_id from app_public.broker_allocations b where b.round_id = doc_id
    union select l.agent_id from app_public.allocation_offering_links l
      join app_public.allocations al on al.id = l.allocation_id where al.round_id = doc_id and l.agent_id is not null
    union select d.investor_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id where al.round_id = doc_id
    union select h.investor_id from app_public.holdings h where h.round_id = doc_id
    union select sl.exchange_id from app_public.rounds r
      join app_public.security_listings sl on sl.security_id = r.security_id where r.id = doc_id
  )
$$;

create function app_private.audience_assets(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select array(
    select a.issuer_id from app_public.assets a where a.id = doc_id
    union select unnest(app_private.audience_rounds(r.id)) from app_public.rounds r where r.asset_id = doc_id
  )
$$;

create function app_private.audience_securities(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select array(
    select s.issuer_id from app_public.securities s where s.id = doc_id
    union select sl.exchange_id from app_public.security_listings sl where sl.security_id = doc_id
    union select h.investor_id from app_public.holdings h where h.security_id = doc_id
    union select unnest(app_private.audience_rounds(r.id)) from app_public.rounds r where r.security_id = doc_id
  )
$$;

create function app_private.audience_allocations(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select al.owner_id from app_public.allocations al where al.id = doc_id
    union select a.issuer_id from app_public.allocations al
      join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id where al.id = doc_id
    union select b.broker_id from app_public.allocations al
      join app_public.broker_allocations b on b.round_id = al.round_id where al.id = doc_id
    union select l.agent_id from app_public.allocation_offering_links l where l.allocation_id = doc_id and l.agent_id is not null
    union select d.investor_id from app_public.distributions d where d.allocation_id = doc_id
  )
$$;

create function app_private.audience_distributions(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select d.investor_id from app_public.distributions d where d.id = doc_id
    union select al.owner_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id where d.id = doc_id
    union select a.issuer_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id where d.id = doc_id
    union select b.broker_id from app_public.distributions d
      join app_public.allocations al on al.id = d.allocation_id
      join app_public.broker_allocations b on b.round_id = al.round_id where d.id = doc_id
    union select l.agent_id from app_public.distributions d
      join app_public.allocation_offering_links l on l.allocation_id = d.allocation_id
      where d.id = doc_id and l.agent_id is not null
  )
$$;

create function app_private.audience_holdings(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select array(
    select h.investor_id from app_public.holdings h where h.id = doc_id
    union select s.issuer_id from app_public.holdings h join app_public.securities s on s.id = h.security_id where h.id = doc_id
    union select sl.exchange_id from app_public.holdings h
      join app_public.security_listings sl on sl.security_id = h.security_id where h.id = doc_id
    union select unnest(app_private.audience_distributions(h.distribution_id)) from app_public.holdings h
      where h.id = doc_id and h.distribution_id is not null
  )
$$;

create function app_private.audience_customers(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(select c.account_id from app_public.customers c where c.id = doc_id
               union select c.investor_id from app_public.customers c where c.id = doc_id)
$$;

create function app_private.audience_broker_allocations(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select b.broker_id from app_public.broker_allocations b where b.id = doc_id
    union select a.issuer_id from app_public.broker_allocations b
      join app_public.rounds r on r.id = b.round_id join app_public.assets a on a.id = r.asset_id where b.id = doc_id
  )
$$;

create function app_private.audience_transactions(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public
as $$
  select array(
    select t.issuer_id from app_public.transactions t where t.id = doc_id
    union select t.broker_id from app_public.transactions t where t.id = doc_id and t.broker_id is not null
    union select e.investor_id from app_public.ledger_entries e where e.transaction_id = doc_id
  )
$$;

create function app_private.audience_documents(doc_id uuid) returns uuid[]
  language sql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select array(
    select d.uploaded_by_id from app_public.documents d where d.id = doc_id
    union select unnest(app_private.audience_securities(d.security_id)) from app_public.documents d
      where d.id = doc_id and d.security_id is not null
    union select unnest(app_private.audience_holdings(d.holding_id)) from app_public.documents d
      where d.id = doc_id and d.holding_id is not null
  )
$$;

-- accounts: no audience function (NULL = any account). Who may see an account is decided by RLS alone; a reader
-- that cannot see a changed account receives a tombstone for its id.

-- ---------------------------------------------------------------------------------------------------------------
-- Documents (security invoker: run under the reader's role and RLS).

create function app_private.account_summary(account_id uuid) returns jsonb
  language sql stable
  set search_path = pg_catalog, app_public
as $$
  select jsonb_build_object('id', a.id, 'name', a.name, 'contactName', a.contact_name, 'email', a.email,
                            'setup', a.setup, 'type', a.type)
  from app_public.accounts a where a.id = account_id
$$;

create function app_private.docs_assets(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select a.id, app_private.live_document(
    app_private.row_document(to_jsonb(a), 'app_public.assets')
    || jsonb_build_object(
      'assetTypeByType', (select jsonb_build_object('type', t.type, 'accountingType', to_jsonb(t) -> 'accounting_type')
                          from app_public.asset_types t where t.type = a.type)
    ))
  from app_public.assets a where a.id = any (ids)
$$;

create function app_private.docs_rounds(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select r.id, app_private.live_document(
    app_private.row_document(to_jsonb(r), 'app_public.rounds')
    || jsonb_build_object(
      'trancheBondData', (select app_private.row_document(to_jsonb(t), 'app_public.tranche_bond_data')
                          from app_public.tranche_bond_data t where t.round_id = r.id),
      'security', (select jsonb_build_object('id', s.id, 'name', s.name, 'ticker', s.ticker,
                                             'total', s.total::text, 'unitValue', s.unit_value::text)
                   from app_public.securities s where s.id = r.security_id),
      'capitalDeployments', (select app_private.row_documents(jsonb_agg(to_jsonb(c) order by c.deployed_on, c.id),
                                                              'app_public.capital_deployments')
                             from app_public.capital_deployments c where c.round_id = r.id)
    ))
  from app_public.rounds r where r.id = any (ids)
$$;

create function app_private.docs_securities(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select s.id, app_private.live_document(
    app_private.row_document(to_jsonb(s), 'app_public.securities')
    || jsonb_build_object(
      'listing', (select jsonb_build_object('id', l.id, 'exchangeId', l.exchange_id,
                                            'exchange', (select jsonb_build_object('id', x.id, 'name', x.name, 'company', x.company)
                                                         from app_public.accounts x where x.id = l.exchange_id))
                  from app_public.security_listings l where l.security_id = s.id)
    ))
  from app_public.securities s where s.id = any (ids)
$$;

create function app_private.docs_allocations(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select al.id, app_private.live_document(
    app_private.row_document(to_jsonb(al), 'app_public.allocations')
    || jsonb_build_object(
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.allocation_annotations')
                      from app_public.allocation_annotations n where n.allocation_id = al.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.allocation_id = al.id),
      'emailPreference', (select app_private.row_document(to_jsonb(e), 'app_public.allocation_email_preferences')
                          from app_public.allocation_email_preferences e where e.allocation_id = al.id),
      'offeringLinks', (select app_private.row_documents(jsonb_agg(to_jsonb(l) order by l.created_on, l.id),
                                                         'app_public.allocation_offering_links')
                        from app_public.allocation_offering_links l where l.allocation_id = al.id),
      'owner', app_private.account_summary(al.owner_id)
    ))
  from app_public.allocations al where al.id = any (ids)
$$;

create function app_private.docs_distributions(ids uuid[]) returns table (id uuid, doc jsonb)
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
      'annotations', (select app_private.row_documents(jsonb_agg(to_jsonb(n) order by n.created_on, n.id),
                                                       'app_public.distribution_annotations')
                      from app_public.distribution_annotations n where n.distribution_id = d.id),
      'customFields', (select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.name),
                                                        'app_public.distribution_custom_fields')
                       from app_public.distribution_custom_fields f where f.distribution_id = d.id),
      'vestingSchedule', (select app_private.row_document(to_jsonb(v), 'app_public.vesting_schedules')
                          from app_public.vesting_schedules v where v.distribution_id = d.id),
      'investor', app_private.account_summary(d.investor_id),
      'allocation', (select jsonb_build_object('id', al.id, 'name', al.name, 'roundId', al.round_id)
                     from app_public.allocations al where al.id = d.allocation_id)
    ))
  from app_public.distributions d where d.id = any (ids)
$$;

create function app_private.docs_holdings(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select h.id, app_private.live_document(
    app_private.row_document(to_jsonb(h), 'app_public.holdings')
    || jsonb_build_object('investor', app_private.account_summary(h.investor_id))
  )
  from app_public.holdings h where h.id = any (ids)
$$;

create function app_private.docs_customers(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select c.id, app_private.live_document(
    app_private.row_document(to_jsonb(c), 'app_public.customers')
    || jsonb_build_object('investor', app_private.account_summary(c.investor_id))
  )
  from app_public.customers c where c.id = any (ids)
$$;

create function app_private.docs_broker_allocations(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select b.id, app_private.live_document(
    app_private.row_document(to_jsonb(b), 'app_public.broker_allocations')
    || jsonb_build_object('broker', app_private.account_summary(b.broker_id))
  )
  from app_public.broker_allocations b where b.id = any (ids)
$$;

create function app_private.docs_transactions(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select t.id, app_private.live_document(
    app_private.row_document(to_jsonb(t), 'app_public.transactions')
    || jsonb_build_object(
      'ledgerEntries', (select app_private.row_documents(jsonb_agg(to_jsonb(e) order by e.created_on, e.id),
                                                         'app_public.ledger_entries')
                        from app_public.ledger_entries e where e.transaction_id = t.id)
    ))
  from app_public.transactions t where t.id = any (ids)
$$;

create function app_private.docs_documents(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  -- file_key is the server's storage key: downloads go through the server, never straight to storage.
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d) - 'file_key', 'app_public.documents')
    || jsonb_build_object(
      'sharings', (select app_private.row_documents(jsonb_agg(to_jsonb(s) order by s.to_role), 'app_public.document_sharings')
                   from app_public.document_sharings s where s.document_id = d.id)
    ))
  from app_public.documents d where d.id = any (ids)
$$;

create function app_private.docs_accounts(ids uuid[]) returns table (id uuid, doc jsonb)
  language sql stable
  set search_path = pg_catalog, app_public, app_private
as $$
  select a.id, app_private.live_document(app_private.row_document(to_jsonb(a), 'app_public.accounts'))
  from app_public.accounts a where a.id = any (ids)
$$;

grant execute on function
  app_private.account_summary(uuid),
  app_private.docs_assets(uuid[]),
  app_private.docs_rounds(uuid[]),
  app_private.docs_securities(uuid[]),
  app_private.docs_allocations(uuid[]),
  app_private.docs_distributions(uuid[]),
  app_private.docs_holdings(uuid[]),
  app_private.docs_customers(uuid[]),
  app_private.docs_broker_allocations(uuid[]),
  app_private.docs_transactions(uuid[]),
  app_private.docs_documents(uuid[]),
  app_private.docs_accounts(uuid[])
  to app_user;

-- ---------------------------------------------------------------------------------------------------------------
-- Triggers: each table records changes of the documents it is part of. The trailing columns name accounts whose
-- sight of the document the row decides (their old and new values join the change's audience, so an account that
-- just lost sight of the document still gets its tombstone).

select app_private.replicate('app_public.assets', 'assets', 'id', array['issuer_id']);

select app_private.replicate('app_public.rounds', 'rounds', 'id');
select app_private.replicate('app_public.tranche_bond_data', 'rounds', 'round_id');
select app_private.replicate('app_public.capital_deployments', 'rounds', 'round_id');
-- An invited broker sees the round; a rejected invitation takes that away.
select app_private.replicate('app_public.broker_allocations', 'rounds', 'round_id', array['broker_id']);

select app_private.replicate('app_public.securities', 'securities', 'id', array['issuer_id']);
select app_private.replicate('app_public.security_listings', 'securities', 'security_id', array['exchange_id']);

select app_private.replicate('app_public.allocations', 'allocations', 'id', array['owner_id']);
select app_private.replicate('app_public.allocation_annotations', 'allocations', 'allocation_id');
select app_private.replicate('app_public.vesting_schedules', 'allocations', 'allocation_id');
select app_private.replicate('app_public.allocation_email_preferences', 'allocations', 'allocation_id');
select app_private.replicate('app_public.allocation_offering_links', 'allocations', 'allocation_id', array['agent_id']);

select app_private.replicate('app_public.distributions', 'distributions', 'id', array['investor_id']);
select app_private.replicate('app_public.distribution_prices', 'distributions', 'distribution_id');
select app_private.replicate('app_public.distribution_payments', 'distributions', 'distribution_id');
select app_private.replicate('app_public.distribution_annotations', 'distributions', 'distribution_id');
select app_private.replicate('app_public.distribution_custom_fields', 'distributions', 'distribution_id');
-- vesting_schedules also belongs to distributions (a schedule has either a distribution or an allocation).
create trigger _900_changes_distributions_vesting after insert or update or delete on app_public.vesting_schedules
  for each row execute function app_private.record_change('distributions', 'distribution_id');

select app_private.replicate('app_public.holdings', 'holdings', 'id', array['investor_id']);
select app_private.replicate('app_public.customers', 'customers', 'id', array['account_id', 'investor_id']);
select app_private.replicate('app_public.broker_allocations', 'broker_allocations', 'id', array['broker_id']);
select app_private.replicate('app_public.transactions', 'transactions', 'id', array['issuer_id', 'broker_id']);
select app_private.replicate('app_public.ledger_entries', 'transactions', 'transaction_id', array['investor_id']);
select app_private.replicate('app_public.documents', 'documents', 'id', array['uploaded_by_id']);
select app_private.replicate('app_public.document_sharings', 'documents', 'document_id');
select app_private.replicate('app_public.accounts', 'accounts', 'id');

-- Documents that embed a summary of another row change with it: a security's name or unit value shows in its
-- rounds, an account's name/contact/email/setup in the distributions, holdings, customers, allocations and broker
-- invitations that name it.
create function app_private.tg_securities__embedded() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  if (new.name, new.ticker, new.total, new.unit_value) is distinct from (old.name, old.ticker, old.total, old.unit_value) then
    perform app_private.record_document_change('rounds', r.id) from app_public.rounds r where r.security_id = new.id;
  end if;
  return null;
end;
$$;
create trigger _910_embedded after update on app_public.securities
  for each row execute function app_private.tg_securities__embedded();

create function app_private.tg_accounts__embedded() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  if (new.name, new.contact_name, new.email, new.setup, new.company)
      is not distinct from (old.name, old.contact_name, old.email, old.setup, old.company) then
    return null;
  end if;
  perform app_private.record_document_change('distributions', d.id) from app_public.distributions d where d.investor_id = new.id;
  perform app_private.record_document_change('holdings', h.id) from app_public.holdings h where h.investor_id = new.id;
  perform app_private.record_document_change('customers', c.id) from app_public.customers c where c.investor_id = new.id;
  perform app_private.record_document_change('allocations', al.id) from app_public.allocations al where al.owner_id = new.id;
  perform app_private.record_document_change('broker_allocations', b.id) from app_public.broker_allocations b where b.broker_id = new.id;
  perform app_private.record_document_change('securities', l.security_id) from app_public.security_listings l where l.exchange_id = new.id;
  return null;
end;
$$;
create trigger _910_embedded after update on app_public.accounts
  for each row execute function app_private.tg_accounts__embedded();

-- An allocation's name shows in its distributions.
create function app_private.tg_allocations__embedded() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  if (new.name, new.round_id) is distinct from (old.name, old.round_id) then
    perform app_private.record_document_change('distributions', d.id) from app_public.distributions d where d.allocation_id = new.id;
  end if;
  return null;
end;
$$;
create trigger _910_embedded after update on app_public.allocations
  for each row execute function app_private.tg_allocations__embedded();

-- Rows that GRANT sight of other documents (an investor's distribution shows its allocation, round and asset; an
-- invitation shows a broker the asset; a contact shows the investor's account to the vendor...) record a change of
-- those documents with the newly (or formerly) entitled accounts in the audience: otherwise a document written
-- before the grant would never reach the account that may now see it, nor leave one that no longer may.
create function app_private.record_round_changes(round_id uuid, accounts uuid[]) returns void
  language sql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
  select app_private.record_document_change('rounds', r.id, accounts) from app_public.rounds r where r.id = round_id;
  select app_private.record_document_change('assets', r.asset_id, accounts) from app_public.rounds r where r.id = round_id;
  select app_private.record_document_change('securities', r.security_id, accounts)
  from app_public.rounds r where r.id = round_id and r.security_id is not null;
$$;

create function app_private.tg__visibility_grants() returns trigger
  language plpgsql security definer
  set search_path = pg_catalog, app_public, app_private
as $$
declare
  new_json jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  row_json jsonb := coalesce(new_json, old_json);
  accounts uuid[];
  round uuid;
begin
  case tg_table_name
  when 'distributions' then
    if tg_op = 'UPDATE' and (new_json -> 'investor_id', new_json -> 'allocation_id')
        is not distinct from (old_json -> 'investor_id', old_json -> 'allocation_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['investor_id']) || app_private.row_accounts(new_json, array['investor_id']);
    perform app_private.record_document_change('allocations', (row_json ->> 'allocation_id')::uuid, accounts);
    perform app_private.record_document_change('accounts', (row_json ->> 'investor_id')::uuid);
    select al.round_id into round from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_round_changes(round, accounts);
  when 'holdings' then
    if tg_op = 'UPDATE' and new_json -> 'investor_id' is not distinct from old_json -> 'investor_id' then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['investor_id']) || app_private.row_accounts(new_json, array['investor_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
    perform app_private.record_document_change('securities', (row_json ->> 'security_id')::uuid, accounts);
  when 'allocations' then
    if tg_op = 'UPDATE' and (new_json -> 'owner_id', new_json -> 'round_id')
        is not distinct from (old_json -> 'owner_id', old_json -> 'round_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['owner_id']) || app_private.row_accounts(new_json, array['owner_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
  when 'broker_allocations' then
    if tg_op = 'UPDATE' and (new_json -> 'status', new_json -> 'broker_id')
        is not distinct from (old_json -> 'status', old_json -> 'broker_id') then
      return null;
    end if;
    accounts := app_private.row_accounts(old_json, array['broker_id']) || app_private.row_accounts(new_json, array['broker_id']);
    perform app_private.record_round_changes((row_json ->> 'round_id')::uuid, accounts);
    perform app_private.record_document_change('accounts', (row_json ->> 'broker_id')::uuid);
    perform app_private.record_document_change('allocations', al.id, accounts)
    from app_public.allocations al where al.round_id = (row_json ->> 'round_id')::uuid;
    perform app_private.record_document_change('distributions', d.id, accounts)
    from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
    where al.round_id = (row_json ->> 'round_id')::uuid;
  when 'allocation_offering_links' then
    accounts := app_private.row_accounts(old_json, array['agent_id']) || app_private.row_accounts(new_json, array['agent_id']);
    if cardinality(accounts) = 0 then
      return null;
    end if;
    perform app_private.record_document_change('distributions', d.id, accounts)
    from app_public.distributions d where d.allocation_id = (row_json ->> 'allocation_id')::uuid;
    select al.round_id into round from app_public.allocations al where al.id = (row_json ->> 'allocation_id')::uuid;
    perform app_private.record_round_changes(round, accounts);
  when 'security_listings' then
    accounts := app_private.row_accounts(old_json, array['exchange_id']) || app_private.row_accounts(new_json, array['exchange_id']);
    perform app_private.record_round_changes(r.id, accounts)
    from app_public.rounds r where r.security_id = (row_json ->> 'security_id')::uuid;
    perform app_private.record_document_change('accounts', (row_json ->> 'exchange_id')::uuid);
  when 'customers' then
    perform app_private.record_document_change('accounts', (row_json ->> 'investor_id')::uuid);
  else
    raise exception 'tg__visibility_grants: unexpected table %', tg_table_name;
  end case;
  return null;
end;
$$;

create trigger _920_visibility_grants after insert or update or delete on app_public.distributions
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or update or delete on app_public.holdings
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or update or delete on app_public.allocations
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or update or delete on app_public.broker_allocations
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or update or delete on app_public.allocation_offering_links
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or update or delete on app_public.security_listings
  for each row execute function app_private.tg__visibility_grants();
create trigger _920_visibility_grants after insert or delete on app_public.customers
  for each row execute function app_private.tg__visibility_grants();
