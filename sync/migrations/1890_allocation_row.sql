-- bulkAllocation's rows typed (issue 30): a row of the allocation CSV is the composite type allocation_row, so the API
-- takes `rows: [AllocationRowInput]!` (its fields typed: row Int, id UUID, email, name and amount String) instead of
-- untyped JSON. The old signature goes; its code file (sync/database/allocations/10_allocations.sql) creates the new
-- one. The amount is the file's text, a decimal string as on the wire: the function reads it and names the file's
-- row in each refusal ('Row 702: Numbers must not contain commas.'), which a numeric field's API check could not do.
-- Email and amount stay nullable for the same reason ('Row 3: Email is required.').
drop function if exists app_public.bulk_allocation(uuid, text, jsonb);

create type app_public.allocation_row as (
  "row" integer,
  id uuid,
  email text,
  name text,
  amount text
);
comment on type app_public.allocation_row is
  E'One row of an allocation cap-table CSV as the device read it: the file''s row number (the header is row 1), the distribution''s id, the investor''s e-mail and contact name, and the amount of units as written in the file.';
