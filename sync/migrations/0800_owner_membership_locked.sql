-- The owner's membership cannot be edited through the API (spec part 2 section 5: "The owner row cannot be edited";
-- section 6: "Delegates can be given only admin or viewer roles; non-owner rows only"). The update policy of 0010
-- only refused making a row the owner (its WITH CHECK sees the new row): an admin could still demote or suspend the
-- owner. This row trigger refuses, for app_user, any insert, update or delete that touches an owner row or makes
-- one, whatever the path (updateUsersAccountById, the command endpoint, an invoker function). SECURITY DEFINER
-- functions that transfer or claim ownership run as the table owner and are not affected.
create function app_private.tg_users_accounts__owner_locked() returns trigger
  language plpgsql
  set search_path = pg_catalog
  as $$
begin
  if current_user = 'app_user' and (
      (tg_op in ('UPDATE', 'DELETE') and old.role = 'account_owner')
      or (tg_op in ('INSERT', 'UPDATE') and new.role = 'account_owner')) then
    raise exception 'Operation not allowed' using errcode = 'LL403',
      detail = 'the owner''s membership cannot be edited, and nobody becomes owner here';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;
create trigger _060_owner_locked before insert or update or delete on app_public.users_accounts
  for each row execute function app_private.tg_users_accounts__owner_locked();
