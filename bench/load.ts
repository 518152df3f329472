// The load bench (issue 21): N simulated devices against one server process and against two, on a throwaway
// PostgreSQL cluster. Run by hand (minutes; not part of `npm test` or `npm run bench`):
//
//   npx node bench/load.ts                   # 100, 500 and 1,000 devices on one process, then on two
//   npx node bench/load.ts --devices 100 --processes 1 --no-write   (Node 24, as the npm scripts run)
//
// Each device is what the app runs, without a browser: a session (a real app_private.sessions row and its cookie,
// made in bulk the way sign-in makes one: signing in 1,000 times would measure argon2, not the load), one graphql-ws
// socket subscribed to the change stream (`subscription { changes { table } }`), and pulls (POST /api/v2/pull) of the
// table an event names, from its own checkpoint, at most every 300 ms as the app's stream reSync does. 90% of the
// devices belong to the issuer that makes the changes, 10% to a broker that must hear nothing of them.
//
// Figures per setup and size:
//   - propagation: from the send of a command (makeCustomer through POST /api/v2/commands on process 1) to each
//     issuer device having the new row from its pull; p50 / p99 / max over 5 changes x every device, and how many
//     devices did not have it within 10 s. The command's own answer time is given beside it (its commit is inside).
//   - commands per second: every device sends one makeCustomer at once (its own session), the wall time until the
//     last answer; answer time p50 / p99; failures.
//   - memory per connected device: the server processes' resident memory with every device connected, subscribed
//     and synced, minus before, over N (RSS, so garbage not yet collected counts: a rough figure).
//   - broker devices told of the issuer's changes (must be 0).
// "Keeps up" means: propagation p99 under 1 s, every device reached, no command failed. Two processes sit on one
// database with the devices split between them (as a round-robin balancer would); changes reach the second process
// through PostgreSQL's NOTIFY.
//
// The table goes into bench/RESULTS.md between <!-- load:start --> and <!-- load:end --> (bench/lib/report.ts keeps
// such sections when `npm run bench` rewrites the file).
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { type PgCluster, startPgCluster } from "../tests/helpers/pg-cluster.ts";

const projectDir = resolve(import.meta.dirname, "..");
const RESULTS = join(import.meta.dirname, "RESULTS.md");
const START = "<!-- load:start -->";
const END = "<!-- load:end -->";

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const SIZES = option("devices", "100,500,1000").split(",").map(Number);
const SETUPS = option("processes", "1,2").split(",").map(Number);
const WRITE = !argv.includes("--no-write");
const CHANGES = 5;
const REACH_TIMEOUT_MS = 10_000;
const PULL_INTERVAL_MS = 300;
const BROKER_SHARE = 0.1;

// ---------------------------------------------------------------- server processes

interface Proc {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

function startProcess(databaseUrl: string, dir: string, name: string, seed: boolean): Promise<Proc> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.GRAPHILE_ENV;
  const child = spawn(process.execPath, ["--expose-gc", "--import", "./bench/lib/heap-probe.ts", "sync/main.ts"], {
    cwd: projectDir,
    env: {
      ...env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      LL_ENCRYPTION_KEY: "load-bench-shared-key-0123456789abcdef",
      PORT: "0",
      HOST: "127.0.0.1",
      DIST_DIR: dir,
      MAIL_LOG: join(dir, `${name}-mail.log`),
      FILES_DIR: join(dir, "files"),
      LOAD_HEAP_PROBE_DIR: dir,
      ...(seed ? { SEED_DEMO: "1" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) {
        clearInterval(timer);
        done({ child, url: match[1]!, exited });
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        fail(new Error(`${name} exited (${child.exitCode}):\n${out}`));
      }
    }, 50);
  });
}

/** Resident memory of a process, bytes (Linux). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** What a server process retains after a full garbage collection: heap used + external (bench/lib/heap-probe.ts). */
async function retained(proc: Proc, dir: string): Promise<number> {
  const file = join(dir, `heap-${proc.child.pid}.json`);
  const asked = Date.now();
  proc.child.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    try {
      const probe = JSON.parse(readFileSync(file, "utf8")) as { at: number; heapUsed: number; external: number };
      if (probe.at >= asked) return probe.heapUsed + probe.external;
    } catch {}
  }
  throw new Error(`no heap probe from process ${proc.child.pid}`);
}

