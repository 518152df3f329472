-- The replication change log (app_private.changes). Row triggers (record_change, installed on a replicated table by
-- the migration helper app_private.replicate) and record_document_change append a change per document with its
-- audience (the accounts that may see it, row_accounts / audience_<model>); next_changes reads a page of changes
-- after a checkpoint below the safe watermark (replication_watermark), those addressed to the reader's account only
-- when its role reads the model (role_reads_model); compact_changes drops superseded changes (a change whose every
-- reader a later change of the document reaches).

create or replace function app_private.row_accounts(row_json jsonb, columns text[])
  returns uuid[]
  language sql
  immutable parallel safe
as $function$
  select coalesce(array_agg(distinct (row_json ->> c)::uuid), '{}')
  from unnest(columns) c
  where row_json is not null and row_json ->> c is not null
$function$;

create or replace function app_private.record_change()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
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
    perform pg_notify('app_changes', json_build_object('t', model, 'x', pg_current_xact_id()::text)::text);
    return null;
  end if;
  perform app_private.record_document_change(model, coalesce(new_id, old_id), extra);
  if old_id is distinct from new_id and new_id is not null and old_id is not null then
    -- a child row moved to another parent: both parents changed
    perform app_private.record_document_change(model, old_id, extra);
  end if;
  return null;
end;
$function$;

-- A row that changes documents of another model, found through a look-up (a holding address: the tokens of the
-- holding's round; a signing template: the templates mapped from it; ...): the trigger's arguments are the model, the
-- row's key column, the query of the documents' ids from the row's keys before and after ($1 uuid[]) and, when the
-- look-up needs a second column, that column (its values before and after, in the same order: $2 uuid[]). An update
-- that changes nothing records nothing.
create or replace function app_private.record_related_changes()
  returns trigger
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  model text := tg_argv[0];
  new_json jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_json jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  keys uuid[] := array[(new_json ->> tg_argv[1])::uuid, (old_json ->> tg_argv[1])::uuid];
  second_keys uuid[] := array[(new_json ->> tg_argv[3])::uuid, (old_json ->> tg_argv[3])::uuid];
  doc uuid;
begin
  if tg_op = 'UPDATE' and new_json = old_json then
    return null;
  end if;
  for doc in execute tg_argv[2] using keys, second_keys loop
    perform app_private.record_document_change(model, doc);
  end loop;
  return null;
end;
$function$;

-- The ledger entries a statement inserted, as one change per transaction (its audience and the entries' investors
-- computed once). A row trigger recorded one change per entry, each computing the transaction's whole audience, so
-- a corporate action's statement of 50,000 entries wrote 50,000 changes of up to 50,000 accounts each (quadratic:
-- a split across 50,000 holdings did not end in 9 minutes; bench/corporate-actions.ts).
create or replace function app_private.record_ledger_changes()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  written record;
begin
  for written in
    select a.transaction_id, coalesce(array_agg(distinct a.investor_id) filter (where a.investor_id is not null),
                                      '{}') as investors
      from added a
     where a.transaction_id is not null
     group by a.transaction_id
  loop
    perform app_private.record_document_change('transactions', written.transaction_id, written.investors);
  end loop;
  return null;
end;
$function$;

create or replace function app_private.record_document_change(model text, doc_id uuid, extra_audience uuid[] DEFAULT '{}'::uuid[])
  returns void
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  audience uuid[];
  known boolean := true;
begin
  if doc_id is null then
    return;
  end if;
  case model
    when 'accounts' then audience := app_private.audience_accounts(doc_id);
    when 'allocations' then audience := app_private.audience_allocations(doc_id);
    when 'assets' then audience := app_private.audience_assets(doc_id);
    when 'broker_allocations' then audience := app_private.audience_broker_allocations(doc_id);
    when 'customers' then audience := app_private.audience_customers(doc_id);
    when 'distributions' then audience := app_private.audience_distributions(doc_id);
    when 'documents' then audience := app_private.audience_documents(doc_id);
    when 'holdings' then audience := app_private.audience_holdings(doc_id);
    when 'rounds' then audience := app_private.audience_rounds(doc_id);
    when 'securities' then audience := app_private.audience_securities(doc_id);
    when 'transactions' then audience := app_private.audience_transactions(doc_id);
    else
      known := to_regprocedure(format('app_private.audience_%s(uuid)', model)) is not null;
      if known then
        execute format('select app_private.audience_%s($1)', model) into audience using doc_id;
      end if;
  end case;
  if known then
    audience := array(select distinct a from unnest(coalesce(audience, '{}') || extra_audience) a where a is not null);
  end if;
  insert into app_private.changes (model, doc_id, audience, audience_types)
    values (model, doc_id, audience, app_private.audience_types(model, doc_id));
  -- Identical notifications inside one transaction are folded into one by PostgreSQL.
  perform pg_notify('app_changes', json_build_object('t', model, 'x', pg_current_xact_id()::text)::text);
end;
$function$;

