-- Form definitions are read by qualification vendors too (issuers and brokers, makeFormQualification; docs/ADMIN.md):
-- their change rows are addressed to every account (audience NULL); the builder sends them to those who may read.
update app_private.changes set audience = null where model = 'form_definitions';