// ---------------------------------------------------------------- devices

interface Device {
  kind: "issuer" | "broker";
  cookie: string;
  userId: string;
  accountId: string;
  server: string;
  socket: WebSocket;
  checkpoint: { txid: string; seq: string };
  /** Customer ids this device's pulls brought, with when. */
  seen: Map<string, number>;
  /** customers events heard. */
  events: number;
  pulling: boolean;
  again: boolean;
  lastPull: number;
  errors: number;
  errorKinds: Map<string, number>;
  /** Set at the end of a measurement: no new pull starts. */
  closed: boolean;
}

function failed(device: Device, kind: string): void {
  device.errors++;
  device.errorKinds.set(kind, (device.errorKinds.get(kind) ?? 0) + 1);
}

async function pull(device: Device): Promise<void> {
  if (device.closed) return;
  if (device.pulling) {
    device.again = true;
    return;
  }
  device.pulling = true;
  try {
    const wait = device.lastPull + PULL_INTERVAL_MS - Date.now();
    if (wait > 0) await sleep(wait);
    do {
      device.again = false;
      device.lastPull = Date.now();
      for (;;) {
        const response = await fetch(`${device.server}/api/v2/pull`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: device.cookie },
          body: JSON.stringify({
            model: "customers",
            afterTxid: device.checkpoint.txid,
            afterSeq: device.checkpoint.seq,
            limit: 1000,
          }),
        });
        if (!response.ok) {
          failed(device, `HTTP ${response.status}`);
          await response.arrayBuffer();
          break;
        }
        const page = (await response.json()) as {
          documents: Array<{ id: string }>;
          checkpoint: { txid: string; seq: number | string };
        };
        const now = Date.now();
        for (const doc of page.documents) if (!device.seen.has(doc.id)) device.seen.set(doc.id, now);
        device.checkpoint = { txid: String(page.checkpoint.txid), seq: String(page.checkpoint.seq) };
        if (page.documents.length < 1000) break;
      }
    } while (device.again && !device.closed);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    failed(device, cause?.code ?? cause?.message ?? String(error));
  } finally {
    device.pulling = false;
  }
}

/** Connects, trying again (at most 3 times) when the handshake does not complete in 30 s. */
async function connect(device: Device): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectOnce(device);
    } catch (error) {
      device.socket?.terminate();
      if (attempt === 3) throw error;
      failed(device, "websocket retried");
    }
  }
}

function connectOnce(device: Device): Promise<void> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`${device.server.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
      headers: { cookie: device.cookie },
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
        payload?: { data?: { changes?: { table?: string } } };
      };
      if (frame.type === "connection_ack") {
        socket.send(
          JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { changes { table } }" } }),
        );
        clearTimeout(timer);
        done();
      } else if (frame.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else if (frame.type === "next" && frame.payload?.data?.changes?.table === "customers") {
        device.events++;
        void pull(device);
      }
    });
  });
}

// ---------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmtMs = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString("en-US")} ms` : "-");

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

let seq = 0;
function makeCustomer(device: { userId: string; accountId: string }, id: string) {
  return {
    key: randomUUID(),
    mutation: "makeCustomer",
    variables: { input: { id, email: `load-${id}@load.test`, name: "Load Bench" } },
    userId: device.userId,
    accountId: device.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "load-bench",
    seq: ++seq,
  };
}

async function sendCommand(
  server: string,
  cookie: string,
  command: ReturnType<typeof makeCustomer>,
): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`${server}/api/v2/commands`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify([command]),
    });
    const body = (await response.json()) as { results?: Array<{ status: string }> };
    return { ok: response.ok && body.results?.[0]?.status === "accepted", ms: performance.now() - started };
  } catch {
    return { ok: false, ms: performance.now() - started };
  }
}

// ---------------------------------------------------------------- one measurement

