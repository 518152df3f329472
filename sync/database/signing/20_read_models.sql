-- The read models of e-signature (kinds of the device's shared `records` collection, docs/SIGNING.md), built under
-- the reader's row-level security:
--   signing_accounts          the account's signing account with its templates (each with documents, the roles and
--                             fields the provider reports) and the mapping choices (mappingRoles, mappingFields)
--                             (audience: the account)
--   mapped_signing_templates  a mapped template with its roles, fields, question sets and its template's state
--                             (audience: the account; parent signingTemplateId)
--   sent_signing_documents    a document sent for signature with its status and signed PDF
--                             (audience: the mapped template's account and the investor it was sent to; parent
--                             mappedSigningTemplateId)

create or replace function app_private.docs_signing_accounts(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.id, app_private.live_document(
    app_private.row_document(to_jsonb(s), 'app_public.signing_accounts')
    || jsonb_build_object(
      'templates', coalesce((
        select jsonb_agg(
            app_private.row_document(to_jsonb(t) - 'file_key' - 'content_hash', 'app_public.signing_templates')
            || jsonb_build_object('documents', coalesce((
              select app_private.row_documents(jsonb_agg(to_jsonb(d) order by d."order", d.name, d.id),
                                               'app_public.signing_documents')
              from app_public.signing_documents d where d.signing_template_id = t.id), '[]'::jsonb))
          order by t.name, t.id)
        from app_public.signing_templates t where t.signing_account_id = s.id), '[]'::jsonb),
      'mappingRoles', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(r) order by r.role), 'app_public.mapping_roles')
        from app_public.mapping_roles r), '[]'::jsonb),
      'mappingFields', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.field), 'app_public.mapping_fields')
        from app_public.mapping_fields f), '[]'::jsonb)
    )
  )
  from app_public.signing_accounts s where s.id = any (ids)
$function$;
grant execute on function app_private.docs_signing_accounts(uuid[]) to app_user;

create or replace function app_private.docs_mapped_signing_templates(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select m.id, app_private.live_document(
    -- `deleted` is a reserved top-level name in RxDB: the document says isDeleted
    app_private.row_document(to_jsonb(m) - 'deleted', 'app_public.mapped_signing_templates')
    || jsonb_build_object(
      'isDeleted', m.deleted,
      'template', (
        select jsonb_build_object('id', t.id, 'name', t.name, 'modifiedOn', t.modified_on, 'deleted', t.deleted,
                                  'syncedOn', t.synced_on)
        from app_public.signing_templates t where t.id = m.signing_template_id),
      'roles', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(r) order by r."order", r.name, r.id), 'app_public.signing_roles')
        from app_public.signing_roles r where r.mapped_signing_template_id = m.id), '[]'::jsonb),
      'fields', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(f) order by f.page nulls last, f.name, f.id),
                                         'app_public.signing_fields')
        from app_public.signing_fields f where f.mapped_signing_template_id = m.id), '[]'::jsonb),
      'questionSets', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(q) order by q.execute_order, q.id),
                                         'app_public.mapped_signing_template_question_sets')
        from app_public.mapped_signing_template_question_sets q where q.mapped_signing_template_id = m.id), '[]'::jsonb)
    )
  )
  from app_public.mapped_signing_templates m where m.id = any (ids)
$function$;
grant execute on function app_private.docs_mapped_signing_templates(uuid[]) to app_user;

-- The names of mapped templates (an investor reads the name of the document it signs, not the mapped template).
create or replace function app_private.signing_template_names(ids uuid[])
  returns table(id uuid, name text)
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$ select m.id, m.name from app_public.mapped_signing_templates m where m.id = any (ids) $function$;
grant execute on function app_private.signing_template_names(uuid[]) to app_user;

create or replace function app_private.docs_sent_signing_documents(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select d.id, app_private.live_document(
    app_private.row_document(to_jsonb(d), 'app_public.sent_signing_documents')
    || jsonb_build_object(
      'sentTo', (select jsonb_build_object('id', a.id, 'name', a.name)
                 from app_private.visible_accounts(array[d.sent_to_id]) a),
      'name', (select m.name from app_private.signing_template_names(array[d.mapped_signing_template_id]) m))
  )
  from app_public.sent_signing_documents d where d.id = any (ids)
$function$;
grant execute on function app_private.docs_sent_signing_documents(uuid[]) to app_user;

create or replace function app_private.audience_signing_accounts(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$ select array(select s.account_id from app_public.signing_accounts s where s.id = doc_id) $function$;

create or replace function app_private.audience_mapped_signing_templates(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$ select array(select m.account_id from app_public.mapped_signing_templates m where m.id = doc_id) $function$;

create or replace function app_private.audience_sent_signing_documents(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(
    select m.account_id from app_public.sent_signing_documents d
      join app_public.mapped_signing_templates m on m.id = d.mapped_signing_template_id where d.id = doc_id
    union select d.sent_to_id from app_public.sent_signing_documents d where d.id = doc_id)
$function$;

create or replace trigger _900_changes_signing_accounts after insert or update or delete on app_public.signing_accounts
  for each row execute function app_private.record_change('signing_accounts', 'id');
create or replace trigger _900_changes_signing_accounts after insert or update or delete on app_public.signing_templates
  for each row execute function app_private.record_change('signing_accounts', 'signing_account_id');
-- A template changed: its account's document (above), and the documents of the templates mapped from it.
create or replace trigger _910_changes_mapped_signing_templates after update or delete on app_public.signing_templates
  for each row execute function app_private.record_related_changes('mapped_signing_templates', 'id',
    $$select m.id from app_public.mapped_signing_templates m where m.signing_template_id = any ($1)$$);
create or replace trigger _900_changes_mapped_signing_templates after insert or update or delete on app_public.mapped_signing_templates
  for each row execute function app_private.record_change('mapped_signing_templates', 'id');
create or replace trigger _900_changes_mapped_signing_templates after insert or update or delete on app_public.signing_roles
  for each row execute function app_private.record_change('mapped_signing_templates', 'mapped_signing_template_id');
create or replace trigger _900_changes_mapped_signing_templates after insert or update or delete on app_public.signing_fields
  for each row execute function app_private.record_change('mapped_signing_templates', 'mapped_signing_template_id');
create or replace trigger _900_changes_mapped_signing_templates after insert or update or delete on app_public.mapped_signing_template_question_sets
  for each row execute function app_private.record_change('mapped_signing_templates', 'mapped_signing_template_id');
create or replace trigger _900_changes_sent_signing_documents after insert or update or delete on app_public.sent_signing_documents
  for each row execute function app_private.record_change('sent_signing_documents', 'id');
