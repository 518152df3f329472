-- The holdings documents that a token, contract, cap table entry, holding address or blockchain address changes are
-- found by the shared look-up trigger app_private.record_related_changes (its second key column serves a cap table
-- entry's investor) and, for a holding address, by record_change itself (sync/database/holdings/10_holdings.sql;
-- issue 30, duplicates). The one function that held the five look-ups is dropped with its triggers; the code file
-- makes the triggers again.
drop function if exists app_private.tg__token_holdings_changed() cascade;
