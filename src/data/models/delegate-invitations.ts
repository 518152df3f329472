// Delegate invitations nobody has claimed yet (a kind of `records`, parent accountId; server:
// sync/database/delegates/30_invitations.sql): listed among the delegates with their status (pending, expired).
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { flag, keyword, kindSchema, optionalText, text, timestamp, uuid } from "./fields.ts";

export const delegateInvitationSchema = kindSchema({
  title: "delegate_invitations",
  description: "An invitation to become a delegate (or the owner) of the account, not claimed yet.",
  version: 0,
  properties: {
    accountId: uuid,
    email: text,
    firstName: optionalText,
    lastName: optionalText,
    role: keyword,
    transferOwnership: flag,
    status: keyword,
    expiresOn: timestamp,
    invitedBy: optionalText,
  },
  required: ["accountId", "email", "role", "status", "expiresOn"],
});

export type DelegateInvitationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof delegateInvitationSchema>;
