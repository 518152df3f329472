// The signed-in session as the client sees it (spec part 1 section 3: user, account, userAccount).
import * as v from "valibot";
import { ACCOUNT_ROLES, ACCOUNT_TYPES } from "./accounts.ts";

const SessionUserSchema = v.object({
  id: v.string(),
  firstName: v.nullish(v.string()),
  lastName: v.nullish(v.string()),
});

const SessionAccountSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(ACCOUNT_TYPES),
  slug: v.nullish(v.string()),
  // The spec treats the setup flag as a number; booleans and numbers both arrive.
  setup: v.nullish(v.union([v.boolean(), v.number()])),
  // the account's logo (where it is loaded from, once uploaded) and the external address it links to
  logoUrl: v.nullish(v.string()),
  logoLink: v.nullish(v.string()),
});

const SessionUserAccountSchema = v.object({
  id: v.string(),
  role: v.picklist(ACCOUNT_ROLES),
  status: v.nullish(v.string()),
});

export const SessionSchema = v.object({
  user: v.nullable(SessionUserSchema),
  account: v.nullable(SessionAccountSchema),
  userAccount: v.nullable(SessionUserAccountSchema),
});

export type Session = v.InferOutput<typeof SessionSchema>;
