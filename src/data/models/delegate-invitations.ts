// Delegate invitations nobody has claimed yet (a kind of `records`, parent accountId; server:
// sync/database/delegates/30_invitations.sql): listed among the delegates with their status (pending, expired).
import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { flag, keyword, optionalText, text, timestamp, uuid } from "./fields.ts";

export const delegateInvitationSchema = toTypedRxJsonSchema({
  title: "delegate_invitations",
  description: "An invitation to become a delegate (or the owner) of the account, not claimed yet.",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    accountId: uuid,
    email: text,
    firstName: optionalText,
    lastName: optionalText,
    role: keyword,
    transferOwnership: flag,
    status: keyword,
    expiresOn: timestamp,
    invitedBy: optionalText,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "accountId", "email", "role", "status", "expiresOn", "createdOn", "updatedOn"],
} as const);

export type DelegateInvitationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof delegateInvitationSchema>;
