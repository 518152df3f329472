// Slow devices cost bounded memory (docs/SERVER.md "Slow devices", issue 33 item 3): 200 change-stream sockets that
// never read (their TCP socket paused, as a phone on a bad network) sit beside one that reads while changes flow.
// What the server holds for them stays within the stated bound (its own accounting, and the process's heap and
// external memory), the reading device gets every change, and a silent one that starts reading again is told to pull
// and, having pulled, holds what the reading device holds.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { STREAM_RESYNC_TABLE } from "../../src/domain/wire.ts";
import { SOCKET_BACKLOG_MAX_BYTES, STREAM_BEHIND_BYTES } from "../../sync/http/socket-backlog.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const SILENT = 200;
/**
 * Changes sent while the silent sockets do not read, each event about 7.9 KB on the wire (a notification's payload is
 * at most 8,000 bytes): 4.7 MB per socket, past what the kernel takes for a socket on loopback (its send buffer grows
 * to net.ipv4.tcp_wmem's 4 MiB) and then past STREAM_BEHIND_BYTES in the process.
 */
const CHANGES = 600;
const ID_PADDING = "x".repeat(7_800);
const EVENT_BYTES = 7_800 + 100;

let t: TestServer;
let issuer: TestClient;

beforeAll(async () => {
  // sockets that do not read do not answer pings either: the keep-alive would drop them before the flood is through
  t = await startTestServer({ websocketKeepAliveMs: 120_000 });
  const { rows } = await t.server.db.query<{ id: string }>(
    "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
  );
  issuer = t.client();
  expect((await issuer.signIn("issuer@demo.test")).status).toBe(200);
  expect((await issuer.selectAccount(rows[0]!.id)).status).toBe(303);
});
afterAll(async () => {
  await t?.close();
});

interface Device {
  ws: WebSocket;
  /** The `table` and `id` of every change event received, in order. */
  events: Array<{ table: string; id: string | null }>;
  closed: { code: number } | null;
}

