-- A transfer request's documents (issue 32 item 1, docs/TRANSFERS.md "Documents"): the files the holder chose in the
-- Transfer dialog, kept by the request as upload slot keys (transfers.document_keys). Whoever reads the request
-- (its row-level security: the holder, the transferee, the security's issuer, a broker managing the round, the
-- security's transfer agent) reads each file's name and whether it has arrived (Transfer.documents), and downloads
-- it through
-- GET /api/v2/documents/transfers/{transferId}/{key} (sync/http/uploads.ts), which reads the request under the
-- session's row-level security the same way.

create or replace function app_public.transfers_documents(t app_public.transfers)
  returns jsonb
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  -- the slots' names: the row itself came through the caller's row-level security
  select coalesce(jsonb_agg(jsonb_build_object('key', s.key, 'name', s.file_name, 'uploaded', s.status = 'uploaded')
                            order by array_position(t.document_keys, s.key)), '[]'::jsonb)
    from app_private.upload_slots s
   where s.key = any(t.document_keys)
$function$;
comment on function app_public.transfers_documents(app_public.transfers) is
  E'The request''s documents: each file''s key, name and whether it has arrived.';
grant execute on function app_public.transfers_documents(app_public.transfers) to app_user;

