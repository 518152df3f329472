-- The read models of question sets (kinds of the device's shared `records` collection, docs/QUESTIONS.md):
--   onboarding_question_sets  one document per set with its questions in execute order (audience: its account)
--   onboarding_questions      one document per question with its type and regex, and the sets it is in
--                             (`locked`: part of a locked set, so it cannot be edited) (audience: its account)
--   qualification_answers     one document per answer of the investor, decrypted for that investor only
--                             (audience: the investor)

create or replace function app_private.docs_onboarding_question_sets(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select s.id, app_private.live_document(
    app_private.row_document(to_jsonb(s), 'app_public.onboarding_question_sets')
    || jsonb_build_object(
      'questions', coalesce((
        select jsonb_agg(jsonb_build_object(
            'joinId', j.id, 'executeOrder', j.execute_order, 'questionId', q.id, 'name', q.name,
            'description', q.description, 'errorMessage', q.error_message, 'typeId', q.type_id)
          order by j.execute_order, j.created_on, j.id)
        from app_public.onboarding_question_joins j
          join app_public.onboarding_questions q on q.id = j.question_id
        where j.question_set_id = s.id), '[]'::jsonb)
    )
  )
  from app_public.onboarding_question_sets s where s.id = any (ids)
$function$;
grant execute on function app_private.docs_onboarding_question_sets(uuid[]) to app_user;

create or replace function app_private.docs_onboarding_questions(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select q.id, app_private.live_document(
    app_private.row_document(to_jsonb(q), 'app_public.onboarding_questions')
    || jsonb_build_object(
      'typeName', t.name, 'fieldType', t.field_type, 'regex', t.regex,
      'setIds', coalesce((select jsonb_agg(j.question_set_id order by j.question_set_id)
                          from app_public.onboarding_question_joins j where j.question_id = q.id), '[]'::jsonb),
      'locked', exists (select 1 from app_public.onboarding_question_joins j
                          join app_public.onboarding_question_sets s on s.id = j.question_set_id
                        where j.question_id = q.id and s.locked)
    )
  )
  from app_public.onboarding_questions q
    left join app_public.onboarding_question_types t on t.id = q.type_id
  where q.id = any (ids)
$function$;
grant execute on function app_private.docs_onboarding_questions(uuid[]) to app_user;

create or replace function app_private.docs_qualification_answers(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select i.id, app_private.live_document(
    app_private.row_document(to_jsonb(i), 'app_public.instanced_account_information')
    || jsonb_build_object('value', app_private.instanced_answer(i.id))
  )
  from app_public.instanced_account_information i where i.id = any (ids)
$function$;
grant execute on function app_private.docs_qualification_answers(uuid[]) to app_user;

create or replace function app_private.audience_onboarding_question_sets(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select s.account_id from app_public.onboarding_question_sets s where s.id = doc_id)
$function$;

create or replace function app_private.audience_onboarding_questions(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select q.account_id from app_public.onboarding_questions q where q.id = doc_id)
$function$;

create or replace function app_private.audience_qualification_answers(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select i.account_id from app_public.instanced_account_information i where i.id = doc_id)
$function$;

create or replace trigger _900_changes_onboarding_question_sets after insert or update or delete
  on app_public.onboarding_question_sets
  for each row execute function app_private.record_change('onboarding_question_sets', 'id');
create or replace trigger _900_changes_onboarding_question_sets after insert or update or delete
  on app_public.onboarding_question_joins
  for each row execute function app_private.record_change('onboarding_question_sets', 'question_set_id');
-- A question edited changes the documents of the sets it is in; a set locked changes its questions' `locked`.
create or replace trigger _900_changes_onboarding_question_sets after update on app_public.onboarding_questions
  for each row execute function app_private.record_related_changes('onboarding_question_sets', 'id',
    $$select j.question_set_id from app_public.onboarding_question_joins j where j.question_id = any ($1)$$);
create or replace trigger _900_changes_onboarding_questions after insert or update or delete
  on app_public.onboarding_questions
  for each row execute function app_private.record_change('onboarding_questions', 'id');
create or replace trigger _900_changes_onboarding_questions after insert or delete on app_public.onboarding_question_joins
  for each row execute function app_private.record_change('onboarding_questions', 'question_id');
create or replace trigger _900_changes_onboarding_questions after update on app_public.onboarding_question_sets
  for each row when (new.locked is distinct from old.locked)
  execute function app_private.record_related_changes('onboarding_questions', 'id',
    $$select j.question_id from app_public.onboarding_question_joins j where j.question_set_id = any ($1)$$);
create or replace trigger _900_changes_qualification_answers after insert or update or delete
  on app_public.instanced_account_information
  for each row execute function app_private.record_change('qualification_answers', 'id');
-- A new value for an existing answer: the document's value changed.
create or replace trigger _900_changes_qualification_answers after insert or update on app_private.instanced_account_values
  for each row execute function app_private.record_change('qualification_answers', 'id');
