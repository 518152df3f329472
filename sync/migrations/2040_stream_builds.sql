-- The documents of a change built once per reader across server processes (issue 33 item 4; docs/SERVER.md "The
-- change in the stream", "Several processes"). Every process hears every change notification and serves its own
-- sockets; without this table each process would build the same reader's documents of the same change again. The
-- first process to build them keeps the text here, under a transaction-scoped advisory lock on (txid, model,
-- reader), and the others, waiting on that lock, read it (app_private.stream_documents_shared,
-- sync/database/replication/50_stream_documents.sql). `reader` is app_private.stream_reader_key(): the claims the
-- pull's answer depends on. `builds` counts the builds of the key (1 unless a build ran twice). Unlogged: it holds
-- texts of a minute or two, and a crash that empties it costs only builds. Written and read only through the
-- SECURITY DEFINER helpers of that file, each for the caller's own reader key: app_user gets no grant.

create unlogged table app_private.stream_builds (
  txid xid8 not null,
  model text not null,
  reader text not null,
  docs text not null,
  builds integer not null default 1,
  created_on timestamptz not null default now(),
  primary key (txid, model, reader)
);
create index stream_builds_created_on_idx on app_private.stream_builds (created_on);

comment on table app_private.stream_builds is
  'The change stream''s documents of one transaction, model and reader, built once for every server process.';
