-- Corporate actions on tokenized securities (issue 32 item 2, docs/CORPORATE-ACTIONS.md "On the chain"): the action
-- applies the ledger as before and queues, in its transaction, one chain job per changed holding whose tokens are on
-- the chain, through the token's controller key: `action_mint` (the contract's issue: a split's increase) or
-- `action_burn` (forceBurn: a reverse split's rounding, units bought back, a note's tokens converted away). A
-- conversion's new equity holdings are minted by ordinary `mint` jobs. The action carries the chain's answer for people
-- to read (queued, pending, done, failed with the reason). Written only by the corporate action commands,
-- retryCorporateActionOnChain and the job runner (sync/chain/action-jobs.ts).
alter table app_private.chain_jobs drop constraint chain_jobs_kind_check;
alter table app_private.chain_jobs add constraint chain_jobs_kind_check
  check (kind in ('deploy', 'mint', 'transfer', 'action_mint', 'action_burn'));
alter table app_private.chain_jobs
  add column corporate_action_id uuid references app_public.corporate_actions (id) on delete cascade;
create unique index chain_jobs_action_once_idx on app_private.chain_jobs (corporate_action_id, holding_id)
  where corporate_action_id is not null;

alter table app_public.corporate_actions
  add column chain text,
  add column chain_status text check (chain_status in ('queued', 'pending', 'done', 'failed')),
  add column chain_failure text;
select app_private.add_text_limit('app_public.corporate_actions', 'chain');
select app_private.add_text_limit('app_public.corporate_actions', 'chain_status');
select app_private.add_text_limit('app_public.corporate_actions', 'chain_failure', 2000, 'Failure');
