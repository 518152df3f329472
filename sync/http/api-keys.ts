// API keys (docs/API.md "API keys"): a request with `Authorization: Bearer <key>` runs as the key's account and role,
// with the same claims a session sets (its session id is the key's id), so row-level security applies alike and no
// sign-in or account selection is needed. The table holds only the key's SHA-256; app_private.use_api_key resolves
// it, counts the request in the key's minute (shared by every server process) and marks the key used.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "../db/database.ts";
import { sendJson } from "./respond.ts";
import type { ResolvedSession } from "./sessions.ts";

export const API_KEY_TEXT = {
  invalid: "This API key is not valid: it is mistyped, revoked, or its maker has left the account.",
  tooMany: (seconds: number) =>
    `Too many requests with this API key: try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
} as const;

/** The key of an `Authorization: Bearer` header; undefined without one (the request uses its cookie). */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? "") : "";
}

export type KeyOutcome =
  | { ok: true; session: ResolvedSession }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfter: number };

interface KeyRow {
  key_id: string;
  user_id: string;
  account_id: string;
  account_type: string;
  account_role: string | null;
  retry_after: number | null;
}

export async function resolveApiKey(db: Database, token: string): Promise<KeyOutcome> {
  if (!token || token.length > 200) return { ok: false, status: 401 };
  const hash = createHash("sha256").update(token, "utf8").digest("hex");
  const { rows } = await db.query<KeyRow>("select * from app_private.use_api_key($1)", [hash]);
  const row = rows[0];
  if (!row) return { ok: false, status: 401 };
  if (row.retry_after !== null) return { ok: false, status: 429, retryAfter: row.retry_after };
  return {
    ok: true,
    session: {
      sessionId: row.key_id,
      userId: row.user_id,
      accountId: row.account_id,
      accountType: row.account_type,
      accountRole: row.account_role,
      renewed: false,
    },
  };
}

/** The refusal of a request whose key does not resolve: 401, or 429 with Retry-After, in the GraphQL shape. */
export function refuseKey(res: ServerResponse, outcome: Exclude<KeyOutcome, { ok: true }>): void {
  if (outcome.status === 429) {
    res.setHeader("Retry-After", String(outcome.retryAfter));
    sendJson(res, 429, {
      errors: [{ message: API_KEY_TEXT.tooMany(outcome.retryAfter), extensions: { code: "LL429" } }],
    });
    return;
  }
  res.setHeader("WWW-Authenticate", 'Bearer realm="Ledgerline"');
  sendJson(res, 401, { errors: [{ message: API_KEY_TEXT.invalid, extensions: { code: "LL401" } }] });
}
