-- The spec's names of entity fields (spec part 1 and 2, section 3) that the generated API did not offer. Renamed
-- fields (assetTypeByType, coinbaseBuyPriceUSD, payments, ...) are aliases in sync/graphql/spec-names.ts; the fields
-- below are derived, so they are computed columns here, read under the caller's row-level security like the rows
-- they come from. tests/server/spec-names.test.ts lists every field of section 3 and checks the schema has it.

-- Round.token: the round's token (one per round in the product; the oldest if several).
create function app_public.rounds_token(r app_public.rounds) returns app_public.tokens
  language sql stable
  set search_path = pg_catalog
as $$
  select t from app_public.tokens t where t.round_id = r.id order by t.created_on, t.id limit 1
$$;

-- Round.unitValue (a round on a holding): the latest price per unit of the round's security.
create function app_public.rounds_unit_value(r app_public.rounds) returns numeric
  language sql stable
  set search_path = pg_catalog
as $$
  select s.unit_value from app_public.securities s where s.id = r.security_id
$$;

-- Process.currentStep: the step the process stands at (current_step_id, kept by the step functions of 0400).
create function app_public.processes_current_step(p app_public.processes) returns app_public.steps
  language sql stable
  set search_path = pg_catalog
as $$
  select s from app_public.steps s where s.id = p.current_step_id and s.process_id = p.id
$$;

-- Process.shortSteps: the top-level steps in their order (the progress bar's steps; nested steps are the
-- qualification's own).
create function app_public.processes_short_steps(p app_public.processes) returns setof app_public.steps
  language sql stable
  set search_path = pg_catalog
as $$
  select s from app_public.steps s where s.process_id = p.id and s.parent_id is null order by s."order", s.id
$$;

-- Document.downloadUrl: where the uploaded file is read (GET, sync/http/uploads.ts); null until it is uploaded.
create function app_public.documents_download_url(d app_public.documents) returns text
  language sql stable
  set search_path = pg_catalog
as $$
  select case when d.upload_status = 'uploaded' then '/api/v2/documents/' || d.id::text || '/download' end
$$;

-- LedgerEntry.token: the token the entry moved.
create function app_public.ledger_entries_token(e app_public.ledger_entries) returns app_public.tokens
  language sql stable
  set search_path = pg_catalog
as $$
  select t from app_public.tokens t where t.id = e.token_id
$$;

-- Distribution.qualificationsComplete: every qualification of the distribution is complete (it has steps and all
-- of them are complete: the same rule as the read model's `complete`, 0410); true when it has none.
create function app_public.distributions_qualifications_complete(d app_public.distributions) returns boolean
  language sql stable
  set search_path = pg_catalog
as $$
  select not exists (
    select 1 from app_public.distribution_qualifications q
     where q.distribution_id = d.id
       and (not exists (select 1 from app_public.steps s where s.distribution_qualification_id = q.id)
            or exists (select 1 from app_public.steps s
                        where s.distribution_qualification_id = q.id and s.status <> 'complete')))
$$;

-- VestingSchedule.currentPeriod: whole periods (months) elapsed since startsOn, from 0 before it to `periods` once
-- vesting is over.
create function app_public.vesting_schedules_current_period(v app_public.vesting_schedules) returns integer
  language sql stable
  set search_path = pg_catalog
as $$
  select case
    when v.starts_on is null or v.starts_on > now() then 0
    else least(v.periods, (extract(year from age(now(), v.starts_on)) * 12
                           + extract(month from age(now(), v.starts_on)))::integer)
  end
$$;

grant execute on function
  app_public.rounds_token(app_public.rounds),
  app_public.rounds_unit_value(app_public.rounds),
  app_public.processes_current_step(app_public.processes),
  app_public.processes_short_steps(app_public.processes),
  app_public.documents_download_url(app_public.documents),
  app_public.ledger_entries_token(app_public.ledger_entries),
  app_public.distributions_qualifications_complete(app_public.distributions),
  app_public.vesting_schedules_current_period(app_public.vesting_schedules)
to app_user;
