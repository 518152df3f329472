-- The visibility rules of sync/database/policies/00_rules.sql take who reads as their last arguments (reader_id,
-- reader_type, defaulting to the session's claims), so a policy passes the claims as sub-selects PostgreSQL evaluates
-- once per statement. A changed argument list is a new function: the old ones are dropped here, with the policies
-- that call them (each is created again by its file under sync/database/policies, applied after the migrations in
-- the same transaction). On a new database none of them exists yet.
drop function if exists app_private.is_reader_investor(uuid) cascade;
drop function if exists app_private.is_reader_allocation_owner(uuid) cascade;
drop function if exists app_private.sees_distribution(uuid, boolean) cascade;
drop function if exists app_private.sees_distribution_payments(uuid, uuid) cascade;
drop function if exists app_private.sees_distribution_prices() cascade;
drop function if exists app_private.sees_distribution_annotations() cascade;
drop function if exists app_private.sees_distribution_custom_fields() cascade;
drop function if exists app_private.is_transaction_staff(uuid, uuid, boolean) cascade;
drop function if exists app_private.sees_transaction(uuid, uuid, boolean, boolean) cascade;
drop function if exists app_private.sees_ledger_entry(uuid, boolean) cascade;
drop function if exists app_private.sees_holding(uuid, boolean, boolean) cascade;
drop function if exists app_private.sees_customer(uuid) cascade;
drop function if exists app_private.is_reader_manager(uuid) cascade;
drop function if exists app_private.sees_managed_account(uuid, uuid) cascade;
drop function if exists app_private.sees_account(uuid, text, boolean, boolean) cascade;
