-- Agents are businesses like issuers, brokers and ats: every non-investor account sees them in the account
-- directory (an issuer names an agent on an allocation's offering link).

alter policy select_visible on app_public.accounts
  using (id = app_private.current_account_id()
    or id in (select app_private.member_account_ids())
    or (type in ('issuer', 'broker', 'ats', 'agent')
        and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
    or app_private.current_account_type() = 'admin'
    or id in (select app_private.related_account_ids()));

alter policy update_own on app_public.accounts
  using (id = app_private.current_account_id()
    or id in (select app_private.member_account_ids())
    or (type in ('issuer', 'broker', 'ats', 'agent')
        and app_private.current_account_type() in ('issuer', 'broker', 'ats', 'agent'))
    or app_private.current_account_type() = 'admin'
    or id in (select app_private.related_account_ids()))
  with check (id = app_private.current_account_id() and app_private.can_write());
