// The OCF import's confirm applied once per idempotency key (docs/OCF.md "Confirm once"). The confirm is a direct
// request: when its answer is lost, the client confirms again with the same `Idempotency-Key` header, and the server
// answers what it answered the first time instead of importing the package a second time. The key is taken and the
// answer recorded in the import's own transaction (app_private.claim_ocf_import_key, record_ocf_import_key), so a
// failed import leaves the key free and a second confirm can never slip in between.
import type { IncomingMessage } from "node:http";
import type { Sql } from "../db/database.ts";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's key: null without the header (older clients import as before), an error text when malformed. */
export function confirmKeyOf(req: IncomingMessage): { key: string | null } | { error: string } {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return { key: null };
  const value = (Array.isArray(header) ? header.join(",") : header).trim();
  return UUID.test(value) ? { key: value.toLowerCase() } : { error: "The Idempotency-Key header must be a UUID." };
}

export type KeyClaim =
  /** this confirm holds the key: import, then record the answer */
  | { kind: "claimed" }
  /** the same user confirmed for the same account before: answer what was answered then */
  | { kind: "repeat"; answer: unknown }
  /** another user's (or another account's) confirm holds the key */
  | { kind: "conflict" };

/** Takes the key in the import's transaction (as the database owner); waits for a concurrent confirm holding it. */
export async function claimConfirmKey(tx: Sql, key: string, userId: string, accountId: string): Promise<KeyClaim> {
  const { rows } = await tx.query<{ claimed: boolean; same_request: boolean; answer: unknown }>(
    "select claimed, same_request, answer from app_private.claim_ocf_import_key($1, $2, $3)",
    [key, userId, accountId],
  );
  const row = rows[0];
  if (!row) throw new Error("claim_ocf_import_key answered no row");
  if (row.claimed) return { kind: "claimed" };
  return row.same_request ? { kind: "repeat", answer: row.answer } : { kind: "conflict" };
}

/** Records the answer with the key, in the same transaction as the import. */
export async function recordConfirmKey(tx: Sql, key: string, answer: unknown): Promise<void> {
  await tx.query("select app_private.record_ocf_import_key($1, $2::jsonb)", [key, JSON.stringify(answer)]);
}