-- Whether the reader's role in its account may read the model's documents. An audience names accounts, and every
-- member of an account reads what is addressed to it, but for the audit trail: its owners and admins read the
-- account's events, its viewers none (policies/10_audit_events.sql). So a viewer's scan finds no audit_events change
-- of its account (it used to find every one, and the builder answered each as {id, _deleted: true}: ids of events
-- it never could see). A platform admin reads every change (next_changes' sees_all).
create or replace function app_private.role_reads_model(model text)
  returns boolean
  language sql
  stable
  set search_path to 'pg_catalog', 'app_private'
as $function$
  select model <> 'audit_events' or app_private.can_write()
$function$;
grant execute on function app_private.role_reads_model(text) to app_user;

create or replace function app_private.next_changes(model text, after_txid xid8, after_seq bigint, lim integer, OUT doc_ids uuid[], OUT txid xid8, OUT seq bigint)
  returns record
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_private'
as $function$
declare
  -- the reader's account, when its role reads the model (role_reads_model): a change addressed to the account is for
  -- the members who may read its documents, not for those whose builder would answer each one deleted
  account uuid := case when app_private.role_reads_model(model) then app_private.current_account_id() end;
  account_type text := app_private.current_account_type();
  sees_all boolean := app_private.current_account_type() = 'admin';
  watermark xid8 := pg_snapshot_xmin(pg_current_snapshot());
  window_size bigint := greatest(lim, 1)::bigint * 2 + 100;
  scanned bigint;
  next_page_found boolean;
  checkpoint_txid xid8;
  checkpoint_seq bigint;
begin
  loop
    with scan as (
      select w.txid, w.seq, w.doc_id,
             (sees_all or w.audience is null or account = any (w.audience)
              or account_type = any (w.audience_types)) as visible,
             row_number() over (order by w.txid, w.seq) as pos
      from (select c.txid, c.seq, c.doc_id, c.audience, c.audience_types
            from app_private.changes c
            where c.model = next_changes.model
              and (c.txid, c.seq) > (after_txid, after_seq)
              and c.txid < watermark
            order by c.txid, c.seq
            limit window_size) w
    ), firsts as (
      select s.doc_id, min(s.pos) as first_pos from scan s where s.visible group by s.doc_id
    ), ranked as (
      select f.doc_id, f.first_pos, row_number() over (order by f.first_pos) as rank from firsts f
    ), cutoff as (
      select coalesce((select r.first_pos - 1 from ranked r where r.rank = lim + 1),
                      (select max(s.pos) from scan s)) as pos
    )
    select (select count(*) from scan),
           exists (select 1 from ranked r where r.rank = lim + 1),
           (select array_agg(r.doc_id order by r.rank) from ranked r where r.rank <= lim),
           (select s.txid from scan s, cutoff where s.pos = cutoff.pos),
           (select s.seq from scan s, cutoff where s.pos = cutoff.pos)
      into scanned, next_page_found, doc_ids, checkpoint_txid, checkpoint_seq;
    exit when next_page_found or scanned < window_size;
    window_size := window_size * 4;
  end loop;
  doc_ids := coalesce(doc_ids, '{}');
  txid := coalesce(checkpoint_txid, after_txid);
  seq := coalesce(checkpoint_seq, after_seq);
end;
$function$;
grant execute on function app_private.next_changes(text,xid8,bigint,integer) to app_user;

create or replace function app_private.replication_watermark()
  returns xid8
  language sql
  stable
as $function$
  select pg_snapshot_xmin(pg_current_snapshot())
$function$;
grant execute on function app_private.replication_watermark() to app_user;

create or replace function app_private.compact_changes()
  returns bigint
  language sql
  set search_path to 'pg_catalog', 'app_private'
as $function$
  with doomed as (
    delete from app_private.changes c
    using app_private.changes later
    where later.model = c.model
      and later.doc_id = c.doc_id
      and (later.txid, later.seq) > (c.txid, c.seq)
      and later.txid < pg_snapshot_xmin(pg_current_snapshot())
      -- the later change reaches everyone the earlier one reached: every reader (no audience), or the earlier one's
      -- accounts and its account types (a grant change names accounts only: it never supersedes a change that also
      -- reached readers by their type)
      and (later.audience is null
           or (c.audience is not null and later.audience @> c.audience
               and (c.audience_types is null or later.audience_types @> c.audience_types)))
    returning 1
  )
  select count(*) from doomed
$function$;

-- Where record_change fires: the `_900_changes_*` triggers of the replicated tables (model, id column, account columns).
CREATE OR REPLACE TRIGGER _900_changes_assets AFTER INSERT OR DELETE OR UPDATE ON app_public.assets FOR EACH ROW EXECUTE FUNCTION app_private.record_change('assets', 'id', 'issuer_id');
CREATE OR REPLACE TRIGGER _900_changes_rounds AFTER INSERT OR DELETE OR UPDATE ON app_public.rounds FOR EACH ROW EXECUTE FUNCTION app_private.record_change('rounds', 'id');
CREATE OR REPLACE TRIGGER _900_changes_rounds AFTER INSERT OR DELETE OR UPDATE ON app_public.tranche_bond_data FOR EACH ROW EXECUTE FUNCTION app_private.record_change('rounds', 'round_id');
CREATE OR REPLACE TRIGGER _900_changes_rounds AFTER INSERT OR DELETE OR UPDATE ON app_public.capital_deployments FOR EACH ROW EXECUTE FUNCTION app_private.record_change('rounds', 'round_id');
CREATE OR REPLACE TRIGGER _900_changes_rounds AFTER INSERT OR DELETE OR UPDATE ON app_public.broker_allocations FOR EACH ROW EXECUTE FUNCTION app_private.record_change('rounds', 'round_id', 'broker_id');
CREATE OR REPLACE TRIGGER _900_changes_securities AFTER INSERT OR DELETE OR UPDATE ON app_public.securities FOR EACH ROW EXECUTE FUNCTION app_private.record_change('securities', 'id', 'issuer_id');
CREATE OR REPLACE TRIGGER _900_changes_securities AFTER INSERT OR DELETE OR UPDATE ON app_public.security_listings FOR EACH ROW EXECUTE FUNCTION app_private.record_change('securities', 'security_id', 'exchange_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.allocations FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'id', 'owner_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.allocation_annotations FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'allocation_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.vesting_schedules FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'allocation_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.allocation_email_preferences FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'allocation_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.allocation_offering_links FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'allocation_id', 'agent_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distributions FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'id', 'investor_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distribution_prices FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distribution_payments FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distribution_annotations FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distribution_custom_fields FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions_vesting AFTER INSERT OR DELETE OR UPDATE ON app_public.vesting_schedules FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_holdings AFTER INSERT OR DELETE OR UPDATE ON app_public.holdings FOR EACH ROW EXECUTE FUNCTION app_private.record_change('holdings', 'id', 'investor_id');
CREATE OR REPLACE TRIGGER _900_changes_customers AFTER INSERT OR DELETE OR UPDATE ON app_public.customers FOR EACH ROW EXECUTE FUNCTION app_private.record_change('customers', 'id', 'account_id', 'investor_id');
CREATE OR REPLACE TRIGGER _900_changes_broker_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.broker_allocations FOR EACH ROW EXECUTE FUNCTION app_private.record_change('broker_allocations', 'id', 'broker_id');
CREATE OR REPLACE TRIGGER _900_changes_transactions AFTER INSERT OR DELETE OR UPDATE ON app_public.transactions FOR EACH ROW EXECUTE FUNCTION app_private.record_change('transactions', 'id', 'issuer_id', 'broker_id');
-- A transaction's ledger entries: one change per transaction a statement wrote to (record_ledger_changes, above).
CREATE OR REPLACE TRIGGER _900_changes_transactions AFTER INSERT ON app_public.ledger_entries REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION app_private.record_ledger_changes();
CREATE OR REPLACE TRIGGER _901_changes_transactions AFTER DELETE OR UPDATE ON app_public.ledger_entries FOR EACH ROW EXECUTE FUNCTION app_private.record_change('transactions', 'transaction_id', 'investor_id');
CREATE OR REPLACE TRIGGER _900_changes_documents AFTER INSERT OR DELETE OR UPDATE ON app_public.documents FOR EACH ROW EXECUTE FUNCTION app_private.record_change('documents', 'id', 'uploaded_by_id');
CREATE OR REPLACE TRIGGER _900_changes_documents AFTER INSERT OR DELETE OR UPDATE ON app_public.document_sharings FOR EACH ROW EXECUTE FUNCTION app_private.record_change('documents', 'document_id');
CREATE OR REPLACE TRIGGER _900_changes_accounts AFTER INSERT OR DELETE OR UPDATE ON app_public.accounts FOR EACH ROW EXECUTE FUNCTION app_private.record_change('accounts', 'id');
CREATE OR REPLACE TRIGGER _900_changes_accounts AFTER INSERT OR DELETE OR UPDATE ON app_public.managed_accounts FOR EACH ROW EXECUTE FUNCTION app_private.record_change('accounts', 'account_id', 'manager_id');
CREATE OR REPLACE TRIGGER _900_changes_accounts AFTER INSERT OR DELETE OR UPDATE ON app_public.vendor_default_email_preferences FOR EACH ROW EXECUTE FUNCTION app_private.record_change('accounts', 'account_id', 'account_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.processes FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
CREATE OR REPLACE TRIGGER _900_changes_allocations AFTER INSERT OR DELETE OR UPDATE ON app_public.allocation_qualifications FOR EACH ROW EXECUTE FUNCTION app_private.record_change('allocations', 'allocation_id');
CREATE OR REPLACE TRIGGER _900_changes_distributions AFTER INSERT OR DELETE OR UPDATE ON app_public.distribution_qualifications FOR EACH ROW EXECUTE FUNCTION app_private.record_change('distributions', 'distribution_id');
