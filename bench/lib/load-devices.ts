// The simulated devices of bench/load.ts, in a worker thread (the bench starts several), so that the devices' own work
// (sockets, JSON, timers) runs beside the server processes rather than in the thread that sends the changes and reads
// the clocks. Each device is what the app runs, without a browser: a session cookie, one graphql-ws socket subscribed
// to the change stream, and pulls (POST /api/v2/pull) of the read models it keeps, from its own checkpoint per model,
// at most every 300 ms per model as the app's stream reSync does. With documents in the stream
// (`subscription { changes { table documents } }`), an event that carries documents is applied as they are and
// nothing is pulled (the checkpoint does not move, docs/SERVER.md "The change in the stream"); an event without them
// makes the device pull, as before.
//
// Each device records when it first held each version of a document (`<id>|<name>`), so the bench can time a new
// contact and a renamed distribution alike. The bench talks to the worker by messages (LoadRequest below).
import { randomUUID } from "node:crypto";
import { parentPort } from "node:worker_threads";
import WebSocket from "ws";

export type DeviceKind = "issuer" | "broker" | "investor";

export interface DeviceSpec {
  /** The device's number across every worker. */
  index: number;
  kind: DeviceKind;
  cookie: string;
  userId: string;
  accountId: string;
  /** The server process it is connected to (as a round-robin balancer would place it). */
  server: string;
  /** The read models it keeps (pulls at start and when the stream names them). */
  models: string[];
  /** Whether it sends a command in the burst (investors have no command of this kind). */
  sends: boolean;
}

export type LoadRequest =
  | { op: "add"; devices: DeviceSpec[]; documents: boolean }
  | { op: "mark" }
  | { op: "lastEvent" }
  | { op: "watch"; expect: Record<string, number[]>; deadline: number }
  | { op: "burst" }
  | { op: "close" };

export interface WatchAnswer {
  /** [version key, device index, when it first held it (epoch ms) or null]. */
  times: Array<[string, number, number | null]>;
  /** Stream events each device heard since the last mark, by table, by device index (devices that heard any). */
  events: Record<number, Record<string, number>>;
  /** The first few of those events per device: table, number, documents' ids. */
  samples: Record<number, Array<{ table: string; n: number | null; ids: string[] }>>;
}

export interface CloseAnswer {
  pulls: number;
  pullErrors: number;
  errorKinds: Record<string, number>;
  /** Events that carried documents, and the documents in them. */
  documentEvents: number;
  documents: number;
  /** Events without documents for a model the device keeps (each made it pull). */
  noticeEvents: number;
}

const PULL_INTERVAL_MS = 300;
const PAGE = 1000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const now = () => performance.timeOrigin + performance.now();

interface Doc {
  id: string;
  name?: unknown;
}

class Device {
  readonly spec: DeviceSpec;
  socket: WebSocket | null = null;
  readonly checkpoints = new Map<string, { txid: string; seq: string }>();
  readonly seen = new Map<string, number>();
  readonly pulling = new Map<string, Promise<void>>();
  readonly again = new Set<string>();
  readonly lastPull = new Map<string, number>();
  eventsSinceMark = new Map<string, number>();
  /** The first events since the mark: table, the event's number and its documents' ids (to name what was heard). */
  samplesSinceMark: Array<{ table: string; n: number | null; ids: string[] }> = [];
  closed = false;

  constructor(spec: DeviceSpec) {
    this.spec = spec;
  }
}

const stats: CloseAnswer = {
  pulls: 0,
  pullErrors: 0,
  errorKinds: {},
  documentEvents: 0,
  documents: 0,
  noticeEvents: 0,
};
const devices: Device[] = [];
let withDocuments = false;
/** When a device of this thread last heard a stream event (epoch ms; 0 before any). */
let lastEventAt = 0;
let commandSeq = 0;

function failed(kind: string): void {
  stats.pullErrors++;
  stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
}

function hold(device: Device, docs: Doc[]): void {
  const at = now();
  for (const doc of docs) {
    const key = `${doc.id}|${typeof doc.name === "string" ? doc.name : ""}`;
    if (!device.seen.has(key)) device.seen.set(key, at);
  }
}

/** Pulls the model to its end; a pull asked for while one runs makes one more after it. */
function pull(device: Device, model: string): Promise<void> {
  if (device.closed) return Promise.resolve();
  const running = device.pulling.get(model);
  if (running) {
    device.again.add(model);
    return running;
  }
  const work = (async () => {
    try {
      const wait = (device.lastPull.get(model) ?? 0) + PULL_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      do {
        device.again.delete(model);
        device.lastPull.set(model, Date.now());
        for (;;) {
          const checkpoint = device.checkpoints.get(model) ?? { txid: "0", seq: "0" };
          stats.pulls++;
          const response = await fetch(`${device.spec.server}/api/v2/pull`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: device.spec.cookie },
            body: JSON.stringify({ model, afterTxid: checkpoint.txid, afterSeq: checkpoint.seq, limit: PAGE }),
          });
          if (!response.ok) {
            failed(`HTTP ${response.status}`);
            await response.arrayBuffer();
            break;
          }
          const page = (await response.json()) as {
            documents: Doc[];
            checkpoint: { txid: string | number; seq: string | number };
          };
          hold(device, page.documents);
          device.checkpoints.set(model, { txid: String(page.checkpoint.txid), seq: String(page.checkpoint.seq) });
          if (page.documents.length < PAGE) break;
        }
      } while (device.again.has(model) && !device.closed);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failed(cause?.code ?? cause?.message ?? String(error));
    } finally {
      device.pulling.delete(model);
    }
  })();
  device.pulling.set(model, work);
  return work;
}

