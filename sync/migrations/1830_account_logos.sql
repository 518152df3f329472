-- Account logos (issue 35 item 7; spec part 1 sections 2.3, 2.4, 2.12): an account's uploaded logo and the external
-- address its logo links to. logo_key names the upload slot of the image (app_private.upload_slots, made by
-- makeFileLocation or by setAccountLogo when the command arrives before its file); logo_url is the address devices
-- load it from, set only once the file is uploaded (sync/http/uploads.ts) so a device never asks for a missing file;
-- logo_link is the external address the top bar's logo links to. None is writable through the API: setAccountLogo
-- and setAccountLogoLink (sync/database/accounts/40_logos.sql) check the writer, the file and the address.
alter table app_private.upload_slots drop constraint upload_slots_extension_check;
alter table app_private.upload_slots add constraint upload_slots_extension_check
  check (extension = any (array['csv', 'tsv', 'pdf', 'xls', 'txt', 'png', 'jpg', 'jpeg', 'webp']));
alter table app_public.accounts
  add column logo_key uuid references app_private.upload_slots (key) on delete set null,
  add column logo_url text,
  add column logo_link text;
alter table app_public.accounts add constraint accounts_logo_link_check
  check (logo_link ~ '^https?://[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(:[0-9]{1,5})?([/?#]\S*)?$');
select app_private.add_text_limit('app_public.accounts', 'logo_url');
select app_private.add_text_limit('app_public.accounts', 'logo_link', null, 'Logo link');
comment on column app_public.accounts.logo_key is E'@behavior -insert -update\nThe upload slot of the account''s logo (set by setAccountLogo).';
comment on column app_public.accounts.logo_url is E'@behavior -insert -update\nWhere the account''s logo is loaded from, once its file is uploaded.';
comment on column app_public.accounts.logo_link is E'@behavior -insert -update\nThe external address the account''s logo links to (setAccountLogoLink).';
