// The `users_accounts` read model (a kind of `records`, parent accountId; server:
// sync/database/delegates/20_read_model.sql, docs/PERMISSIONS.md "Delegates"): every membership of the account (the
// Delegates tab: owner, admins, viewers; active or suspended) with its user's name, status and emails.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, object, uuid } from "./fields.ts";

export const usersAccountSchema = kindSchema({
  title: "users_accounts",
  description: "A membership of the account (a delegate): role, status and the user with their emails.",
  version: 0,
  properties: {
    accountId: uuid,
    userId: uuid,
    role: keyword,
    status: keyword,
    user: object,
  },
  required: ["accountId", "userId", "role", "status"],
  indexes: ["accountId"],
});

export type UsersAccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof usersAccountSchema>;

/** The member of a membership document (`user`). */
export interface DelegateUser {
  id: string;
  firstName: string;
  lastName: string;
  status: string;
  emails: { id: string; email: string; isPrimary: boolean }[];
}
