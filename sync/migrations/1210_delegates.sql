-- Delegates (spec part 2, settings): makeDelegate, updateUsersAccountById, transferOwnership; docs/PERMISSIONS.md.
--
-- One owner per account, at most: a partial unique index on the owner role. That an account which has an owner
-- keeps one (never zero) is a deferred constraint trigger (sync/database/delegates/10_delegates.sql), checked at
-- commit, so a transfer may demote the old owner before it promotes the new one within one transaction.
create unique index users_accounts_one_owner_idx on app_public.users_accounts (account_id)
  where role = 'account_owner';

-- makeDelegate invites a person who has no user yet through the delegate invitations of 0442 (the one mailer, the
-- claim link of 0101): such an invitation belongs to no party, carries the invitee's name for the mail, and may ask
-- for the ownership to be handed over once it is claimed (transferOwnership to someone who is not a member yet).
alter table app_private.delegate_invitations alter column party_id drop not null;
alter table app_private.delegate_invitations
  add column first_name text constraint first_name_length check (length(first_name) <= 200),
  add column last_name text constraint last_name_length check (length(last_name) <= 200),
  add column transfer_ownership boolean not null default false;

-- The account's memberships, replicated as a kind of the device's `records` collection (sync/database/delegates).
insert into app_private.replicated_models (model) values ('users_accounts') on conflict do nothing;
