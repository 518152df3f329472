-- Documents on securities and holdings (spec part 1 sections 2.9, 7): a signed upload location (makeFileLocation:
-- a slot keyed by a random UUID, bound to the user and account that asked for it, valid for one hour), the file
-- POSTed to it (sync/http/uploads.ts, attach_upload), the document rows (makeSecurityDocument,
-- makeHoldingDocument), their deletion (deleteSecurityDocument, deleteHoldingDocument) and a document's download URL.

create or replace function app_private.attach_upload(document_id uuid, key uuid)
  returns text
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  slot app_private.upload_slots;
begin
  select s.* into slot from app_private.upload_slots s
    where s.key = attach_upload.key and s.user_id = app_private.current_user_id()
      and s.account_id = app_private.current_account_id();
  if slot.key is null then
    raise exception 'Upload location not found' using errcode = 'LL404';
  end if;
  update app_public.documents d set file_key = slot.key::text, upload_status = slot.status
    where d.id = attach_upload.document_id and d.uploaded_by_id = app_private.current_account_id();
  return slot.status;
end
$function$;
grant execute on function app_private.attach_upload(uuid,uuid) to app_user;

create or replace function app_private.delete_document(doc_type text, document_id uuid)
  returns uuid
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  doc app_public.documents;
begin
  if not app_private.can_write() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  select d.* into doc from app_public.documents d where d.id = delete_document.document_id and d.type = doc_type;
  if doc.id is null then
    raise exception 'Document not found' using errcode = 'LL404';
  end if;
  if doc.uploaded_by_id is distinct from app_private.current_account_id() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  delete from app_public.documents d where d.id = doc.id;
  return doc.id;
end
$function$;
grant execute on function app_private.delete_document(text,uuid) to app_user;