interface Result {
  processes: number;
  devices: number;
  connectMs: number;
  propagationP50: number;
  propagationP99: number;
  propagationMax: number;
  notReached: number;
  commandAnswerMs: number;
  commandsPerSecond: number;
  commandP50: number;
  commandP99: number;
  commandFailures: number;
  /** heap used + external after a full GC, growth per device */
  bytesPerDevice: number;
  rssPerDevice: number;
  brokerEventsHeard: number;
  pullErrors: number;
  pullErrorKinds: Record<string, number>;
  keepsUp: boolean;
  why: string;
}

async function measure(
  db: pg.Client,
  procs: Proc[],
  size: number,
  ids: { issuerUser: string; issuerAccount: string; brokerUser: string; brokerAccount: string },
  probeDir: string,
): Promise<Result> {
  // Sessions, as sign-in and account selection write them.
  const devices: Device[] = [];
  const hashes: string[] = [];
  for (let i = 0; i < size; i++) {
    const broker = i % Math.round(1 / BROKER_SHARE) === 0;
    const token = randomBytes(32).toString("base64url");
    const userId = broker ? ids.brokerUser : ids.issuerUser;
    const accountId = broker ? ids.brokerAccount : ids.issuerAccount;
    await db.query(
      `insert into app_private.sessions (token_hash, user_id, account_id, expires_on)
       values ($1, $2, $3, now() + interval '1 day')`,
      [createHash("sha256").update(token).digest("hex"), userId, accountId],
    );
    hashes.push(createHash("sha256").update(token).digest("hex"));
    devices.push({
      kind: broker ? "broker" : "issuer",
      cookie: `ll_session=${token}`,
      userId,
      accountId,
      server: procs[i % procs.length]!.url,
      socket: null as unknown as WebSocket,
      checkpoint: { txid: "0", seq: "0" },
      seen: new Map(),
      events: 0,
      pulling: false,
      again: false,
      lastPull: 0,
      errors: 0,
      errorKinds: new Map(),
      closed: false,
    });
  }
  // A tenth of the devices first (they warm the processes' code paths and caches), then the memory the others add.
  const warm = devices.slice(0, Math.ceil(size / 10));
  const rest = devices.slice(warm.length);
  const connectStarted = performance.now();
  await mapLimit(warm, 100, (device) => connect(device));
  // Initial sync: every device pulls the customers it may see to the end.
  await mapLimit(warm, 100, (device) => pull(device));
  await sleep(2_000);
  const before = procs.reduce((sum, p) => sum + rss(p.child.pid!), 0);
  let heapBefore = 0;
  for (const proc of procs) heapBefore += await retained(proc, probeDir);
  await mapLimit(rest, 100, (device) => connect(device));
  const connectMs = performance.now() - connectStarted;
  await mapLimit(rest, 100, (device) => pull(device));
  await sleep(2_000);
  const after = procs.reduce((sum, p) => sum + rss(p.child.pid!), 0);
  let heapAfter = 0;
  for (const proc of procs) heapAfter += await retained(proc, probeDir);
  const brokerEventsBefore = devices.filter((d) => d.kind === "broker").reduce((n, d) => n + d.events, 0);

  // Propagation: one change at a time from a writer session on process 1.
  const writer = devices.find((d) => d.kind === "issuer")!;
  const issuerDevices = devices.filter((d) => d.kind === "issuer");
  const latencies: number[] = [];
  const answers: number[] = [];
  let notReached = 0;
  for (let change = 0; change < CHANGES; change++) {
    const id = randomUUID();
    const sent = Date.now();
    const answer = await sendCommand(procs[0]!.url, writer.cookie, makeCustomer(writer, id));
    answers.push(answer.ms);
    const deadline = sent + REACH_TIMEOUT_MS;
    while (Date.now() < deadline && issuerDevices.some((d) => !d.seen.has(id))) await sleep(20);
    for (const device of issuerDevices) {
      const at = device.seen.get(id);
      if (at === undefined) notReached++;
      else latencies.push(at - sent);
    }
    await sleep(1_000);
  }
  const brokerEventsHeard =
    devices.filter((d) => d.kind === "broker").reduce((n, d) => n + d.events, 0) - brokerEventsBefore;

  // Commands: every device sends one at once, each through its own process.
  const burstStarted = performance.now();
  const burst = await Promise.all(
    devices.map((device) => sendCommand(device.server, device.cookie, makeCustomer(device, randomUUID()))),
  );
  const burstMs = performance.now() - burstStarted;
  // Let the pulls the burst set off settle before the sockets close.
  await sleep(3_000);

  for (const device of devices) {
    device.closed = true;
    device.socket.terminate();
  }
  // The pulls under way finish before their sessions go.
  while (devices.some((d) => d.pulling)) await sleep(50);
  await db.query("delete from app_private.sessions where token_hash = any($1::text[])", [hashes]);
  await sleep(2_000);

  const p99 = percentile(latencies, 99);
  const failures = burst.filter((b) => !b.ok).length;
  const reasons: string[] = [];
  if (!(p99 < 1_000)) reasons.push(`propagation p99 ${fmtMs(p99)}`);
  if (notReached) reasons.push(`${notReached} device-changes not reached in 10 s`);
  if (failures) reasons.push(`${failures} commands failed`);
  return {
    processes: procs.length,
    devices: size,
    connectMs,
    propagationP50: percentile(latencies, 50),
    propagationP99: p99,
    propagationMax: Math.max(...latencies),
    notReached,
    commandAnswerMs: percentile(answers, 50),
    commandsPerSecond: (devices.length - failures) / (burstMs / 1000),
    commandP50: percentile(
      burst.map((b) => b.ms),
      50,
    ),
    commandP99: percentile(
      burst.map((b) => b.ms),
      99,
    ),
    commandFailures: failures,
    bytesPerDevice: (heapAfter - heapBefore) / Math.max(1, rest.length),
    rssPerDevice: (after - before) / Math.max(1, rest.length),
    brokerEventsHeard,
    pullErrors: devices.reduce((n, d) => n + d.errors, 0),
    pullErrorKinds: devices.reduce<Record<string, number>>((kinds, d) => {
      for (const [kind, n] of d.errorKinds) kinds[kind] = (kinds[kind] ?? 0) + n;
      return kinds;
    }, {}),
    keepsUp: reasons.length === 0,
    why: reasons.join("; "),
  };
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const startedOn = new Date().toISOString();
  const load = os.loadavg();
  const dir = mkdtempSync(join(os.tmpdir(), "ledgerline-load-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>load bench</title>");
  let cluster: PgCluster | null = null;
  const procs: Proc[] = [];
  const results: Result[] = [];
  // Interrupted: stop the servers and the cluster rather than leave them running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      for (const proc of procs) proc.child.kill("SIGKILL");
      void cluster?.stop().finally(() => process.exit(130));
    });
  }
  try {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_load");
    await admin.end();
    const databaseUrl = cluster.urlFor("ledgerline_load");
    console.log("starting process 1 (migrates and seeds the demo data)");
    procs.push(await startProcess(databaseUrl, dir, "p1", true));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const one = async (sql: string) => ((await db.query(sql)).rows[0] as { id: string }).id;
    const ids = {
      issuerUser: await one(
        "select user_id as id from app_public.user_emails where email = 'issuer@demo.test' and is_primary",
      ),
      issuerAccount: await one("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'"),
      brokerUser: await one(
        "select user_id as id from app_public.user_emails where email = 'broker@demo.test' and is_primary",
      ),
      brokerAccount: await one("select id from app_public.accounts where name = 'Harborview Capital Markets LLC'"),
    };
    for (const setup of SETUPS) {
      let started = false;
      while (procs.length < setup) {
        console.log(`starting process ${procs.length + 1}`);
        procs.push(await startProcess(databaseUrl, dir, `p${procs.length + 1}`, false));
        started = true;
      }
      if (started || setup === SETUPS[0]) {
        // A fresh process compiles and fills its caches on its first requests: a round of 50 devices, not counted,
        // so the first measured size does not pay for it (its memory figure would be noise).
        console.log(`warming up ${setup} process(es) with 50 devices (not counted)`);
        await measure(db, procs.slice(0, setup), 50, ids, dir);
      }
      for (const size of SIZES) {
        console.log(`${setup} process(es), ${size} devices ...`);
        const result = await measure(db, procs.slice(0, setup), size, ids, dir);
        console.log(JSON.stringify(result));
        results.push(result);
      }
    }
    await db.end();
  } finally {
    for (const proc of procs) {
      proc.child.kill("SIGTERM");
      await Promise.race([proc.exited, sleep(15_000)]);
    }
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const section = markdown(results, startedOn, load);
  console.log(section);
  if (WRITE) {
    const text = readFileSync(RESULTS, "utf8");
    const at = text.indexOf(START);
    const end = text.indexOf(END);
    const next =
      at >= 0 && end > at
        ? text.slice(0, at) + section + text.slice(end + END.length)
        : `${text.trimEnd()}\n\n${section}\n`;
    writeFileSync(RESULTS, next);
  }
}

