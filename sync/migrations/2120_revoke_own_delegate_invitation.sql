-- revokeDelegateInvitation and resendDelegateInvitation revoke the invitation through one function,
-- app_private.revoke_own_delegate_invitation (sync/database/delegates/30_invitations.sql: the owner's or admin's
-- invitation found and locked, its link expired, it marked revoked), which replaces the look-up they both called
-- before doing those two steps each (issue 30, duplicates).
drop function if exists app_private.own_delegate_invitation(uuid);
