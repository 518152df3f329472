-- Answers of encrypted_form steps are encrypted at rest (pgcrypto's pgp_sym_encrypt, AES-256) in
-- app_private.step_submissions.sealed; plain form answers stay readable jsonb in `data`.
--
-- The key is never stored in the database: the server holds it (LL_ENCRYPTION_KEY, else a key file beside the data
-- directory, in-memory databases a random key: sync/db/encryption-key.ts) and gives it to every connection it opens
-- as the setting `ll.encryption_key` (sync/db/open.ts); a script or test passes it per transaction with
-- set_config('ll.encryption_key', key, true). Without it, sealing and unsealing fail loudly instead of storing
-- plain text.
--
-- pgcrypto: PGlite ships it as a loadable extension (loaded where the server creates PGlite), PostgreSQL as contrib.
-- Where it is not available the schema still migrates, and only encrypted answers are refused.

do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pgcrypto') then
    create extension if not exists pgcrypto with schema public;
  end if;
end
$$;

create function app_private.encryption_key() returns text
  language plpgsql stable
  set search_path = pg_catalog
as $$
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
$$;

create function app_private.seal(data jsonb) returns bytea
  language plpgsql volatile
  set search_path = pg_catalog, public
as $$
begin
  return public.pgp_sym_encrypt(data::text, app_private.encryption_key(), 'cipher-algo=aes256, compress-algo=0');
end;
$$;

create function app_private.unseal(sealed bytea) returns jsonb
  language plpgsql stable
  set search_path = pg_catalog, public
as $$
begin
  return public.pgp_sym_decrypt(sealed, app_private.encryption_key())::jsonb;
end;
$$;
-- Owner only: app_user never calls these directly (definer functions do, after their own checks).
revoke execute on function app_private.encryption_key(), app_private.seal(jsonb), app_private.unseal(bytea) from public;

alter table app_private.step_submissions add column sealed bytea;
alter table app_private.step_submissions alter column data drop not null;
alter table app_private.step_submissions add constraint step_submissions_data_or_sealed
  check ((data is null) <> (sealed is null));

-- Every insert of an encrypted_form step's answers is sealed, whoever inserts it (completeStep today).
create function app_private.tg_step_submissions__seal() returns trigger
  language plpgsql volatile security definer
  set search_path = pg_catalog, app_public, app_private
as $$
begin
  if new.data is not null
      and exists (select 1 from app_public.steps s where s.id = new.step_id and s.type = 'encrypted_form') then
    new.sealed := app_private.seal(new.data);
    new.data := null;
  end if;
  return new;
end;
$$;
create trigger _200_seal before insert or update on app_private.step_submissions
  for each row execute function app_private.tg_step_submissions__seal();

-- Answers stored before this migration are sealed now (the server gives the key to the migrating connection).
update app_private.step_submissions x set data = x.data
  where x.data is not null
    and exists (select 1 from app_public.steps s where s.id = x.step_id and s.type = 'encrypted_form');

-- stepAnswers(stepId): the latest answers submitted for a form or encrypted_form step, decrypted by the server, for
-- the step's investor and for the staff of the distribution's allocation (its issuer, an accepted broker, the
-- allocation's owner, a linked agent). NULL when nothing was submitted or the caller may not see them.
create function app_public.step_answers(step_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path = pg_catalog, app_public, app_private
as $$
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
$$;
comment on function app_public.step_answers(uuid) is
  'The latest answers submitted for a form step (encrypted ones decrypted), for its investor and the allocation''s staff.';
grant execute on function app_public.step_answers(uuid) to app_user;
