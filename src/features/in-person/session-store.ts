// The in-person session open on this device (docs/CLIENT.md "In-person sessions"): one record per signed-in user and
// account in localStorage, written before the focused screen opens and removed when the host takes the device back,
// so a reload or a closed tab opens the focused screen again (the signed-in layout sends every screen there while it
// is open: openSessionFor). It holds what the focused screen needs with no network: the distribution, the investor's
// name, the steps open when it started (the screen shows those, in order) and the host's code as a salted hash.
import type { CodeHash } from "../../domain/in-person.ts";

export interface InPersonSession {
  id: string;
  userId: string;
  accountId: string;
  distributionId: string;
  allocationId: string;
  investorId: string;
  investorName: string;
  /** the investor's steps open when the session started, the ones the focused screen shows */
  stepIds: string[];
  code: CodeHash;
  startedAtDevice: string;
  /** the account details were queued (setupAccountInPerson): done for the screen, also once the outbox let go of it */
  accountDetailsQueued?: boolean;
}

const keyFor = (userId: string, accountId: string) => `ll.inPerson.${userId}.${accountId}`;

function read(key: string): InPersonSession | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<InPersonSession>;
    if (typeof record.id !== "string" || typeof record.distributionId !== "string" || !record.code?.hash) return null;
    return { stepIds: [], ...record } as InPersonSession;
  } catch {
    return null;
  }
}

/** The session open on this device for this user and account, or null. */
export function openSessionFor(userId: string | undefined, accountId: string | undefined): InPersonSession | null {
  if (!userId || !accountId || typeof localStorage === "undefined") return null;
  return read(keyFor(userId, accountId));
}

/** Keeps the session (one put: the focused screen opens only once it is stored). */
export function saveSession(session: InPersonSession): void {
  localStorage.setItem(keyFor(session.userId, session.accountId), JSON.stringify(session));
}

/** Forgets the session once the host has the device back (its end is queued first). */
export function forgetSession(session: Pick<InPersonSession, "userId" | "accountId" | "id">): void {
  const key = keyFor(session.userId, session.accountId);
  if (read(key)?.id === session.id) localStorage.removeItem(key);
}
