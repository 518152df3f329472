-- The ready store's fill (sync/database/replication/40_ready_documents.sql, fill_ready_documents): where its walk of
-- a model's primary key stands, per model and builder version, written in the transaction of each part, so a fill
-- interrupted by a restart resumes after the last part done instead of starting again.

create table app_private.ready_fill (
  model text primary key,
  -- the builder version (ready_version) the walk builds; a walk of another version is not resumed
  version text not null,
  -- the walk goes on after this id (null: at the start, or complete)
  after_id uuid,
  -- parts run and documents built by the fill for this version
  parts bigint not null default 0,
  built bigint not null default 0,
  updated_at timestamptz not null default now()
);

comment on table app_private.ready_fill is
  'Where the ready store''s fill of each read model stands (its walk of the primary key), so it resumes after a restart.';
