-- The addresses and parties of an account, replicated as a kind of the device's `records` collection (the Account
-- details panel, readable offline; builder, audience and triggers: sync/database/accounts/30_account_details.sql).
-- The accounts that exist already are recorded as changed once, so their devices pull them.
insert into app_private.replicated_models (model) values ('account_details') on conflict do nothing;

insert into app_private.changes (model, doc_id, audience)
  select 'account_details', a.id, array[a.id] from app_public.accounts a;
