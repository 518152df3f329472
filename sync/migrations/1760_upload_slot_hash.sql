-- Uploads chosen offline (issue 31, item 3): the device names the upload slot itself (a UUID it made when the file
-- was chosen) and its content's SHA-256, so asking for the location again after a cut gives the same slot, and a
-- document queued before its file names a slot the server makes on first use. makeFileLocation takes the key and the
-- hash (its code file, documents/10_documents.sql, creates the new signature; the old one goes).
alter table app_private.upload_slots add column content_hash text
  constraint upload_slots_content_hash_check check (content_hash ~ '^[0-9a-f]{64}$');
create index upload_slots_content_hash_idx on app_private.upload_slots (user_id, account_id, content_hash)
  where content_hash is not null;
drop function if exists app_public.make_file_location(text);
