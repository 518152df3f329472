-- API performance (issue 8): the holdings select policy reads the request's claims once per statement instead of
-- once per row. The same rule as 0010's select_visible; only its evaluation changes: `current_account_id()` and
-- `current_account_type()` (stable: current_setting of the request's claims) were called for every row the scan
-- tested, `investor_id = nullif(current_setting(...), '')::uuid` parsing the account id each time; wrapped in scalar
-- subqueries they are InitPlans, evaluated once. An issuer's page of allHoldings scans every holding of the table
-- before its sort (offset pagination), so this was a cost per holding in the table on every page.
-- tests/db/rls-read.test.ts checks what every demo account reads.
alter policy select_visible on app_public.holdings
  using (((select app_private.current_account_type()) = 'investor'
          and investor_id = (select app_private.current_account_id()))
    or round_id in (select app_private.issuer_round_ids())
    or round_id in (select app_private.broker_round_ids()));
