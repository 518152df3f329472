// Account selection (spec part 1 section 2.4): the user's accounts, filtered by the `role` query parameter
// (comma-separated account types) and sorted by name.
import type { AccountRole, AccountType } from "./accounts.ts";

export interface AccountChoice {
  /** The users_accounts row. */
  id: string;
  role: AccountRole;
  /** logoUrl: where the account's uploaded logo is loaded from (none: its initials). */
  account: { id: string; name: string; slug: string | null; type: AccountType; logoUrl?: string | null };
}

function parseRoleFilter(role: string | null | undefined): AccountType[] | null {
  const types = (role ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return types.length ? (types as AccountType[]) : null;
}

export function selectableAccounts(choices: readonly AccountChoice[], role?: string | null): AccountChoice[] {
  const filter = parseRoleFilter(role);
  return choices
    .filter((choice) => !filter || filter.includes(choice.account.type))
    .sort((a, b) => a.account.name.localeCompare(b.account.name, "en", { sensitivity: "base" }));
}

export interface PendingTerms {
  id: string;
  type: string;
  agreement: string;
}