function connectOnce(device: Device): Promise<void> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`${device.spec.server.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
      headers: { cookie: device.spec.cookie },
    });
    device.socket = socket;
    const timer = setTimeout(() => fail(new Error("websocket: no connection_ack in 30 s")), 30_000);
    socket.on("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init" })));
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as {
        type: string;
        payload?: { data?: { changes?: { table?: string; documents?: Doc[] | null } } };
      };
      if (frame.type === "connection_ack") {
        const fields = withDocuments ? "table documents" : "table";
        socket.send(
          JSON.stringify({ id: "1", type: "subscribe", payload: { query: `subscription { changes { ${fields} } }` } }),
        );
        clearTimeout(timer);
        done();
      } else if (frame.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else if (frame.type === "next") {
        const change = frame.payload?.data?.changes;
        const table = change?.table ?? "";
        lastEventAt = Date.now();
        device.eventsSinceMark.set(table, (device.eventsSinceMark.get(table) ?? 0) + 1);
        if (device.samplesSinceMark.length < 3)
          device.samplesSinceMark.push({
            table,
            n: (change as { n?: number } | undefined)?.n ?? null,
            ids: (change?.documents ?? []).slice(0, 3).map((doc) => doc.id),
          });
        if (!device.spec.models.includes(table)) return;
        if (change?.documents) {
          stats.documentEvents++;
          stats.documents += change.documents.length;
          hold(device, change.documents);
        } else {
          stats.noticeEvents++;
          void pull(device, table);
        }
      }
    });
  });
}

/** Connects, trying again (at most 3 times) when the handshake does not complete in 30 s. */
async function connect(device: Device): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectOnce(device);
    } catch (error) {
      device.socket?.terminate();
      if (attempt === 3) throw error;
      failed("websocket retried");
    }
  }
}

async function mapLimit<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function watch(expect: Record<string, number[]>, deadline: number): Promise<WatchAnswer> {
  const byIndex = new Map(devices.map((device) => [device.spec.index, device]));
  const pending = () =>
    Object.entries(expect).some(([key, indices]) => indices.some((index) => !byIndex.get(index)?.seen.has(key)));
  while (Date.now() < deadline && pending()) await sleep(10);
  const times: WatchAnswer["times"] = [];
  for (const [key, indices] of Object.entries(expect))
    for (const index of indices) {
      const device = byIndex.get(index);
      if (device) times.push([key, index, device.seen.get(key) ?? null]);
    }
  const events: WatchAnswer["events"] = {};
  const samples: WatchAnswer["samples"] = {};
  for (const device of devices)
    if (device.eventsSinceMark.size) {
      events[device.spec.index] = Object.fromEntries(device.eventsSinceMark);
      samples[device.spec.index] = device.samplesSinceMark;
    }
  return { times, events, samples };
}

/** Every sending device sends one makeCustomer at once, each through its own process and session. */
async function burst(): Promise<Array<{ ok: boolean; ms: number }>> {
  const senders = devices.filter((device) => device.spec.sends);
  return Promise.all(
    senders.map(async (device) => {
      const id = randomUUID();
      const command = {
        key: randomUUID(),
        mutation: "makeCustomer",
        variables: { input: { id, email: `burst-${id}@load.test`, name: "Load Burst" } },
        userId: device.spec.userId,
        accountId: device.spec.accountId,
        createdOn: new Date().toISOString(),
        deviceId: `load-bench-${device.spec.index}`,
        seq: ++commandSeq,
      };
      const started = performance.now();
      try {
        const response = await fetch(`${device.spec.server}/api/v2/commands`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: device.spec.cookie },
          body: JSON.stringify([command]),
        });
        const body = (await response.json()) as { results?: Array<{ status: string }> };
        return { ok: response.ok && body.results?.[0]?.status === "accepted", ms: performance.now() - started };
      } catch {
        return { ok: false, ms: performance.now() - started };
      }
    }),
  );
}

async function close(): Promise<CloseAnswer> {
  for (const device of devices) {
    device.closed = true;
    device.socket?.terminate();
  }
  // the pulls under way finish before the bench ends their sessions
  while (devices.some((device) => device.pulling.size > 0)) await sleep(50);
  devices.length = 0;
  const answer = { ...stats, errorKinds: { ...stats.errorKinds } };
  Object.assign(stats, { pulls: 0, pullErrors: 0, errorKinds: {}, documentEvents: 0, documents: 0, noticeEvents: 0 });
  return answer;
}

async function answer(request: LoadRequest): Promise<unknown> {
  switch (request.op) {
    case "add": {
      withDocuments = request.documents;
      const added = request.devices.map((spec) => new Device(spec));
      devices.push(...added);
      await mapLimit(added, 50, (device) => connect(device));
      // the first sync: every model the device keeps, to its end
      await mapLimit(added, 50, (device) => Promise.all(device.spec.models.map((model) => pull(device, model))));
      return null;
    }
    case "mark":
      for (const device of devices) {
        device.eventsSinceMark.clear();
        device.samplesSinceMark = [];
      }
      return null;
    case "lastEvent":
      return lastEventAt;
    case "watch":
      return watch(request.expect, request.deadline);
    case "burst":
      return burst();
    case "close":
      return close();
  }
}

parentPort?.on("message", (message: { id: number; request: LoadRequest }) => {
  answer(message.request).then(
    (value) => parentPort!.postMessage({ id: message.id, value }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
