// Route guards, used in beforeLoad of the pathless layout routes (src/routes/_app*.tsx). Decisions are pure
// (src/domain/access.ts); this file turns them into router redirects.
import { redirect } from "@tanstack/react-router";
import { UnauthorizedError } from "../data/graphql.ts";
import { loadSession, type SessionResult } from "../data/session.ts";
import { decideSessionAccess, decideTypeAccess } from "../domain/access.ts";
import type { AccountType } from "../domain/accounts.ts";
import type { Session } from "../domain/session.ts";

interface SessionContext {
  session: Session;
  sessionSource: SessionResult["source"];
}

async function currentSession(): Promise<SessionResult> {
  try {
    return await loadSession();
  } catch (error) {
    if (error instanceof UnauthorizedError) throw redirect({ to: "/login", replace: true });
    throw error;
  }
}

/** Signed in with an account chosen; otherwise /login or account selection. */
export async function requireSession(): Promise<SessionContext> {
  const result = await currentSession();
  const access = decideSessionAccess(result.session);
  if (access.kind === "redirect" || !result.session)
    throw redirect({ href: access.kind === "redirect" ? access.to : "/login", replace: true });
  return { session: result.session, sessionSource: result.source };
}

/** Restricts a layout to account types; other types go to their own home. */
export function requireAccountTypes(allowed: readonly AccountType[]) {
  return ({ context }: { context: { session: Session } }) => {
    const access = decideTypeAccess(context.session, allowed);
    if (access.kind === "redirect") throw redirect({ href: access.to, replace: true });
  };
}
