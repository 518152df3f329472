-- app_private.process_document, the process with its steps as one document, is called by nothing: the distributions
-- read model builds the same document for a page of distributions with app_private.process_documents_of
-- (sync/database/read-models/10_distributions.sql). Dropped, so the process document is built one way (issue 30,
-- duplicates).
drop function if exists app_private.process_document(uuid);
