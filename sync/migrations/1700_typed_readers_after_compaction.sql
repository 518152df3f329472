-- Until this release the change log's compaction (app_private.compact_changes) dropped a change when a later change
-- of the same document named a superset of its accounts, without looking at the account types it reached: a grant
-- change for one account superseded the change through which every issuer, broker and exchange saw an exchange's
-- account (or every broker an asset), so a device that synced from the start after a compaction never received that
-- document. The compaction now keeps such changes (sync/database/replication/05_change_log.sql). Each document that
-- readers see by their account type is recorded as changed once more, for those types only (audience: no account;
-- audience_types as app_private.audience_types gives them at this release), so every such reader pulls it again.
insert into app_private.changes (model, doc_id, audience, audience_types)
  select 'assets', a.id, '{}'::uuid[], array['broker'] from app_public.assets a
  union all
  select 'rounds', r.id, '{}', array['broker'] from app_public.rounds r
  union all
  select 'securities', s.id, '{}', array['broker'] from app_public.securities s
  union all
  select 'documents', d.document_id, '{}', array_agg(distinct d.to_role)
    from app_public.document_sharings d group by d.document_id
  union all
  select 'accounts', a.id, '{}', array['issuer', 'broker', 'ats', 'agent']
    from app_public.accounts a where a.type in ('issuer', 'broker', 'ats');
