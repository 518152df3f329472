-- The spec's calls and fields still missing (issue 35, item 3), their structure only (the functions and the view are
-- code: sync/database/allocations/40_spec_calls.sql, tokens/40_spec_fields.sql, distributions/30_delete.sql):
-- makeAllocationOfferingLink also takes the agent's account id (agentId), so the old signature goes (its code file
-- creates the new one), and a vesting schedule's periods are read as rows of the type vesting_event.
drop function if exists app_public.make_allocation_offering_link(uuid, text, text, uuid);

create type app_public.vesting_event as (
  period integer,
  start_period timestamp with time zone,
  end_period timestamp with time zone,
  vested boolean
);
comment on type app_public.vesting_event is
  'One period of a vesting schedule: its number (1..periods), when it starts and ends, and whether it has ended (vested).';
