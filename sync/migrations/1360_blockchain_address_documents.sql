-- An investor's blockchain addresses, replicated as a kind of the device's `records` collection (the wallet's
-- Addresses section, readable offline; builder, audience and triggers: sync/database/tokens/30_addresses.sql). The
-- addresses that exist already are recorded as changed once, so devices pull them.
insert into app_private.replicated_models (model) values ('blockchain_addresses') on conflict do nothing;

insert into app_private.changes (model, doc_id, audience)
  select 'blockchain_addresses', b.id, array[b.account_id] from app_public.blockchain_addresses b;
