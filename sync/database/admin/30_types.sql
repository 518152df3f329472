-- The admin console's type edits beyond a name (issue 19, docs/ADMIN.md "/admin/types"), admins only:
-- * an asset type's accounting type, while no asset uses the type (an asset's ledger entries and reports read its
--   type's accounting type: changing it under existing assets would restate them): LL409 otherwise;
-- * a document sharing option: created (type, from account type, to role, name), its name always editable (the
--   table's update grant), its type and roles only while no shared document uses it (LL409), deleted when unused
--   (delete_reference_type).

create or replace function app_public.set_asset_type_accounting_type(type text, accounting_type text)
  returns app_public.asset_types
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  row_ app_public.asset_types;
  uses bigint;
begin
  perform app_private.require_platform_admin();
  if coalesce(accounting_type, '') not in ('equity', 'debt', 'fund') then
    raise exception 'Accounting type must be equity, debt or fund.' using errcode = 'LL422', detail = 'accountingType';
  end if;
  select * into row_ from app_public.asset_types t where t.type = $1 for update;
  if not found then
    raise exception 'Asset type not found.' using errcode = 'LL404';
  end if;
  if row_.accounting_type = $2 then
    return row_;
  end if;
  select count(*) into uses from app_public.assets a where a.type = $1;
  if uses > 0 then
    raise exception 'The asset type "%" is used by % asset% and its accounting type cannot change.', row_.name, uses,
      case when uses = 1 then '' else 's' end using errcode = 'LL409';
  end if;
  update app_public.asset_types t set accounting_type = $2, updated_on = now() where t.type = $1 returning * into row_;
  return row_;
end;
$function$;
comment on function app_public.set_asset_type_accounting_type(text, text) is
  'Changes the accounting type of an asset type no asset uses (admins only).';
grant execute on function app_public.set_asset_type_accounting_type(text, text) to app_user;

-- The fields of a sharing option, with the form's texts.
create or replace function app_private.check_sharing_option(type text, from_account_type text, to_role text, name text)
  returns void
  language plpgsql
  immutable
  set search_path to 'pg_catalog'
as $function$
begin
  if coalesce(type, '') not in ('security', 'holding') then
    raise exception 'Document type must be security or holding.' using errcode = 'LL422', detail = 'type';
  end if;
  if coalesce(from_account_type, '') not in ('admin', 'agent', 'ats', 'investor', 'issuer', 'broker') then
    raise exception 'Shared by is required.' using errcode = 'LL422', detail = 'fromAccountType';
  end if;
  if coalesce(to_role, '') not in ('admin', 'agent', 'ats', 'investor', 'issuer', 'broker') then
    raise exception 'Shared with is required.' using errcode = 'LL422', detail = 'toRole';
  end if;
  if coalesce(btrim(name), '') = '' then
    raise exception 'Name is required.' using errcode = 'LL422', detail = 'name';
  end if;
  if length(name) > 200 then
    raise exception 'Name must be at most 200 characters.' using errcode = 'LL422', detail = 'name';
  end if;
end;
$function$;

create or replace function app_public.make_document_sharing_option(type text, from_account_type text, to_role text,
  name text, id uuid default null)
  returns app_public.document_sharing_allowed_shares
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  made app_public.document_sharing_allowed_shares;
begin
  perform app_private.require_platform_admin();
  perform app_private.check_sharing_option($1, $2, $3, $4);
  if exists (select 1 from app_public.document_sharing_allowed_shares s
              where s.type = $1 and s.from_account_type = $2 and s.to_role = $3) then
    raise exception 'This sharing option exists already.' using errcode = 'LL409';
  end if;
  insert into app_public.document_sharing_allowed_shares (id, type, from_account_type, to_role, name)
  values (coalesce($5, gen_random_uuid()), $1, $2, $3, btrim($4))
  returning * into made;
  return made;
end;
$function$;
comment on function app_public.make_document_sharing_option(text, text, text, text, uuid) is
  'Adds a document sharing option (admins only).';
grant execute on function app_public.make_document_sharing_option(text, text, text, text, uuid) to app_user;

create or replace function app_public.edit_document_sharing_option(id uuid, type text, from_account_type text,
  to_role text, name text)
  returns app_public.document_sharing_allowed_shares
  language plpgsql
  volatile security definer
  set search_path to 'pg_catalog', 'app_private', 'app_public'
as $function$
declare
  share app_public.document_sharing_allowed_shares;
  uses bigint;
begin
  perform app_private.require_platform_admin();
  perform app_private.check_sharing_option($2, $3, $4, $5);
  select * into share from app_public.document_sharing_allowed_shares s where s.id = $1 for update;
  if not found then
    raise exception 'Document sharing option not found.' using errcode = 'LL404';
  end if;
  if (share.type, share.from_account_type, share.to_role) is distinct from ($2, $3, $4) then
    select count(*) into uses from app_public.document_sharings ds
      join app_public.documents d on d.id = ds.document_id
     where d.type = share.type and ds.to_role = share.to_role;
    if uses > 0 then
      raise exception 'The sharing option "%" is used by % shared document% and only its name can change.',
        share.name, uses, case when uses = 1 then '' else 's' end using errcode = 'LL409';
    end if;
    if exists (select 1 from app_public.document_sharing_allowed_shares s
                where s.type = $2 and s.from_account_type = $3 and s.to_role = $4 and s.id <> $1) then
      raise exception 'This sharing option exists already.' using errcode = 'LL409';
    end if;
  end if;
  update app_public.document_sharing_allowed_shares s
     set type = $2, from_account_type = $3, to_role = $4, name = btrim($5), updated_on = now()
   where s.id = $1
  returning * into share;
  return share;
end;
$function$;
comment on function app_public.edit_document_sharing_option(uuid, text, text, text, text) is
  'Edits a document sharing option: its name always, its type and roles while no shared document uses it (admins only).';
grant execute on function app_public.edit_document_sharing_option(uuid, text, text, text, text) to app_user;
