// Refuses sign-in after repeated failures, kept in the database so every server process shares it.
// Per email, whatever address the attempts come from: the 5th failure in 15 minutes locks the email for 15 minutes
// (a row of app_private.sign_in_locks); while locked every attempt is refused, the right password too, and the
// owner is mailed once per lock. Unknown emails are counted and locked alike, so a lock says nothing about whether
// an account exists. Per IP address: 20 failures in 15 minutes (an office or a NAT shares one address, and a guesser
// cycling through emails still hits it). Emails are stored only as a SHA-256, never in clear.
import { createHash } from "node:crypto";
import type { Database, Sql } from "../db/database.ts";

export const FAILURE_WINDOW_MINUTES = 15;
/** How long an email stays locked after its MAX_FAILURES_PER_EMAIL-th failure. */
export const LOCK_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;

function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

// The seconds until the email's lock ends (null: not locked) and until the address falls below its limit (null:
// below it: the MAX_FAILURES_PER_IP-th newest failure of the window is the one whose ageing out lets it in again).
const THROTTLE_SQL = `
  select (select greatest(1, ceil(extract(epoch from l.locked_until - now())))::int
            from app_private.sign_in_locks l
           where l.email_hash = $1 and l.locked_until > now()) as email_wait,
         (select greatest(1, ceil(extract(epoch from f.created_on + make_interval(mins => $3) - now())))::int
            from app_private.sign_in_failures f
           where f.ip = $2 and f.created_on > now() - make_interval(mins => $3)
           order by f.created_on desc offset $4 - 1 limit 1) as ip_wait`;

/** Seconds to wait before this email may try again from this address (the Retry-After), or null when it may now. */
export async function throttledFor(db: Sql, email: string, ip: string): Promise<number | null> {
  const { rows } = await db.query<{ email_wait: number | null; ip_wait: number | null }>(THROTTLE_SQL, [
    emailKey(email),
    ip,
    FAILURE_WINDOW_MINUTES,
    MAX_FAILURES_PER_IP,
  ]);
  const waits = [rows[0]?.email_wait, rows[0]?.ip_wait].filter((wait): wait is number => typeof wait === "number");
  return waits.length > 0 ? Math.max(...waits) : null;
}

// Failures of the email inside the window since its last lock began (those of a lock that ended count no more).
const COUNT_SQL = `
  select count(*)::int as failures from app_private.sign_in_failures f
   where f.email_hash = $1 and f.created_on > now() - make_interval(mins => $2)
     and f.created_on > coalesce((select l.locked_on from app_private.sign_in_locks l where l.email_hash = $1),
                                 '-infinity'::timestamptz)`;

// A new lock, or nothing when one is in force (a concurrent failure took it): only the taker mails the owner.
const LOCK_SQL = `
  insert into app_private.sign_in_locks (email_hash, locked_on, locked_until)
  values ($1, now(), now() + make_interval(mins => $2))
  on conflict (email_hash) do update set locked_on = excluded.locked_on, locked_until = excluded.locked_until
   where app_private.sign_in_locks.locked_until <= now()
  returning locked_until`;

/**
 * Records a failed attempt; when it is the email's MAX_FAILURES_PER_EMAIL-th, locks the email and runs `onLock` in
 * the same transaction (the owner's mail: queued once per lock, with the lock or not at all). Returns whether this
 * failure started a lock.
 */
export async function recordFailure(
  db: Database,
  email: string,
  ip: string,
  onLock?: (tx: Sql, lockedUntil: Date) => Promise<void>,
): Promise<boolean> {
  const key = emailKey(email);
  return db.transaction(async (tx) => {
    await tx.query("delete from app_private.sign_in_failures where created_on < now() - interval '1 day'");
    await tx.query("delete from app_private.sign_in_locks where locked_until < now() - interval '1 day'");
    await tx.query("insert into app_private.sign_in_failures (email_hash, ip) values ($1, $2)", [key, ip]);
    const { rows } = await tx.query<{ failures: number }>(COUNT_SQL, [key, FAILURE_WINDOW_MINUTES]);
    if ((rows[0]?.failures ?? 0) < MAX_FAILURES_PER_EMAIL) return false;
    const lock = await tx.query<{ locked_until: Date | string }>(LOCK_SQL, [key, LOCK_MINUTES]);
    const taken = lock.rows[0];
    if (!taken) return false;
    await onLock?.(tx, new Date(taken.locked_until));
    return true;
  });
}

/** A successful sign-in: the email's failures (and its ended lock) are forgotten. */
export async function clearFailures(db: Database, email: string): Promise<void> {
  const key = emailKey(email);
  await db.query("delete from app_private.sign_in_failures where email_hash = $1", [key]);
  await db.query("delete from app_private.sign_in_locks where email_hash = $1 and locked_until <= now()", [key]);
}
