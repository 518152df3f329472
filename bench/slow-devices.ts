// Memory per connected device, and what a device that stops reading costs (issue 33 item 3; docs/SERVER.md "Slow
// devices"). Run by hand (about a minute; not part of `npm test` or `npm run bench`):
//
//   npx node --expose-gc bench/slow-devices.ts               # 200 devices
//   npx node --expose-gc bench/slow-devices.ts --devices 500 --no-write
//
// The real server runs in a worker thread (bench/lib/slow-devices-server.ts: production mode, in-memory PGlite, demo
// data), so what it retains (heap used + external of its isolate after a full garbage collection) is measured apart
// from the simulated devices, which run in the bench's main thread. Each device: an issuer session and one graphql-ws
// socket subscribed to the change stream, as the app's. Figures:
//   - per connected device: what N subscribed, idle devices add to the server, over N (20 devices connect first
//     and warm the code paths; not counted);
//   - per silent device: the N devices' TCP sockets paused (they never read, as a phone on a bad network) while 600
//     changes of about 7.9 KB each flow (4.7 MB per device: past the kernel's send buffer of a loopback connection,
//     net.ipv4.tcp_wmem's 4 MiB, then into the server's own buffers): what the server retains then, over N; the
//     server's own accounting (bytes held, largest, behind); and what the kernel's TCP memory grew by
//     (/proc/net/sockstat), over N. One more device reads throughout: when its last change arrived.
//
// The table goes into bench/RESULTS.md between <!-- slow-devices:start --> and <!-- slow-devices:end -->.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import WebSocket from "ws";

const RESULTS = join(import.meta.dirname, "RESULTS.md");
const START = "<!-- slow-devices:start -->";
const END = "<!-- slow-devices:end -->";
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const DEVICES = Number(option("devices", "200"));
const WRITE = !argv.includes("--no-write");
const WARM = 20;
const CHANGES = 600;
const PADDING = "x".repeat(7_800);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** The kernel's TCP memory, bytes (Linux: /proc/net/sockstat counts pages). */
function kernelTcpBytes(): number {
  const line = /TCP:.* mem (\d+)/.exec(readFileSync("/proc/net/sockstat", "utf8"));
  return Number(line?.[1] ?? 0) * 4096;
}

interface Probe {
  retained: number;
  backlog: { sockets: number; bytes: number; largest: number; behind: number; closed: number };
  gc: boolean;
}

function startWorker(): Promise<{ url: string; ask<T>(request: object): Promise<T>; worker: Worker }> {
  const worker = new Worker(new URL("./lib/slow-devices-server.ts", import.meta.url));
  let next = 0;
  const waiting = new Map<number, { done(value: unknown): void; fail(error: Error): void }>();
  return new Promise((ready, fail) => {
    worker.once("error", fail);
    worker.on("message", (message: { url?: string; id?: number; value?: unknown; error?: string }) => {
      if (message.url) {
        ready({
          url: message.url,
          worker,
          ask: <T>(request: object) =>
            new Promise<T>((done, failed) => {
              const id = ++next;
              waiting.set(id, { done: done as (value: unknown) => void, fail: failed });
              worker.postMessage({ id, request });
            }),
        });
        return;
      }
      const entry = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.error) entry?.fail(new Error(message.error));
      else entry?.done(message.value);
    });
  });
}

interface Device {
  ws: WebSocket;
  ids: string[];
}

async function connect(url: string, cookie: string): Promise<Device> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", { headers: { cookie } });
  const device: Device = { ws, ids: [] };
  await new Promise<void>((done, fail) => {
    ws.once("error", fail);
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as {
        type: string;
        payload?: { data?: { changes?: { id?: string | null } } };
      };
      if (frame.type === "connection_ack") {
        ws.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { changes { id } }" } }));
        done();
      } else if (frame.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
      else if (frame.type === "next") device.ids.push(frame.payload?.data?.changes?.id ?? "");
    });
    ws.once("open", () => ws.send(JSON.stringify({ type: "connection_init" })));
  });
  return device;
}

