-- Answers of encrypted_form steps are encrypted at rest (pgcrypto's pgp_sym_encrypt) in
-- app_private.step_submissions.sealed with the key the server gives each connection (ll.encryption_key,
-- sync/db/encryption-key.ts; never stored in the database): seal, unseal, the trigger that seals a submission, and
-- stepAnswers, which reads them back for who may.

create or replace function app_private.encryption_key()
  returns text
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $function$
declare
  key text := nullif(current_setting('ll.encryption_key', true), '');
begin
  if key is null then
    raise exception 'No encryption key: the server sets ll.encryption_key on its connections.';
  end if;
  if to_regprocedure('public.pgp_sym_encrypt(text, text, text)') is null then
    raise exception 'Encrypted answers need the pgcrypto extension, which this database does not have.';
  end if;
  return key;
end;
$function$;

create or replace function app_private.seal(data jsonb)
  returns bytea
  language plpgsql
  set search_path to 'pg_catalog', 'public'
as $function$
begin
  return public.pgp_sym_encrypt(data::text, app_private.encryption_key(), 'cipher-algo=aes256, compress-algo=0');
end;
$function$;

create or replace function app_private.tg_step_submissions__seal()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
begin
  if new.data is not null
      and exists (select 1 from app_public.steps s where s.id = new.step_id and s.type = 'encrypted_form') then
    new.sealed := app_private.seal(new.data);
    new.data := null;
  end if;
  return new;
end;
$function$;

create or replace function app_private.unseal(sealed bytea)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog', 'public'
as $function$
begin
  return public.pgp_sym_decrypt(sealed, app_private.encryption_key())::jsonb;
end;
$function$;

create or replace function app_public.step_answers(step_id uuid)
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
declare
  submission app_private.step_submissions;
begin
  if app_private.current_account_id() is null then
    return null;
  end if;
  if not exists (
      select 1 from app_public.steps s
        join app_public.processes p on p.id = s.process_id
        join app_public.distributions d on d.id = p.distribution_id
      where s.id = step_answers.step_id
        and ((p.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor')
             or d.allocation_id in (select app_private.staff_allocation_ids()))) then
    return null;
  end if;
  select x.* into submission from app_private.step_submissions x
    where x.step_id = step_answers.step_id order by x.created_on desc, x.id desc limit 1;
  if submission.id is null then
    return null;
  end if;
  return coalesce(submission.data, app_private.unseal(submission.sealed));
end;
$function$;

comment on function app_public.step_answers(uuid) is
  'The latest answers submitted for a form step (encrypted ones decrypted), for its investor and the allocation''s staff.';
grant execute on function app_public.step_answers(uuid) to app_user;

-- Where these functions fire.
create or replace trigger _200_seal BEFORE INSERT OR UPDATE ON app_private.step_submissions FOR EACH ROW
  execute function app_private.tg_step_submissions__seal();
