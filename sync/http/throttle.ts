// Refuses sign-in after repeated failures, counted in the database so every server process shares the count.
// Per email: 5 failures in 15 minutes. Per IP address: 20 (an office or a NAT shares one address, and a guesser
// cycling through emails still hits it). Emails are stored only as a SHA-256, never in clear.
import { createHash } from "node:crypto";
import type { Database } from "../db/database.ts";

export const FAILURE_WINDOW_MINUTES = 15;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;

function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export async function isThrottled(db: Database, email: string, ip: string): Promise<boolean> {
  const { rows } = await db.query<{ by_email: number; by_ip: number }>(
    `select count(*) filter (where email_hash = $1)::int as by_email,
            count(*) filter (where ip = $2)::int as by_ip
       from app_private.sign_in_failures
      where created_on > now() - make_interval(mins => $3) and (email_hash = $1 or ip = $2)`,
    [emailKey(email), ip, FAILURE_WINDOW_MINUTES],
  );
  const counts = rows[0] ?? { by_email: 0, by_ip: 0 };
  return counts.by_email >= MAX_FAILURES_PER_EMAIL || counts.by_ip >= MAX_FAILURES_PER_IP;
}

export async function recordFailure(db: Database, email: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("delete from app_private.sign_in_failures where created_on < now() - interval '1 day'");
    await tx.query("insert into app_private.sign_in_failures (email_hash, ip) values ($1, $2)", [emailKey(email), ip]);
  });
}

export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.query("delete from app_private.sign_in_failures where email_hash = $1", [emailKey(email)]);
}
