-- Ready documents: the text of each read-model document as its builder (app_private.docs_<model>) makes it without
-- row-level security, kept in the writing transaction (sync/database/replication/40_ready_documents.sql), so a pull
-- serves ready text to the readers who see a document whole instead of building it again on every pull.
-- `version` names the builder's code files the text was built with: text of another version is never served.

create table app_private.ready_documents (
  model text not null,
  id uuid not null,
  version text not null,
  doc text not null,
  primary key (model, id)
);

comment on table app_private.ready_documents is
  'Read-model documents built once per change (no row-level security), served by the pull to readers who see them whole.';
