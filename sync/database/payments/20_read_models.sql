-- The read models of payments and integrations (kinds of the device's shared `records` collection, docs/PAYMENTS.md):
--   integrations      one document per integration, with the reader's own account integration and its process
--                     (audience: any account; built under the reader's row-level security)
--   payment_accounts  the account's payment account with its provider issuers, offerings and trades
--                     (audience: the account; other accounts get nothing)

create or replace function app_private.docs_integrations(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select i.id, app_private.live_document(
    app_private.row_document(to_jsonb(i) - 'partner_name' - 'partner_logo' - 'partner_url', 'app_public.integrations')
    || jsonb_build_object(
      'partner', jsonb_build_object('name', i.partner_name, 'logo', i.partner_logo, 'url', i.partner_url),
      -- Signing: which signer the reader's account uses (its signing account, issue 17)
      'signingProvider', case when i.type = 'signing' then (
        select jsonb_build_object('provider', s.provider, 'name', s.name) from app_public.signing_accounts s
        where s.account_id = app_private.current_account_id()) end,
      'accountIntegration', (
        select jsonb_build_object(
          'id', ai.id, 'accountId', ai.account_id, 'status', ai.status, 'createdOn', ai.created_on,
          'process', jsonb_build_object(
            'currentStep', case when ai.status = 'complete' then null
              else jsonb_build_object('order', ai.current_step, 'title', i.steps[ai.current_step]) end,
            'steps', coalesce((
              select jsonb_agg(jsonb_build_object('order', s.ord, 'title', s.title,
                  'status', case when s.ord < ai.current_step or ai.status = 'complete' then 'complete'
                                 when s.ord = ai.current_step then 'in_progress' else 'not_started' end)
                order by s.ord)
              from unnest(i.steps) with ordinality s(title, ord)), '[]'::jsonb)),
          'paymentAccountId', (select p.id from app_public.payment_accounts p
                               where p.account_id = ai.account_id and i.type = 'payment'),
          'providerName', (select p.provider_name from app_public.payment_accounts p
                           where p.account_id = ai.account_id and i.type = 'payment'))
        from app_public.account_integrations ai
        where ai.integration_id = i.id and ai.account_id = app_private.current_account_id()
      )
    )
  )
  from app_public.integrations i where i.id = any (ids)
$function$;
grant execute on function app_private.docs_integrations(uuid[]) to app_user;

create or replace function app_private.docs_payment_accounts(ids uuid[])
  returns table(id uuid, doc jsonb)
  language sql
  stable
  set search_path to 'pg_catalog', 'app_public', 'app_private'
as $function$
  select p.id, app_private.live_document(
    app_private.row_document(to_jsonb(p), 'app_public.payment_accounts')
    || jsonb_build_object(
      'issuers', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(x) order by x.name, x.id), 'app_public.payment_issuers')
        from app_public.payment_issuers x where x.payment_account_id = p.id), '[]'::jsonb),
      'instruments', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(x) order by x.name, x.id), 'app_public.payment_instruments')
        from app_public.payment_instruments x where x.payment_account_id = p.id), '[]'::jsonb),
      'trades', coalesce((
        select app_private.row_documents(jsonb_agg(to_jsonb(x) || jsonb_build_object('distribution_name', d.name)
            order by x.created_on desc, x.id), 'app_public.payment_trades')
        from app_public.payment_trades x left join app_public.distributions d on d.id = x.distribution_id
        where x.payment_account_id = p.id), '[]'::jsonb)
    )
  )
  from app_public.payment_accounts p where p.id = any (ids)
$function$;
grant execute on function app_private.docs_payment_accounts(uuid[]) to app_user;

create or replace function app_private.audience_payment_accounts(doc_id uuid)
  returns uuid[]
  language sql
  stable security definer
  set search_path to 'pg_catalog', 'app_public'
as $function$
  select array(select p.account_id from app_public.payment_accounts p where p.id = doc_id)
$function$;

create or replace trigger _900_changes_integrations after insert or update or delete on app_public.integrations
  for each row execute function app_private.record_change('integrations', 'id');
create or replace trigger _900_changes_integrations after insert or update or delete on app_public.account_integrations
  for each row execute function app_private.record_change('integrations', 'integration_id');
create or replace trigger _900_changes_payment_accounts after insert or update or delete on app_public.payment_accounts
  for each row execute function app_private.record_change('payment_accounts', 'id');
create or replace trigger _900_changes_payment_accounts after insert or update or delete on app_public.payment_issuers
  for each row execute function app_private.record_change('payment_accounts', 'payment_account_id');
create or replace trigger _900_changes_payment_accounts after insert or update or delete on app_public.payment_instruments
  for each row execute function app_private.record_change('payment_accounts', 'payment_account_id');
create or replace trigger _900_changes_payment_accounts after insert or update or delete on app_public.payment_trades
  for each row execute function app_private.record_change('payment_accounts', 'payment_account_id');
