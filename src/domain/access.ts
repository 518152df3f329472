// Route access decisions (spec part 1 section 2.2). Pure: the router guards turn these into redirects.
import { type AccountRole, type AccountType, homePath } from "./accounts.ts";
import type { Session } from "./session.ts";

type Access = { kind: "allow" } | { kind: "redirect"; to: string };

/** A signed-in area: no user -> /login; a user who has not picked an account -> account selection. */
export function decideSessionAccess(session: Session | null): Access {
  if (!session?.user) return { kind: "redirect", to: "/login" };
  if (!session.account) return { kind: "redirect", to: "/account-role" };
  return { kind: "allow" };
}

/** A route restricted to some account types sends other types to their own home. */
export function decideTypeAccess(session: Session | null, allowed: readonly AccountType[]): Access {
  const base = decideSessionAccess(session);
  if (base.kind === "redirect" || !session?.account) return base;
  if (allowed.includes(session.account.type)) return { kind: "allow" };
  return { kind: "redirect", to: homePath(session.account.type) };
}

/** A role restriction does not redirect: the page shows nothing. */
export function roleAllowed(session: Session | null, allowed: readonly AccountRole[]): boolean {
  const role = session?.userAccount?.role;
  return role !== undefined && allowed.includes(role);
}

/** The one "can write" rule: owners and admins change their account's data; viewers only read. */
export function canWrite(role: string | null | undefined): boolean {
  return role === "account_owner" || role === "account_admin";
}

/** Who is signed in, in which account and role, and whether they may write (what every screen asks). */
export interface Viewer {
  session: Session;
  accountId: string;
  accountType: string;
  role: AccountRole;
  canWrite: boolean;
}

/** The viewer of a session (the signed-in layout guarantees user and account; a missing role reads as viewer). */
export function viewerOf(session: Session | null | undefined): Viewer {
  const role = session?.userAccount?.role ?? "account_viewer";
  return {
    session: session ?? { user: null, account: null, userAccount: null },
    accountId: session?.account?.id ?? "",
    accountType: session?.account?.type ?? "",
    role,
    canWrite: canWrite(role),
  };
}
