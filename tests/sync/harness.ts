// Sync test harness: signed-in test clients of the real in-process server, and the real client data layer
// (src/data) on RxDB's memory storage, talking to the server through the client's cookie jar.
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import WebSocket from "ws";
import { type LocalData, startLocalData } from "../../src/data/local-data.ts";
import type { ReadModelName } from "../../src/data/models/index.ts";
import { createSyncStatusStore, type SyncStatusStore } from "../../src/data/sync-status.ts";
import type { SyncTransport } from "../../src/data/transport.ts";
import type { TestClient } from "../helpers/server.ts";

export interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
  accountType: string;
}

/** Signs in a demo user and selects an account (the only one, or the one of the given type). */
export async function signInAs(client: TestClient, email: string, accountType?: string): Promise<SignedIn> {
  const signedIn = await client.signIn(email);
  if (signedIn.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(signedIn.body)}`);
  const accounts = await client.graphql<{
    currentUser: { id: string; usersAccounts: { nodes: Array<{ account: { id: string; type: string } }> } };
  }>("{ currentUser { id usersAccounts { nodes { account { id type } } } } }");
  const user = accounts.data?.currentUser;
  if (!user) throw new Error(`no user data for ${email}: ${JSON.stringify(accounts.errors)}`);
  const account = user.usersAccounts.nodes
    .map((node) => node.account)
    .find((a) => !accountType || a.type === accountType);
  if (!account) throw new Error(`${email} has no ${accountType ?? ""} account`);
  const selected = await client.selectAccount(account.id);
  if (selected.status !== 303) throw new Error(`selecting ${account.id} failed (${selected.status})`);
  return { client, userId: user.id, accountId: account.id, accountType: account.type };
}

/** The client's transport: fetch with its session cookie, and a ws WebSocket carrying the same cookie. */
export function transportOf(client: TestClient, baseUrl: string): SyncTransport {
  const cookie = () => (client.session ? `ll_session=${client.session}` : "");
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: cookie() ? { cookie: cookie() } : {} });
    }
  }
  return {
    graphqlUrl: `${baseUrl}/api/v2/graphql`,
    pullUrl: `${baseUrl}/api/v2/pull`,
    commandsUrl: `${baseUrl}/api/v2/commands`,
    websocketUrl: `${baseUrl.replace(/^http/, "ws")}/wss/v1/`,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      if (cookie()) headers.set("cookie", cookie());
      return fetch(new Request(request, { headers }));
    },
    webSocketImpl: CookieWebSocket,
  };
}

let deviceCounter = 0;

/**
 * The client data layer for a signed-in client (memory storage, fast retries). The memory storage keeps a database
 * for the life of the process, like IndexedDB keeps it for the browser profile: tests end with `remove()`.
 */
export async function openDevice(
  who: SignedIn,
  baseUrl: string,
  options: {
    deviceId?: string;
    transport?: SyncTransport;
    models?: readonly ReadModelName[];
    isOnline?: () => boolean;
    status?: SyncStatusStore;
    /** the device's storage (default: RxDB's memory storage) */
    storage?: unknown;
  } = {},
): Promise<LocalData> {
  return startLocalData({
    userId: who.userId,
    accountId: who.accountId,
    transport: options.transport ?? transportOf(who.client, baseUrl),
    storage: (options.storage ?? getRxStorageMemory()) as never,
    deviceId: options.deviceId ?? `test-device-${++deviceCounter}`,
    models: options.models,
    isOnline: options.isOnline,
    status: options.status ?? createSyncStatusStore(),
    retryTime: 200,
    backoff: { initialMs: 50, maxMs: 500 },
  });
}

/** Polls until check() returns a truthy value (or throws after timeoutMs). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
