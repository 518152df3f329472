-- An account's name and slug are not edited in its settings (spec part 1 section 6: the Account details panel shows
-- the name and, to issuers and brokers, the slug; owners and admins edit the contact details and addresses). The
-- name is set by account setup (setup_account) and account creation, the slug by the platform; a client's
-- updateAccountById that changes either, through GraphQL or POST /api/v2/commands, is refused with LL403 and changes
-- nothing (issue 22 item 7). Functions running as their owner (setup_account) are not affected.

create or replace function app_private.tg_accounts__identity_fixed()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $function$
begin
  if current_user = 'app_user'
     and (new.name is distinct from old.name or new.slug is distinct from old.slug) then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = 'an account''s name and slug are not edited in its settings';
  end if;
  return new;
end
$function$;

create or replace trigger _800_identity_fixed before update of name, slug on app_public.accounts
  for each row execute function app_private.tg_accounts__identity_fixed();
