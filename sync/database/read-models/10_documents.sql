-- The documents read model (RxDB collection "documents"): one document per uploaded document, with its sharings.

create or replace function app_private.docs_documents(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  -- file_key is the server's storage key: downloads go through the server, never straight to storage.
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d) - 'file_key', 'app_public.documents')
    || jsonb_build_object(
      'sharings', (select app_private.row_documents(jsonb_agg(to_jsonb(s) order by s.to_role), 'app_public.document_sharings')
                   from app_public.document_sharings s where s.document_id = d.id)
    ))
  from app_public.documents d where d.id = any (ids)
$function$;
grant execute on function app_private.docs_documents(uuid[]) to app_user;