async function main(): Promise<void> {
  const startedOn = new Date().toISOString();
  const loadAtStart = os.loadavg();
  const server = await startWorker();
  try {
    const cookies = await server.ask<string[]>({ kind: "sessions", count: WARM + DEVICES });
    const warm = await Promise.all(cookies.slice(0, WARM).map((cookie) => connect(server.url, cookie)));
    const reader = warm[0]!;
    // every subscription is live once a change reaches it
    const live = async (devices: Device[]) => {
      for (let probe = 0; devices.some((d) => d.ids.length === 0); probe++) {
        await server.ask({ kind: "notify", prefix: "probe-", from: probe, count: 1, perTransaction: 1 });
        await sleep(500);
      }
    };
    await live(warm);
    await sleep(1_000);
    const before = await server.ask<Probe>({ kind: "probe" });
    if (!before.gc) throw new Error("run with node --expose-gc (the worker collects garbage before each probe)");

    const devices: Device[] = [];
    for (let i = 0; i < DEVICES; i += 50)
      devices.push(
        ...(await Promise.all(cookies.slice(WARM + i, WARM + i + 50).map((cookie) => connect(server.url, cookie)))),
      );
    await live(devices);
    await sleep(1_000);
    const connected = await server.ask<Probe>({ kind: "probe" });

    for (const device of devices) device.ws.pause();
    const kernelBefore = kernelTcpBytes();
    const floodStarted = Date.now();
    await server.ask({ kind: "notify", prefix: PADDING, from: 0, count: CHANGES, perTransaction: 4 });
    const notifiedMs = Date.now() - floodStarted;
    const mine = () => reader.ids.filter((id) => id.startsWith(PADDING)).length;
    while (mine() < CHANGES && Date.now() - floodStarted < 120_000) await sleep(20);
    const readerMs = Date.now() - floodStarted;
    const readerGot = mine();
    await sleep(1_000);
    const kernelAfter = kernelTcpBytes();
    const silent = await server.ask<Probe>({ kind: "probe" });
    const loadAtEnd = os.loadavg();

    const section = [
      START,
      "## Slow devices: memory per connected device (bench/slow-devices.ts)",
      "",
      `Run by hand with \`npx node --expose-gc bench/slow-devices.ts\` on ${startedOn}: the real server in a worker ` +
        "thread (production mode, in-memory PGlite, demo data), the devices in the main thread of the same process, " +
        `on this machine (${os.cpus().length} cores; load average ${loadAtStart.map((n) => n.toFixed(2)).join(" / ")} at the start, ` +
        `${loadAtEnd.map((n) => n.toFixed(2)).join(" / ")} at the end: other engineers' jobs share these cores). Retained: the server ` +
        "isolate's heap used + external after a full garbage collection. Silent: the devices' TCP sockets paused while " +
        `${CHANGES} changes of about 7.9 KB each flow (4.7 MB per device).`,
      "",
      "| Devices | Retained per connected device (idle) | Retained per silent device | Server's accounting: held in all / largest / behind / closed | Kernel TCP memory per silent device | Reading device: all changes | Its last change after |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      `| ${DEVICES} | ${kib((connected.retained - before.retained) / DEVICES)} | ${kib((silent.retained - connected.retained) / DEVICES)} | ` +
        `${mib(silent.backlog.bytes)} / ${kib(silent.backlog.largest)} / ${silent.backlog.behind} / ${silent.backlog.closed} | ` +
        `${kib((kernelAfter - kernelBefore) / DEVICES)} | ${readerGot === CHANGES ? "yes" : `**no**: ${readerGot} of ${CHANGES}`} | ` +
        `${readerMs.toLocaleString("en-US")} ms (notified in ${notifiedMs.toLocaleString("en-US")} ms) |`,
      "",
      END,
    ].join("\n");
    console.log(section);
    if (WRITE) {
      const text = readFileSync(RESULTS, "utf8");
      const at = text.indexOf(START);
      const end = text.indexOf(END);
      writeFileSync(
        RESULTS,
        at >= 0 && end > at
          ? text.slice(0, at) + section + text.slice(end + END.length)
          : `${text.trimEnd()}\n\n${section}\n`,
      );
    }
    for (const device of [...warm, ...devices]) device.ws.terminate();
  } finally {
    await server.ask({ kind: "stop" }).catch(() => {});
    await server.worker.terminate();
  }
}

await main();
