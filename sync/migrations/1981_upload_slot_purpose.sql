-- What a file is for, as the device says (issue 31 item 1; docs/ACCREDITATION.md "Evidence"): makeFileLocation takes
-- an optional purpose ('evidence', 'logo', 'document') and the slot keeps it; app_private.upload_slot_purpose
-- (sync/database/accreditation/10_accreditation.sql) uses it before its inference, so a host's photo of an investor's
-- evidence in an in-person session is evidence, not a logo of the host's account. Slots of older devices keep null.
alter table app_private.upload_slots add column purpose text
  constraint upload_slots_purpose_check check (purpose in ('evidence', 'logo', 'document'));
-- the new signature (sync/database/documents/10_documents.sql) replaces the old one
drop function if exists app_public.make_file_location(text, uuid, text);