create or replace function app_private.file_extension(file_name text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select lower(substring(trim(coalesce(file_name, '')) from '\.([A-Za-z0-9]+)$')) $function$;
grant execute on function app_private.file_extension(text) to app_user;

create or replace function app_private.make_document(doc_type text, target_id uuid, name text, extension text, share_with text[], file_key uuid, id uuid)
  returns app_public.document_upload
  language plpgsql
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  document_id uuid := coalesce(make_document.id, gen_random_uuid());
  ext text;
  role text;
  share_name text;
  key uuid := make_document.file_key;
  status text;
begin
  perform app_private.require_signed_in_writer();
  if trim(coalesce(make_document.name, '')) = '' then
    raise exception 'Name is required.' using errcode = 'LL422';
  end if;
  ext := app_private.require_upload_extension(make_document.extension);
  if not exists (select 1 from app_public.document_sharing_allowed_shares s
                 where s.type = doc_type and s.from_account_type = app_private.current_account_type()) then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
  if doc_type = 'security' and not exists (select 1 from app_public.securities s where s.id = target_id) then
    raise exception 'Security not found' using errcode = 'LL404';
  end if;
  if doc_type = 'holding' and not exists (select 1 from app_public.holdings h where h.id = target_id) then
    raise exception 'Holding not found' using errcode = 'LL404';
  end if;

  insert into app_public.documents (id, name, type, extension, security_id, holding_id)
    values (document_id, trim(make_document.name), doc_type, ext,
            case when doc_type = 'security' then target_id end, case when doc_type = 'holding' then target_id end);

  foreach role in array coalesce(share_with, '{}') loop
    select s.name into share_name from app_public.document_sharing_allowed_shares s
      where s.type = doc_type and s.from_account_type = app_private.current_account_type() and s.to_role = role;
    if share_name is null then
      raise exception 'This document cannot be shared with %.', role using errcode = 'LL422';
    end if;
    insert into app_public.document_sharings (document_id, to_role, name) values (document_id, role, share_name)
      on conflict do nothing;
  end loop;

  -- A key the device made (a file chosen offline, uploaded before or after this command) names the same slot: made
  -- here when the file has not asked for it yet, and otherwise taken as it is. A slot whose file the server refused
  -- stays failed (only the device's next attempt at a file opens it again), so the document says the upload failed
  -- whichever of the file and this command arrived first.
  if key is null or app_public.file_upload_status(key) is null then
    key := (app_public.make_file_location(trim(make_document.name) || '.' || ext, key)).fields ->> 'key';
  end if;
  status := app_private.attach_upload(document_id, key);
  return row(document_id, status, app_private.upload_location(key))::app_public.document_upload;
end
$function$;
grant execute on function app_private.make_document(text,uuid,text,text,text[],uuid,uuid) to app_user;

create or replace function app_private.require_upload_extension(extension text)
  returns text
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  if lower(coalesce(extension, '')) not in ('csv', 'tsv', 'pdf', 'xls', 'txt') then
    raise exception 'Only csv, tsv, pdf, xls and txt files can be uploaded.' using errcode = 'LL422';
  end if;
  return lower(extension);
end
$function$;
grant execute on function app_private.require_upload_extension(text) to app_user;

create or replace function app_private.upload_location(key uuid)
  returns jsonb
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select jsonb_build_object('url', '/api/v2/uploads/' || key::text, 'fields', jsonb_build_object('key', key::text)) $function$;
grant execute on function app_private.upload_location(uuid) to app_user;

create or replace function app_public.delete_holding_document(document_id uuid)
  returns uuid
  language sql
as $function$ select app_private.delete_document('holding', document_id) $function$;
grant execute on function app_public.delete_holding_document(uuid) to app_user;

create or replace function app_public.delete_security_document(document_id uuid)
  returns uuid
  language sql
as $function$ select app_private.delete_document('security', document_id) $function$;
grant execute on function app_public.delete_security_document(uuid) to app_user;

create or replace function app_public.documents_download_url(d app_public.documents)
  returns text
  language sql
  stable
  set search_path to 'pg_catalog'
as $function$
  select case when d.upload_status = 'uploaded' then '/api/v2/documents/' || d.id::text || '/download' end
$function$;
grant execute on function app_public.documents_download_url(app_public.documents) to app_user;

create or replace function app_public.make_file_location(file_name text, key uuid DEFAULT NULL::uuid, content_hash text DEFAULT NULL::text, purpose text DEFAULT NULL::text)
  returns app_public.file_location
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  slot uuid;
  existing app_private.upload_slots;
  ext text;
begin
  perform app_private.require_signed_in_writer();
  if trim(coalesce(file_name, '')) = '' then
    raise exception 'File name is required.' using errcode = 'LL422';
  end if;
  ext := app_private.require_slot_extension(app_private.file_extension(file_name));
  if content_hash is not null and content_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'Content hash: the SHA-256 of the file in 64 lowercase hex digits.' using errcode = 'LL422';
  end if;
  -- what the device says the file is for (migration 1981; app_private.upload_slot_purpose): kept on the slot
  if make_file_location.purpose is not null and make_file_location.purpose not in ('evidence', 'logo', 'document') then
    raise exception 'A file is evidence, a logo or a document.' using errcode = 'LL422';
  end if;
  if make_file_location.purpose = 'evidence' and not app_private.is_evidence_extension(ext) then
    raise exception 'Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).' using errcode = 'LL422';
  end if;
  if make_file_location.purpose = 'logo' and not app_private.is_logo_extension(ext) then
    raise exception 'A logo must be a PNG, JPEG or WebP image.' using errcode = 'LL422';
  end if;
  if make_file_location.key is not null then
    -- The device's own key (a file chosen offline): the same slot every time it asks, made on first use. Asking
    -- again for a slot that failed or expired unused (an upload cut off, or another file chosen in place of a refused
    -- one) opens it again for the file asked for now: its name, type and content, and the documents naming the slot
    -- take that file's type.
    select s.* into existing from app_private.upload_slots s where s.key = make_file_location.key for update;
    if existing.key is not null then
      if existing.user_id <> app_private.current_user_id() or existing.account_id <> app_private.current_account_id() then
        raise exception 'Upload location not found' using errcode = 'LL404';
      end if;
      if existing.status = 'failed' or (existing.status = 'pending' and existing.expires_on < now()) then
        update app_private.upload_slots s set status = 'pending', size = null, content = null,
                                              expires_on = now() + interval '1 hour',
                                              file_name = trim(make_file_location.file_name), extension = ext,
                                              content_hash = coalesce(make_file_location.content_hash, s.content_hash)
          where s.key = existing.key;
        update app_public.documents d
           set upload_status = 'pending',
               extension = case when ext in ('csv', 'tsv', 'pdf', 'xls', 'txt') then ext else d.extension end
          where d.file_key = existing.key::text;
      elsif existing.status = 'pending' and (existing.file_name, existing.extension) is distinct from (trim(file_name), ext) then
        -- made by the command that names it (it came first, with the name it knows): the file's own name from now on
        update app_private.upload_slots s set file_name = trim(make_file_location.file_name), extension = ext
          where s.key = existing.key;
      end if;
      if make_file_location.purpose is not null then
        update app_private.upload_slots s set purpose = make_file_location.purpose where s.key = existing.key;
      end if;
      slot := existing.key;
    end if;
  elsif content_hash is not null then
    -- The same content asked for again (a retry after a cut): the slot it has, uploaded or still open.
    select s.key into slot from app_private.upload_slots s
      where s.user_id = app_private.current_user_id() and s.account_id = app_private.current_account_id()
        and s.content_hash = make_file_location.content_hash and s.extension = ext
        and (s.status = 'uploaded' or (s.status = 'pending' and s.expires_on >= now()))
      order by s.status = 'uploaded' desc, s.created_on desc
      limit 1;
  end if;
  if slot is null then
    insert into app_private.upload_slots (key, user_id, account_id, file_name, extension, content_hash, purpose)
      values (coalesce(make_file_location.key, gen_random_uuid()), app_private.current_user_id(),
              app_private.current_account_id(), trim(file_name), ext, make_file_location.content_hash,
              make_file_location.purpose)
      returning upload_slots.key into slot;
  end if;
  return row(app_private.upload_location(slot) ->> 'url', app_private.upload_location(slot) -> 'fields')::app_public.file_location;
end
$function$;
grant execute on function app_public.make_file_location(text,uuid,text,text) to app_user;

create or replace function app_public.file_upload_status(key uuid)
  returns text
  language sql
  stable
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
  -- What became of the session's own upload slot (a device resuming a queued file asks before it sends it again):
  -- 'uploaded', 'failed', 'pending', 'expired' (pending past its time), or null for a slot that is not its own.
  select case when s.status = 'pending' and s.expires_on < now() then 'expired' else s.status end
    from app_private.upload_slots s
   where s.key = file_upload_status.key and s.user_id = app_private.current_user_id()
     and s.account_id = app_private.current_account_id()
$function$;
grant execute on function app_public.file_upload_status(uuid) to app_user;

create or replace function app_public.make_holding_document(name text, holding_id uuid, extension text, share_with text[] DEFAULT '{}'::text[], file_key uuid DEFAULT NULL::uuid, id uuid DEFAULT NULL::uuid)
  returns app_public.document_upload
  language sql
as $function$ select * from app_private.make_document('holding', holding_id, name, extension, share_with, file_key, id) $function$;
grant execute on function app_public.make_holding_document(text,uuid,text,text[],uuid,uuid) to app_user;

create or replace function app_public.make_security_document(name text, security_id uuid, extension text, share_with text[] DEFAULT '{}'::text[], file_key uuid DEFAULT NULL::uuid, id uuid DEFAULT NULL::uuid)
  returns app_public.document_upload
  language sql
as $function$ select * from app_private.make_document('security', security_id, name, extension, share_with, file_key, id) $function$;
grant execute on function app_public.make_security_document(text,uuid,text,text[],uuid,uuid) to app_user;
