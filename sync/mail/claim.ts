// GET /authenticate/claim?token=...: the link of a claim mail. The signed-in user becomes owner of the accounts
// using the mail's address, then lands on the claim page with the outcome:
// /account/claim?status=complete|expired-token|invalid-token|used|no-token&email_id=<mail id>.
import type { Database } from "../db/database.ts";

type ClaimStatus = "complete" | "expired-token" | "invalid-token" | "used" | "no-token";

export async function claimAccounts(db: Database, token: string | null, userId: string) {
  if (!token) return { status: "no-token" as ClaimStatus, mailId: null };
  if (token.length > 200) return { status: "invalid-token" as ClaimStatus, mailId: null };
  const { rows } = await db.query<{ status: ClaimStatus; mail_id: string | null }>(
    "select status, mail_id from app_private.claim_accounts($1, $2)",
    [token, userId],
  );
  const row = rows[0];
  return { status: row?.status ?? ("invalid-token" as ClaimStatus), mailId: row?.mail_id ?? null };
}

export function claimPageUrl(status: ClaimStatus, mailId: string | null): string {
  const query = new URLSearchParams({ status });
  if (mailId) query.set("email_id", mailId);
  return `/account/claim?${query}`;
}