function markdown(results: Result[], startedOn: string, load: number[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.processes} | ${r.devices.toLocaleString("en-US")} | ${fmtMs(r.propagationP50)} | ${fmtMs(r.propagationP99)} | ${fmtMs(r.propagationMax)} | ${r.notReached} | ${fmtMs(r.commandAnswerMs)} | ${Math.round(r.commandsPerSecond)} | ${fmtMs(r.commandP50)} / ${fmtMs(r.commandP99)} | ${r.commandFailures} | ${(r.bytesPerDevice / 1024).toFixed(1)} KiB (RSS ${(r.rssPerDevice / 1024).toFixed(0)} KiB) | ${r.pullErrors}${
        r.pullErrors
          ? ` (${Object.entries(r.pullErrorKinds)
              .map(([k, n]) => `${k}: ${n}`)
              .join(", ")})`
          : ""
      } | ${r.brokerEventsHeard} | ${r.keepsUp ? "yes" : `**no**: ${r.why}`} |`,
  );
  const limits = [1, 2].map((n) => {
    const mine = results.filter((r) => r.processes === n);
    if (!mine.length) return null;
    const first = mine.find((r) => !r.keepsUp);
    return first
      ? `${n} process${n > 1 ? "es" : ""}: stops keeping up at ${first.devices.toLocaleString("en-US")} devices (${first.why})`
      : `${n} process${n > 1 ? "es" : ""}: keeps up at every size measured (up to ${Math.max(...mine.map((r) => r.devices)).toLocaleString("en-US")} devices; larger sizes not measured)`;
  });
  return [
    START,
    "## Load: devices on one and two server processes (bench/load.ts)",
    "",
    `Run by hand with \`npx node bench/load.ts\` on ${startedOn}: a throwaway PostgreSQL cluster (fsync off), server processes ` +
      `in production mode, the simulated devices in the bench's own process on the same machine (${os.cpus().length} cores, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; load average at the start ${load.map((l) => l.toFixed(2)).join(" / ")}). ` +
      "Each device: a session, a change-stream websocket, pulls of what the stream names (at most every 300 ms); 90% " +
      "issuer devices, 10% broker devices. Propagation: from a command's send to each issuer device having the row " +
      "(5 changes x every device). Commands: every device sends one at once. Memory: what the server processes retain " +
      "after a full garbage collection (heap used + external, bench/lib/heap-probe.ts), and their RSS, per connected " +
      "device (the first tenth of the devices connect first and warm the processes; the growth the other nine tenths " +
      "add, over their number). Broker events: change-stream events the broker devices got during the issuer's 5 changes.",
    "",
    ...(load[0]! > os.cpus().length || os.loadavg()[0]! > os.cpus().length
      ? [
          `The machine was loaded by other work during this run (load average ${load[0]!.toFixed(1)} at the start, ` +
            `${os.loadavg()[0]!.toFixed(1)} at the end, on ${os.cpus().length} cores), and the simulated devices share ` +
            "those cores with the servers: the figures are lower bounds of what the setup holds on its own machine.",
        ]
      : []),
    "",
    "| Processes | Devices | Propagation p50 | p99 | max | Not reached (10 s) | Command answer | Commands/s (all at once) | Command p50 / p99 | Failed | Memory per device | Failed pulls | Broker events of issuer changes | Keeps up |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    ...limits.filter(Boolean).map((line) => `- ${line}`),
    "",
    END,
  ].join("\n");
}

await main();
