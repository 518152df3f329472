// Account logos (issue 35 item 7): GET /api/v2/logos/<key>, the image an account's owner or admin uploaded
// (setAccountLogo, sync/database/accounts/40_logos.sql), to whoever may see that account: the accounts' read rule
// (sees_account, under row-level security as the session), which also holds before an account is picked (the
// account selection shows the user's own accounts). Anyone else gets 404, as if there were no such logo.
// The key is the upload slot's, so a new logo has a new address: the answer may be cached for good (the service
// worker keeps it, so a logo seen once shows offline; vite.config.ts). Served as the type its bytes say (never SVG)
// with nosniff and a policy that allows nothing to run.
import type { IncomingMessage, ServerResponse } from "node:http";
import { logoContentType } from "../../src/domain/logos.ts";
import type { Database } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { refuse } from "./respond.ts";
import type { FileRouteContext } from "./uploads.ts";

export const LOGOS_PREFIX = "/api/v2/logos/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the session may see an account whose logo is this uploaded slot. */
async function visibleLogo(db: Database, session: SessionClaims, key: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await sessionRole(tx, session);
    const { rows } = await tx.query<{ id: string }>(
      "select a.id from app_public.accounts a where a.logo_key = $1::uuid and a.logo_url is not null limit 1",
      [key],
    );
    return rows.length > 0;
  });
}

export async function handleLogo(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: FileRouteContext,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "LL405", "Use GET");
  if (!context.session) return refuse(res, 401, "LL401", "Not signed in");
  const key = path.slice(LOGOS_PREFIX.length);
  if (!UUID.test(key) || !(await visibleLogo(context.db, context.session, key)))
    return refuse(res, 404, "LL404", "Logo not found");
  const file = await context.storage.read(key);
  if (!file) return refuse(res, 404, "LL404", "Logo not found");
  const bytes = Buffer.concat(await file.body.toArray());
  const type = logoContentType(bytes.subarray(0, 16));
  if (!type) return refuse(res, 404, "LL404", "Logo not found");
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": bytes.length,
    "Cache-Control": "private, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}
