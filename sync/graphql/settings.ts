// The request settings PostgreSQL policies read (docs/CONVENTIONS.md "Request settings"). The HTTP layer resolves
// the session from the cookie before a request reaches PostGraphile and attaches it to the request here; every
// GraphQL operation then runs as role app_user with the session's claims, so row-level security always applies.
import type { IncomingMessage } from "node:http";
import type { Sql } from "../db/database.ts";

export interface SessionClaims {
  sessionId: string;
  userId: string;
  /** null until the user picks an account: policies then allow only the user's own data and terms. */
  accountId: string | null;
  accountType: string | null;
  accountRole: string | null;
}

const sessions = new WeakMap<IncomingMessage, SessionClaims>();

export function attachSession(request: IncomingMessage, session: SessionClaims): void {
  sessions.set(request, session);
}

function sessionOf(request: IncomingMessage | undefined): SessionClaims | undefined {
  return request ? sessions.get(request) : undefined;
}

export function pgSettingsFor(session: SessionClaims | undefined): Record<string, string | undefined> {
  return {
    role: "app_user",
    // timestamptz is selected as text and rebuilt as ISO in JavaScript (timestamps.ts): its text form must be ISO.
    DateStyle: "ISO, MDY",
    "jwt.claims.session_id": session?.sessionId,
    "jwt.claims.user_id": session?.userId,
    "jwt.claims.account_id": session?.accountId ?? undefined,
    "jwt.claims.account_type": session?.accountType ?? undefined,
    "jwt.claims.role": session?.accountRole ?? undefined,
  };
}

export function pgSettingsFromRequestContext(requestContext: Partial<Grafast.RequestContext>) {
  return pgSettingsFor(sessionOf(requestContext.node?.req ?? requestContext.ws?.request));
}

/**
 * The session's claims and role app_user for the rest of a transaction the server opens itself (reports, signing):
 * what a GraphQL request gets, so row-level security applies alike.
 */
export async function sessionRole(tx: Sql, session: SessionClaims): Promise<void> {
  await tx.query(
    `select set_config('jwt.claims.session_id', $1, true), set_config('jwt.claims.user_id', $2, true),
            set_config('jwt.claims.account_id', $3, true), set_config('jwt.claims.account_type', $4, true),
            set_config('jwt.claims.role', $5, true)`,
    [session.sessionId, session.userId, session.accountId ?? "", session.accountType ?? "", session.accountRole ?? ""],
  );
  await tx.query("set local role app_user");
}
