-- The read models' document builders live in sync/database/read-models (one file per read model, applied after
-- the migrations in the same transaction). docs_allocations and docs_distributions there are each one function;
-- the layers they were built from here are dropped.
drop function app_private.docs_allocations_before_qualifications(uuid[]);
drop function app_private.docs_allocations_before_link_agents(uuid[]);
drop function app_private.docs_distributions_before_qualifications(uuid[]);
drop function app_private.docs_distributions_before_process(uuid[]);
