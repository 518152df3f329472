-- Account logos (issue 35 item 7): the image an owner or admin uploads for the account and the external address the
-- logo links to (spec part 1 section 2.3). The image goes through the upload machinery of documents (an upload slot,
-- the file queue on the device); its slot is an image slot (png, jpg, jpeg, webp), which the upload route holds to
-- 1 MB and checks by content (sync/http/uploads.ts, src/domain/logos.ts). SVG is refused: an image that can carry
-- script is not worth the risk for a logo. The texts are the catalogue's (src/domain/messages.ts).

create or replace function app_private.is_logo_extension(extension text)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$ select lower(coalesce(extension, '')) in ('png', 'jpg', 'jpeg', 'webp') $function$;
grant execute on function app_private.is_logo_extension(text) to app_user;

create or replace function app_private.require_logo_extension(extension text)
  returns text
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  if not app_private.is_logo_extension(extension) then
    raise exception 'A logo must be a PNG, JPEG or WebP image.' using errcode = 'LL422';
  end if;
  return lower(extension);
end
$function$;
grant execute on function app_private.require_logo_extension(text) to app_user;

-- makeFileLocation's extension rule: a document's file, a logo's image, or accreditation evidence (a HEIC photo
-- too: sync/database/accreditation/10_accreditation.sql).
create or replace function app_private.require_slot_extension(extension text)
  returns text
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select case when app_private.is_logo_extension(extension) or lower(coalesce(extension, '')) = 'heic'
              then lower(extension)
              else app_private.require_upload_extension(extension) end
$function$;
grant execute on function app_private.require_slot_extension(text) to app_user;

create or replace function app_private.require_logo_writer(account_id uuid)
  returns void
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
begin
  perform app_private.require_signed_in_writer();
  -- Only the session's own account, by its owners and admins.
  if account_id is distinct from app_private.current_account_id() then
    raise exception 'Operation not allowed' using errcode = 'LL403';
  end if;
end
$function$;
grant execute on function app_private.require_logo_writer(uuid) to app_user;

-- The account's logo: the image in the upload slot file_key (the device's own key: the slot is made here when this
-- command arrives before its file), or none (file_key null). The address devices load it from is set once the file
-- is uploaded (here when it already is, else by the upload route).
create or replace function app_public.set_account_logo(account_id uuid, file_key uuid default null, file_name text default null)
  returns app_public.accounts
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  slot app_private.upload_slots;
  result app_public.accounts;
begin
  perform app_private.require_logo_writer(set_account_logo.account_id);
  if set_account_logo.file_key is null then
    update app_public.accounts a set logo_key = null, logo_url = null
      where a.id = set_account_logo.account_id returning a.* into result;
    return result;
  end if;
  perform app_private.require_logo_extension(app_private.file_extension(set_account_logo.file_name));
  perform app_public.make_file_location(trim(set_account_logo.file_name), set_account_logo.file_key);
  select s.* into slot from app_private.upload_slots s where s.key = set_account_logo.file_key;
  -- an accreditation's evidence is no logo; an investor's image that arrived before this command took evidence's
  -- rules (up to 100 MB, sync/database/accreditation/10_accreditation.sql upload_slot_purpose): a logo is still 1 MB
  if exists (select 1 from app_public.accreditation_evidence e where e.file_key = slot.key) then
    raise exception 'Upload location not found' using errcode = 'LL404';
  end if;
  if slot.status = 'uploaded' and slot.size > 1048576 then
    raise exception 'A logo can be at most 1 MB.' using errcode = 'LL422';
  end if;
  update app_public.accounts a
     set logo_key = slot.key,
         logo_url = case when slot.status = 'uploaded' then '/api/v2/logos/' || slot.key::text end
   where a.id = set_account_logo.account_id
  returning a.* into result;
  return result;
end
$function$;
grant execute on function app_public.set_account_logo(uuid, uuid, text) to app_user;
comment on function app_public.set_account_logo(uuid, uuid, text) is
  'Sets the account''s logo to the image uploaded (or to be uploaded) to the slot fileKey, or removes it (fileKey null). Owners and admins of the account.';

create or replace function app_private.logo_link_ok(link text)
  returns boolean
  language sql
  immutable
  set search_path to 'pg_catalog'
as $function$
  select link ~ '^https?://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(:[0-9]{1,5})?([/?#]\S*)?$'
$function$;
grant execute on function app_private.logo_link_ok(text) to app_user;

-- The external address the account's logo links to (an empty link removes it).
create or replace function app_public.set_account_logo_link(account_id uuid, link text)
  returns app_public.accounts
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'public', 'app_public', 'app_private'
as $function$
declare
  cleaned text := nullif(trim(coalesce(set_account_logo_link.link, '')), '');
  result app_public.accounts;
begin
  perform app_private.require_logo_writer(set_account_logo_link.account_id);
  if char_length(cleaned) > 2000 then
    raise exception 'Logo link must be at most 2000 characters.' using errcode = 'LL422';
  end if;
  if cleaned is not null and not app_private.logo_link_ok(cleaned) then
    raise exception 'Logo link must be a web address such as https://example.com.'
      using errcode = 'LL422';
  end if;
  update app_public.accounts a set logo_link = cleaned
   where a.id = set_account_logo_link.account_id
  returning a.* into result;
  return result;
end
$function$;
grant execute on function app_public.set_account_logo_link(uuid, text) to app_user;
comment on function app_public.set_account_logo_link(uuid, text) is
  'Sets the external address the account''s logo links to, or removes it (an empty link). Owners and admins of the account.';
