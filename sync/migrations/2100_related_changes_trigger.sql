-- The read models' look-up triggers are one trigger function, app_private.record_related_changes
-- (sync/database/replication/05_change_log.sql), whose arguments name the model, the changed row's key and the
-- look-up of the documents (issue 30, duplicates): a holding address (its round's tokens), a signing template (the
-- templates mapped from it), a user or a user's email (the user's memberships), an evidence file's upload slot (its
-- verification), a question and a question set (the sets it is in, the set's questions), an account's setup (the open
-- transfers to it), a party's address or an address (the accounts that use it), a vendor qualification (its
-- account's allocations), an allocation's name or round (its distributions), a security's name, ticker, total or unit
-- value (its rounds). Their own functions are dropped with the triggers that ran them; the code files make the
-- triggers again on the shared function.
drop function if exists app_private.tg_holding_blockchain_addresses__token_documents() cascade;
drop function if exists app_private.tg_signing_templates__mapped_documents() cascade;
drop function if exists app_private.tg_users__membership_documents() cascade;
drop function if exists app_private.tg_upload_slots__accreditation_changes() cascade;
drop function if exists app_private.tg_onboarding_questions__set_documents() cascade;
drop function if exists app_private.tg_onboarding_question_sets__question_documents() cascade;
drop function if exists app_private.tg_accounts__transfer_onboarding() cascade;
drop function if exists app_private.tg__account_details_changed() cascade;
drop function if exists app_private.tg_vendor_qualifications__changes() cascade;
drop function if exists app_private.tg_allocations__embedded() cascade;
drop function if exists app_private.tg_securities__embedded() cascade;
