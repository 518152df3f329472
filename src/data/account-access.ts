// Whether this device may keep the account data it holds. A member who is suspended or removed, or whose session lost
// its account, must keep nothing of that account: on the next contact with the server (a refused pull or command,
// the network coming back, a page load) the device asks which of the user's memberships are active, and deletes the
// local database (replicas and outbox) of every account of this user on the device that is not. An expired session
// is not a lost membership: a 401 of GraphQL goes to /login (graphql.ts) and the data stays for the next sign-in.
import { LOCAL_INDEXEDDB_PREFIX, LOCAL_STORE_PREFIX } from "./database.ts";
import { graphql } from "./graphql.ts";
import { deleteDatabase } from "./local.ts";
import { currentLocalData, lastSyncedKey, removeLocalDataOf } from "./local-data.ts";

export const ACCOUNT_ACCESS_QUERY = /* GraphQL */ `
  query accountAccess($userId: UUID!) {
    currentUser { id }
    currentAccount { id }
    allUsersAccounts(condition: { userId: $userId }) { nodes { accountId status } }
  }
`;

interface AccessAnswer {
  currentUser: { id: string } | null;
  currentAccount: { id: string } | null;
  allUsersAccounts: { nodes: Array<{ accountId: string; status: string }> } | null;
}

export interface AccountAccess {
  userId: string;
  /** The account the server's session has selected (null: none). */
  sessionAccountId: string | null;
  /** The accounts the user is an active member of. */
  active: ReadonlySet<string>;
  /** The account of the page's open local data, if any. */
  openAccountId: string | null;
}

/** Asks the server (GraphQL; a 401 there goes to /login and answers null, as does any failure). */
export async function readAccountAccess(userId: string): Promise<AccountAccess | null> {
  let answer: AccessAnswer;
  try {
    answer = await graphql<AccessAnswer>(ACCOUNT_ACCESS_QUERY, { userId });
  } catch {
    return null;
  }
  if (answer.currentUser?.id !== userId) return null;
  const active = new Set(
    (answer.allUsersAccounts?.nodes ?? []).filter((m) => m.status === "active").map((m) => m.accountId),
  );
  const open = await currentLocalData();
  return {
    userId,
    sessionAccountId: answer.currentAccount?.id ?? null,
    active,
    openAccountId: open && open.userId === userId ? open.accountId : null,
  };
}

/** The account ids of this user's local databases on the device (IndexedDB names, `ll-<user>-<account>`). */
async function storedAccountIds(userId: string): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return found;
  // RxDB's Dexie storage's databases (outbox, internal store, checkpoints) and the read models' (src/data/storage)
  const prefixes = [`${LOCAL_INDEXEDDB_PREFIX}${userId}-`, `${LOCAL_STORE_PREFIX}${userId}-`];
  for (const { name } of await indexedDB.databases()) {
    const prefix = prefixes.find((p) => name?.startsWith(p));
    if (!name || !prefix) continue;
    const accountId = name.slice(prefix.length).split("--")[0] ?? "";
    found.set(accountId, [...(found.get(accountId) ?? []), name]);
  }
  return found;
}

/** Deletes the local data of every account of this user that is not an active membership; returns their ids. */
export async function dropLostAccountData(access: AccountAccess): Promise<string[]> {
  const dropped: string[] = [];
  if (access.openAccountId && !access.active.has(access.openAccountId)) {
    await removeLocalDataOf(access.userId, access.openAccountId);
    dropped.push(access.openAccountId);
  }
  for (const [accountId, names] of await storedAccountIds(access.userId)) {
    if (access.active.has(accountId)) continue;
    await Promise.all(names.map(deleteDatabase));
    if (!dropped.includes(accountId)) dropped.push(accountId);
  }
  for (const accountId of dropped) {
    try {
      localStorage.removeItem(lastSyncedKey(access.userId, accountId));
    } catch {
      // no storage
    }
  }
  return dropped;
}
