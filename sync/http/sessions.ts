// Sessions live in app_private.sessions so any server process can serve any request. The cookie holds a random
// token; the table holds only its SHA-256, so a leaked table does not yield usable cookies. Expiry slides: a session
// used within SESSION_TTL stays alive, and its cookie is renewed at most once per RENEW_AFTER.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";

export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
const RENEW_AFTER_SECONDS = 60 * 60;

export interface ResolvedSession extends SessionClaims {
  /** Set when the session's expiry was extended: the cookie should be sent again. */
  renewed: boolean;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Where a sign-in came from: kept with the session, so the audit trail names the device of its every event. */
export interface SessionDevice {
  ip: string | null;
  userAgent: string | null;
}

export async function createSession(db: Database, userId: string, device?: SessionDevice): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `insert into app_private.sessions (token_hash, user_id, expires_on, ip, user_agent)
     values ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
    [hashToken(token), userId, SESSION_TTL_SECONDS, device?.ip ?? null, device?.userAgent?.slice(0, 2000) ?? null],
  );
  return token;
}

interface SessionRow {
  id: string;
  user_id: string;
  account_id: string | null;
  account_type: string | null;
  account_role: string | null;
  renew: boolean;
}

// The account counts only while the membership is active: a user removed from an account loses it at once.
const RESOLVE_SESSION = `select s.id, s.user_id, ua.account_id, a.type as account_type, ua.role as account_role,
            s.expires_on < now() + make_interval(secs => $2) as renew
       from app_private.sessions s
       left join app_public.users_accounts ua
         on ua.user_id = s.user_id and ua.account_id = s.account_id and ua.status = 'active'
       left join app_public.accounts a on a.id = ua.account_id
      where s.token_hash = $1 and s.expires_on > now()`;

/**
 * Every request looks its session up in the database (no cache in the process: a sign-out, an expiry or a removed
 * membership written by any server process counts on the next request). On PostgreSQL the lookup is a named
 * prepared statement, parsed and planned once per connection; PGlite runs it as a plain query.
 */
function querySession(db: Database, values: unknown[]): Promise<{ rows: SessionRow[] }> {
  const pool = (db as Database & { pool?: pg.Pool }).pool;
  if (db.kind === "postgres" && pool) {
    return pool.query<SessionRow>({ name: "ll_resolve_session", text: RESOLVE_SESSION, values });
  }
  return db.query<SessionRow>(RESOLVE_SESSION, values);
}

/** The live session for a cookie token, with the chosen account's type and the user's role in it. */
export async function resolveSession(db: Database, token: string | undefined): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null;
  const { rows } = await querySession(db, [hashToken(token), SESSION_TTL_SECONDS - RENEW_AFTER_SECONDS]);
  const row = rows[0];
  if (!row) return null;
  if (row.renew) {
    await db.query(
      "update app_private.sessions set expires_on = now() + make_interval(secs => $2), updated_on = now() where id = $1",
      [row.id, SESSION_TTL_SECONDS],
    );
  }
  return {
    sessionId: row.id,
    userId: row.user_id,
    accountId: row.account_id,
    accountType: row.account_type,
    accountRole: row.account_role,
    renewed: row.renew,
  };
}

export async function setSessionAccount(db: Database, sessionId: string, accountId: string | null): Promise<void> {
  await db.query("update app_private.sessions set account_id = $2, updated_on = now() where id = $1", [
    sessionId,
    accountId,
  ]);
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.query("delete from app_private.sessions where id = $1", [sessionId]);
}
