// The session (getUsersData), cached for the page's life and kept in localStorage ("ll.session") so the shell opens
// offline with the last account. Re-validated when the network returns; 401/403 then goes to /login (graphql.ts)
// while local data stays.
import * as v from "valibot";
import { type Session, SessionSchema } from "../domain/session.ts";
import { connectivity } from "./connectivity.ts";
import { afterEarlyRows } from "./early-read.ts";
import { graphql, NetworkError } from "./graphql.ts";

export const SESSION_STORAGE_KEY = "ll.session";

export const GET_USERS_DATA = /* GraphQL */ `
  query getUsersData {
    currentUser { id firstName lastName }
    currentAccount { id name type slug setup logoUrl logoLink }
    currentUsersAccount { id role status }
  }
`;

interface UsersData {
  currentUser: Session["user"];
  currentAccount: Session["account"];
  currentUsersAccount: Session["userAccount"];
}

export interface SessionResult {
  session: Session | null;
  /** "network": confirmed by the server now; "stored": the last known session, used while offline. */
  source: "network" | "stored";
}

let cached: Promise<SessionResult> | null = null;

export function readStoredSession(): Session | null {
  try {
    const text = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!text) return null;
    const parsed = v.safeParse(SessionSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

// Set by logout: a session answer arriving after it (the page is leaving) must not store the account again.
let forgotten = false;

function storeSession(session: Session): void {
  if (forgotten) return;
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the app still works online.
  }
}

/** Logout removes the stored account entry. */
export function forgetStoredSession(): void {
  forgotten = true;
  localStorage.removeItem(SESSION_STORAGE_KEY);
  cached = null;
}

async function fetchSession(): Promise<SessionResult> {
  // Offline: the stored session without a request; it is checked again when the network returns (revalidate.ts).
  if (!connectivity.online()) return { session: readStoredSession(), source: "stored" };
  try {
    const data = await graphql<UsersData>(GET_USERS_DATA);
    const parsed = v.safeParse(SessionSchema, {
      user: data.currentUser,
      account: data.currentAccount,
      userAccount: data.currentUsersAccount,
    });
    const session = parsed.success ? parsed.output : null;
    if (session?.user && session.account) storeSession(session);
    return { session, source: "network" };
  } catch (error) {
    if (error instanceof NetworkError) {
      connectivity.reportUnreachable();
      return { session: readStoredSession(), source: "stored" };
    }
    throw error;
  }
}

/** The current session; one request per page life unless `refresh` (or the network came back). */
export function loadSession(options: { refresh?: boolean } = {}): Promise<SessionResult> {
  if (!cached) prewarmStoredAccount();
  if (!cached || options.refresh) {
    const pending = fetchSession();
    cached = pending;
    // A failure must not stick: the next guard asks again.
    pending.catch(() => {
      if (cached === pending) cached = null;
    });
  }
  return cached;
}

/**
 * While the session request runs, start opening the local database of the last account and reading what the page's
 * screen reads first (hooks.tsx, prewarmLocalData; only the database and those reads: its sync waits for the
 * confirmed session, and nothing read is shown unless the session names the same user and account). A signed-in page
 * load then finds it open and its rows read. Loaded lazily: the first route does not carry RxDB.
 */
function prewarmStoredAccount(): void {
  if (typeof window === "undefined" || typeof indexedDB === "undefined") return;
  const stored = readStoredSession();
  const userId = stored?.user?.id;
  const accountId = stored?.account?.id;
  if (!userId || !accountId) return;
  const path = window.location.pathname;
  // the database module first: its open starts before the (larger) hooks module has loaded; both once the route's
  // early read, if any, is on screen (early-read.ts afterEarlyRows)
  void afterEarlyRows()
    .then(() => import("./database.ts"))
    .then(({ prewarmLocalDatabase }) => prewarmLocalDatabase(userId, accountId))
    .catch(() => undefined);
  void afterEarlyRows()
    .then(() => import("./hooks.tsx"))
    .then(({ prewarmLocalData }) => prewarmLocalData(userId, accountId, path))
    .catch(() => undefined);
}

/** Forgets the in-memory copy (after an account switch or when the network returns). */
export function invalidateSession(): void {
  cached = null;
}
