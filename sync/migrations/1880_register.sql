-- The register as of any date (issue 32 item 3): the row types of the register's reads. The functions that build
-- them from the ledger live in sync/database/register/10_register.sql (docs/REGISTER.md).
create type app_public.register_line as (
  holding_id uuid,
  investor_id uuid,
  investor text,
  investor_email text,
  asset text,
  round text,
  security_id uuid,
  security text,
  units numeric,
  purchase_price numeric,
  issued_on timestamptz,
  paid_on date
);
comment on type app_public.register_line is
  'One line of the register as of a date: a holder''s units of one holding, rebuilt from the ledger.';

create type app_public.register_control_line as (
  security_id uuid,
  security text,
  authorized numeric,
  issued numeric,
  outstanding numeric,
  holdings numeric,
  cap_table numeric,
  tokenized_holdings numeric,
  on_chain numeric
);
comment on type app_public.register_control_line is
  'The control report of one security: authorized, issued and outstanding units from the ledger, the holdings, the cap table and the chain.';