/** A raw graphql-transport-ws socket subscribed to the change stream, as the app's client is. */
async function device(client: TestClient): Promise<Device> {
  const ws = new WebSocket(`${t.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const result: Device = { ws, events: [], closed: null };
  let acked!: () => void;
  const ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as {
      type: string;
      payload?: { data?: { changes?: { table: string; id: string | null } } };
    };
    if (frame.type === "connection_ack") acked();
    if (frame.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
    const change = frame.payload?.data?.changes;
    if (frame.type === "next" && change) result.events.push(change);
  });
  ws.once("close", (code) => {
    result.closed = { code };
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "connection_init" }));
  await ack;
  ws.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { changes { table id } }" } }));
  return result;
}

async function until(check: () => boolean, what: string | (() => string), ms = 30_000, every = 25): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * Notifies `count` changes of holdings with ids `<prefix><n>` (no transaction id: every socket hears them), 4 per
 * transaction (32 KB of events to each socket at once: a device that reads is never behind).
 */
async function notify(prefix: string, count: number, from = 0): Promise<void> {
  for (let start = from; start < from + count; start += 4) {
    await t.server.db.query(
      `select pg_notify('app_changes', json_build_object('t', 'holdings', 'id', $1 || i)::text)
       from generate_series($2::int, $3::int) i`,
      [prefix, start, Math.min(start + 3, from + count - 1)],
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The flood: `count` changes whose events are about 4 KB each on the wire. */
const changes = (from: number, count: number) => notify(ID_PADDING, count, from);

async function pullCustomers(client: TestClient): Promise<unknown[]> {
  const answer = await client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "customers", afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { documents: Array<{ id: string }> }).documents.sort((a, b) =>
    a.id.localeCompare(b.id),
  );
}

// What the process holds, not what it has yet to collect: a full collection first (V8's gc, exposed at run time), so
// the figure does not depend on when the collector last ran (the clean-clone run once counted 205 MB of garbage).
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

const held = () => {
  collect();
  collect();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
};

describe("slow devices", () => {
  it("200 silent sockets hold a bounded backlog while a reading device gets every change and a recovered one pulls", async () => {
    const reader = await device(issuer);
    const silent: Device[] = [];
    for (let i = 0; i < SILENT; i += 20)
      silent.push(...(await Promise.all(Array.from({ length: 20 }, () => device(issuer)))));
    // every subscription is live once a change reaches each socket
    await until(
      () => {
        if ([reader, ...silent].every((d) => d.events.length > 0)) return true;
        void notify("probe", 1);
        return false;
      },
      "every socket's first event",
      30_000,
      500,
    );
    for (const d of silent) d.ws.pause();
    const before = held();
    const flood = (d: Device) => d.events.filter((event) => event.id?.startsWith(ID_PADDING));

    const started = Date.now();
    await changes(0, CHANGES);
    const sent = Date.now();
    await until(
      () => flood(reader).length >= CHANGES,
      () =>
        `the reading device's events (${flood(reader).length} of ${CHANGES}: ${JSON.stringify(t.server.websocketBacklog())})`,
    );
    console.log(
      `slow sockets: the ${CHANGES} changes notified in ${sent - started} ms, all at the reading device ${Date.now() - started} ms after the first`,
    );
    expect(flood(reader).map((event) => event.id)).toEqual(
      Array.from({ length: CHANGES }, (_, i) => `${ID_PADDING}${i}`),
    );
    // the silent sockets fell behind (the kernel's buffers filled, then the server's), and none holds more than the
    // bound: STREAM_BEHIND_BYTES and the one event that passed it
    await until(
      () => t.server.websocketBacklog().behind === SILENT,
      () => `every silent socket behind: ${JSON.stringify(t.server.websocketBacklog())}`,
      10_000,
    );
    const backlog = t.server.websocketBacklog();
    expect(backlog.largest).toBeLessThanOrEqual(STREAM_BEHIND_BYTES + EVENT_BYTES);
    expect(backlog.bytes).toBeLessThanOrEqual(SILENT * (STREAM_BEHIND_BYTES + EVENT_BYTES));
    expect(backlog.closed).toBe(0);
    // the process's memory: its own accounting plus 32 MiB for everything else (unbounded, what the kernel did not take
    // would be about 140 MB for 200 sockets)
    const grown = held() - before;
    console.log(
      `slow sockets: ${SILENT} silent, ${CHANGES} events of ~7.9 KB: backlog ${(backlog.bytes / 2 ** 20).toFixed(1)} MiB ` +
        `(largest ${(backlog.largest / 1024).toFixed(0)} KiB), heap+external grew ${(grown / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(grown).toBeLessThan(SILENT * (STREAM_BEHIND_BYTES + EVENT_BYTES) + 32 * 2 ** 20);
    expect(SOCKET_BACKLOG_MAX_BYTES).toBeGreaterThan(STREAM_BEHIND_BYTES);

    // a real change while they are behind: the reading device hears of it and pulls it
    const email = `slow-socket-${Date.now()}@sockets.test`;
    const made = await issuer.graphql(
      `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`,
      { contacts: [{ row: 2, id: crypto.randomUUID(), name: "Slow Socket", email }] },
    );
    expect(made.errors).toBeUndefined();
    await until(() => reader.events.some((event) => event.table === "customers"), "the reading device's contact");
    const readerHolds = await pullCustomers(issuer);
    expect(JSON.stringify(readerHolds)).toContain(email);

    // one silent device reads again: it gets what the server held, then one event that says "pull everything"
    const recovered = silent[0]!;
    const heardBefore = recovered.events.length;
    recovered.ws.resume();
    await until(() => recovered.events.some((event) => event.table === STREAM_RESYNC_TABLE), "the resync event");
    const heard = recovered.events.slice(heardBefore);
    expect(heard.length).toBeLessThan(CHANGES);
    expect(heard.filter((event) => event.table === STREAM_RESYNC_TABLE)).toHaveLength(1);
    expect(heard.at(-1)?.table).toBe(STREAM_RESYNC_TABLE);
    expect(heard.map((event) => event.table)).not.toContain("customers");
    // told to pull, it pulls, and holds what the reading device holds
    expect(await pullCustomers(issuer)).toEqual(readerHolds);
    // from then on it hears changes again
    await changes(CHANGES + 1, 1);
    await until(() => recovered.events.at(-1)?.id === `${ID_PADDING}${CHANGES + 1}`, "the next change after resync");
    expect(recovered.closed).toBeNull();

    reader.ws.close();
    for (const d of silent) d.ws.terminate();
  });
});
