// The data layer offline (issue 22 item 4), against the real server: with a connectivity that says offline, opening
// a device's local data sends no request and opens no websocket, says when this account last synced on this device,
// and keeps a change queued; when the network returns one probe answers, the pulls and the stream resume and the
// change is sent once.
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createConnectivity } from "../../src/data/connectivity.ts";
import { type LocalData, lastSyncedKey, startLocalData } from "../../src/data/local-data.ts";
import { createSyncStatusStore } from "../../src/data/sync-status.ts";
import type { SyncTransport } from "../../src/data/transport.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, type SignedIn, signInAs, transportOf } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
const opened: LocalData[] = [];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});
afterEach(async () => {
  for (const data of opened.splice(0)) await data.remove();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await t?.close();
});

/** The issuer's transport, counting what it sends: requests by path, websockets opened. */
function countingTransport(): { transport: SyncTransport; requests: string[]; websockets: () => number } {
  const inner = transportOf(issuer.client, t.url);
  const requests: string[] = [];
  let websockets = 0;
  const Socket = inner.webSocketImpl as new (address: string | URL, protocols?: string | string[]) => object;
  class CountingSocket extends (Socket as new (...args: unknown[]) => object) {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      websockets += 1;
    }
  }
  return {
    transport: {
      ...inner,
      fetch: (input, init) => {
        requests.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
        return inner.fetch(input, init);
      },
      webSocketImpl: CountingSocket,
    },
    requests,
    websockets: () => websockets,
  };
}

function fakeBrowser(online: boolean) {
  const events = new EventTarget();
  let state = online;
  return {
    events: events as unknown as Window,
    browserOnline: () => state,
    set(next: boolean) {
      state = next;
      events.dispatchEvent(new Event(next ? "online" : "offline"));
    },
  };
}

describe("offline, quietly", () => {
  it("sends nothing while offline, says when it last synced, and resumes with one probe", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    const lastSync = new Date(Date.now() - 5 * 60_000).toISOString();
    store.set(lastSyncedKey(issuer.userId, issuer.accountId), lastSync);
    const browser = fakeBrowser(false);
    let probes = 0;
    const net = createConnectivity({
      ...browser,
      probe: async () => {
        probes += 1;
        return (await fetch(`${t.url}/api/v2/ping`)).status === 204;
      },
    });
    const { transport, requests, websockets } = countingTransport();
    const status = createSyncStatusStore();
    const data = await startLocalData({
      userId: issuer.userId,
      accountId: issuer.accountId,
      transport,
      storage: getRxStorageMemory() as never,
      deviceId: `quiet-${Date.now()}`,
      status,
      retryTime: 100,
      backoff: { initialMs: 50, maxMs: 200 },
      connectivity: net,
    });
    opened.push(data);
    const email = `quiet-${Date.now()}@quiet.test`;
    await data.outbox.enqueue("makeCustomer", { input: { id: crypto.randomUUID(), name: "Quiet Q", email } });
    // a few pull retry periods
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(requests).toEqual([]);
    expect(websockets()).toBe(0);
    expect(probes).toBe(0);
    expect(status.getSnapshot()).toMatchObject({ online: false, waiting: 1, lastSyncedOn: lastSync });

    browser.set(true);
    await eventually(() => status.getSnapshot().waiting === 0, 20_000, "the change sent");
    await eventually(() => status.getSnapshot().streamConnected, 20_000, "the stream connected");
    expect(probes).toBe(1);
    expect(requests.filter((path) => path === "/api/v2/commands")).toHaveLength(1);
    expect(requests.some((path) => path === "/api/v2/pull")).toBe(true);
    const { rows } = await t.server.db.query("select 1 from app_public.customers where email = $1", [email]);
    expect(rows).toHaveLength(1);
    // the new last sync is kept for the next offline page load
    await eventually(
      () => (store.get(lastSyncedKey(issuer.userId, issuer.accountId)) ?? "") > lastSync,
      20_000,
      "a newer last sync kept",
    );
    net.stop();
  });
});
