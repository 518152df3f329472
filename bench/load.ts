// The load bench (issues 21 and 33): N simulated devices against one server process and against two, on a throwaway
// PostgreSQL cluster, in two cases: the single audience of issue 21 (most devices one issuer's) and a production-like
// mix (many issuers, each with brokers and investors; an investor sees only its own documents). Run by hand (minutes;
// not part of `npm test` or `npm run bench`), with the project's Node 24:
//
//   npx node bench/load.ts                       # 1,000, 2,000 and 5,000 devices, both cases, one and two processes
//   npx node bench/load.ts --devices 1000 --processes 1 --case mix --no-write
//   npx node bench/load.ts --stream-documents off,on   # each setup without, then with documents in the stream
//
// Options: --devices (list), --processes (list of 1 and 2), --case (single,mix), --stream-documents (on, the
// product's default, off, or off,on: the servers' setting, and whether the devices ask for documents),
// --stream-models (the models whose events carry documents with "on"; default all, as the product), --threads (the devices'
// worker threads, default 2), --no-write (print, leave bench/RESULTS.md alone).
//
// The servers are real processes (bench/lib/load-server.ts: what `node sync/main.ts` starts, in production mode, plus
// the stream setting), the devices run in worker threads of this process (bench/lib/load-devices.ts), so the servers'
// own CPU is read apart (/proc/<pid>/stat) from the devices'. Each device: a session (an app_private.sessions row
// and its cookie, made in bulk the way sign-in makes one: signing in 5,000 times would measure argon2), one graphql-ws
// socket on the change stream, and pulls of the models it keeps when an event names one (or documents applied from
// the event, with the setting on).
//
// Figures per case, setting, setup and size (bench/lib/load-report.ts writes the table):
//   - propagation: from the send of a command (POST /api/v2/commands) to each device whose account may see the change
//     holding the new version; p50 / p99 / max, and how many did not have it within 10 s;
//   - commands: every sending device sends one makeCustomer at once; answer p50 / p99, per second, failures;
//   - the servers' CPU per change and per command, the devices' CPU;
//   - memory per connected device (after a full GC, bench/lib/heap-probe.ts; and RSS);
//   - events outside the audience (must be 0: events a device heard during a round that concerns no account of its
//     group; each round waits for the stream to fall quiet before it starts); events with documents and notices.
// "Keeps up": propagation p99 under 1 s, every device reached, no command failed.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { type PgCluster, startPgCluster } from "../tests/helpers/pg-cluster.ts";
import type { CloseAnswer, DeviceSpec, LoadRequest, WatchAnswer } from "./lib/load-devices.ts";
import { type MixGroup, seedMix } from "./lib/load-mix.ts";
import { END, fmtMs, type LoadResult, markdown, START } from "./lib/load-report.ts";

const projectDir = resolve(import.meta.dirname, "..");
const RESULTS = join(import.meta.dirname, "RESULTS.md");

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const list = (name: string, fallback: string) =>
  option(name, fallback)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const SIZES = list("devices", "1000,2000,5000").map(Number);
const SETUPS = list("processes", "1,2").map(Number);
// --runs 1x1000,2x2000: these (processes x devices) pairs only, instead of every size on every setup
const PLAN = argv.includes("--runs")
  ? list("runs", "").map((pair) => {
      const [processes, devices] = pair.split("x").map(Number);
      return { processes: processes!, devices: devices! };
    })
  : SETUPS.flatMap((processes) => SIZES.map((devices) => ({ processes, devices })));
const CASES = list("case", "single,mix").map((c) => (c === "mix" ? "mix" : "single audience")) as LoadResult["case"][];
const STREAM = list("stream-documents", "on").map((s) => (s === "on" ? "on" : "off")) as LoadResult["stream"][];
const STREAM_MODELS = option("stream-models", "all");
const THREADS = Math.max(1, Number(option("threads", "2")));
const WRITE = !argv.includes("--no-write");
const SAVED = join(import.meta.dirname, "results", "load.json");
const SINGLE_CHANGES = 5;
const MIX_ROUNDS = 5;
const MIX_GROUPS_PER_ROUND = 5;
const REACH_TIMEOUT_MS = 10_000;
// before each round, the stream is let fall quiet (no event on any device for SETTLE_QUIET_MS, waiting at most
// SETTLE_MAX_MS), so that a late event of the seed or of one round is not counted as heard outside the next round's
// audience
const SETTLE_QUIET_MS = 2_000;
const SETTLE_MAX_MS = 30_000;
const BROKER_SHARE = 0.1;
// a mix group: the issuer's owner on 5 devices, 2 brokers on 2 each, 41 investors on one each
const GROUP = { issuerDevices: 5, brokers: 2, brokerDevices: 2, investors: 41 };
const GROUP_SIZE = GROUP.issuerDevices + GROUP.brokers * GROUP.brokerDevices + GROUP.investors;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const now = () => performance.timeOrigin + performance.now();

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------- server processes

interface Proc {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

function startProcess(databaseUrl: string, dir: string, name: string, seed: boolean, models: string): Promise<Proc> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.GRAPHILE_ENV;
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "./bench/lib/heap-probe.ts", "bench/lib/load-server.ts"],
    {
      cwd: projectDir,
      env: {
        ...env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        LL_ENCRYPTION_KEY: "load-bench-shared-key-0123456789abcdef",
        LL_STREAM_DOCUMENTS: models,
        LOG_FORMAT: "text",
        PORT: "0",
        HOST: "127.0.0.1",
        DIST_DIR: dir,
        MAIL_LOG: join(dir, `${name}-mail.log`),
        FILES_DIR: join(dir, "files"),
        LOAD_HEAP_PROBE_DIR: dir,
        ...(seed ? { SEED_DEMO: "1" } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
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

async function stopProcesses(procs: Proc[]): Promise<void> {
  for (const proc of procs) {
    proc.child.kill("SIGTERM");
    await Promise.race([proc.exited, sleep(15_000)]);
  }
  procs.length = 0;
}

/** Resident memory of a process, bytes (Linux). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) a process has used, ms (Linux: /proc/<pid>/stat fields 14 and 15, in clock ticks). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
/** Every postgres process's CPU time on the machine (the bench's cluster is the only one while it runs). */
function databaseCpu(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, and the children's it waited for (backends that ended)
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
const serversCpu = (procs: Proc[]) => procs.reduce((sum, p) => sum + cpuMs(p.child.pid!), 0);
const benchCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

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

async function memory(procs: Proc[], dir: string): Promise<{ rss: number; heap: number }> {
  let heap = 0;
  for (const proc of procs) heap += await retained(proc, dir);
  return { rss: procs.reduce((sum, p) => sum + rss(p.child.pid!), 0), heap };
}

// ---------------------------------------------------------------- the devices' threads

interface Threads {
  ask<T>(thread: number, request: LoadRequest): Promise<T>;
  all<T>(request: LoadRequest | ((thread: number) => LoadRequest)): Promise<T[]>;
  stop(): Promise<void>;
}

function startThreads(count: number): Threads {
  const workers = Array.from({ length: count }, () => new Worker(new URL("./lib/load-devices.ts", import.meta.url)));
  let next = 0;
  const waiting = new Map<number, { done(value: unknown): void; fail(error: Error): void }>();
  for (const worker of workers) {
    worker.on("message", (message: { id: number; value?: unknown; error?: string }) => {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) entry?.fail(new Error(message.error));
      else entry?.done(message.value);
    });
    worker.on("error", (error) => {
      for (const entry of waiting.values()) entry.fail(error);
    });
  }
  const ask = <T>(thread: number, request: LoadRequest) =>
    new Promise<T>((done, fail) => {
      const id = ++next;
      waiting.set(id, { done: done as (value: unknown) => void, fail });
      workers[thread]!.postMessage({ id, request });
    });
  return {
    ask,
    all: <T>(request: LoadRequest | ((thread: number) => LoadRequest)) =>
      Promise.all(workers.map((_, i) => ask<T>(i, typeof request === "function" ? request(i) : request))),
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

// ---------------------------------------------------------------- commands from the bench

interface Writer {
  cookie: string;
  userId: string;
  accountId: string;
  server: string;
}

let seq = 0;
async function sendCommand(writer: Writer, mutation: string, input: object): Promise<{ ok: boolean; ms: number }> {
  const command = {
    key: randomUUID(),
    mutation,
    variables: { input },
    userId: writer.userId,
    accountId: writer.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "load-bench-writer",
    seq: ++seq,
  };
  const started = performance.now();
  try {
    const response = await fetch(`${writer.server}/api/v2/commands`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: writer.cookie },
      body: JSON.stringify([command]),
    });
    const body = (await response.json()) as { results?: Array<{ status: string; error?: unknown }> };
    const ok = response.ok && body.results?.[0]?.status === "accepted";
    if (!ok) console.error(`${mutation} not accepted: ${JSON.stringify(body).slice(0, 400)}`);
    return { ok, ms: performance.now() - started };
  } catch (error) {
    console.error(`${mutation} failed: ${String(error)}`);
    return { ok: false, ms: performance.now() - started };
  }
}

// ---------------------------------------------------------------- one measurement

interface Demo {
  issuerUser: string;
  issuerAccount: string;
  brokerUser: string;
  brokerAccount: string;
}

/** A change the bench makes: who sends it, what, and which devices must then hold which version of a document. */
interface Change {
  writer: Writer;
  mutation: string;
  input: object;
  key: string;
  expect: number[];
  /** What the change is, for the propagation by kind of change. */
  label: string;
}

interface Placed {
  specs: DeviceSpec[];
  /** Per round, the changes and the devices no change of the round concerns (they must hear nothing). */
  rounds: Array<{ changes: Change[]; quiet: Set<number> }>;
}

function session(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: createHash("sha256").update(token).digest("hex") };
}

function placeSingle(size: number, procs: Proc[], demo: Demo, tokens: Array<[string, string, string]>): Placed {
  const specs: DeviceSpec[] = [];
  for (let i = 0; i < size; i++) {
    const broker = i % Math.round(1 / BROKER_SHARE) === 0;
    const { token, hash } = session();
    const userId = broker ? demo.brokerUser : demo.issuerUser;
    const accountId = broker ? demo.brokerAccount : demo.issuerAccount;
    tokens.push([hash, userId, accountId]);
    specs.push({
      index: i,
      kind: broker ? "broker" : "issuer",
      cookie: `ll_session=${token}`,
      userId,
      accountId,
      server: procs[i % procs.length]!.url,
      models: ["customers"],
      sends: true,
    });
  }
  const issuers = specs.filter((s) => s.kind === "issuer");
  const writer = { ...issuers[0]!, server: procs[0]!.url };
  const quiet = new Set(specs.filter((s) => s.kind === "broker").map((s) => s.index));
  const rounds = Array.from({ length: SINGLE_CHANGES }, () => {
    const id = randomUUID();
    return {
      changes: [
        {
          writer,
          mutation: "makeCustomer",
          input: { id, email: `load-${id}@load.test`, name: "Load Bench" },
          key: `${id}|Load Bench`,
          expect: issuers.map((s) => s.index),
          label: "contact",
        },
      ],
      quiet,
    };
  });
  return { specs, rounds };
}

function placeMix(size: number, procs: Proc[], groups: MixGroup[], tokens: Array<[string, string, string]>): Placed {
  const specs: DeviceSpec[] = [];
  const count = Math.ceil(size / GROUP_SIZE);
  if (count > groups.length) throw new Error(`the mix seed has ${groups.length} groups, ${count} needed`);
  const add = (group: number, kind: DeviceSpec["kind"], member: { userId: string; accountId: string }) => {
    if (specs.length >= size) return null;
    const { token, hash } = session();
    tokens.push([hash, member.userId, member.accountId]);
    const spec: DeviceSpec = {
      index: specs.length,
      kind,
      cookie: `ll_session=${token}`,
      userId: member.userId,
      accountId: member.accountId,
      server: procs[specs.length % procs.length]!.url,
      models:
        kind === "issuer" ? ["customers", "distributions"] : kind === "broker" ? ["customers"] : ["distributions"],
      sends: kind !== "investor",
    };
    specs.push(spec);
    return { ...spec, group };
  };
  const placed = Array.from({ length: count }, (_, g) => {
    const group = groups[g]!;
    const issuer = Array.from({ length: GROUP.issuerDevices }, () => add(g, "issuer", group.issuer));
    const brokers = group.brokers
      .slice(0, GROUP.brokers)
      .map((broker) => Array.from({ length: GROUP.brokerDevices }, () => add(g, "broker", broker)));
    const investors = group.investors.slice(0, GROUP.investors).map((investor) => ({
      investor,
      device: add(g, "investor", investor),
    }));
    return { group, issuer, brokers, investors };
  });
  const indices = (list: Array<{ index: number } | null>) => list.filter((d) => d !== null).map((d) => d!.index);
  const rounds = Array.from({ length: MIX_ROUNDS }, (_, round) => {
    const chosen = Array.from(
      { length: Math.min(MIX_GROUPS_PER_ROUND, count) },
      (_, k) => placed[(round * MIX_GROUPS_PER_ROUND + k) % count]!,
    );
    const changes: Change[] = [];
    for (const [k, { group, issuer, brokers, investors }] of chosen.entries()) {
      const issuerDevice = issuer[0];
      if (!issuerDevice) continue;
      const server = procs[k % procs.length]!.url;
      const writer = {
        cookie: issuerDevice.cookie,
        userId: group.issuer.userId,
        accountId: group.issuer.accountId,
        server,
      };
      const id = randomUUID();
      changes.push({
        writer,
        mutation: "makeCustomer",
        input: { id, email: `load-${id}@load.test`, name: "Load Bench" },
        key: `${id}|Load Bench`,
        expect: indices(issuer),
        label: "contact",
      });
      const target = investors.filter((i) => i.device)[round % Math.max(1, investors.length)];
      if (target) {
        const name = `Load rename ${round}-${randomUUID().slice(0, 8)}`;
        changes.push({
          writer,
          mutation: "updateDistributionById",
          input: { id: target.investor.distributionId, patch: { name } },
          key: `${target.investor.distributionId}|${name}`,
          expect: [...indices(issuer), target.device!.index],
          label: "distribution",
        });
      }
      const broker = brokers[0]?.filter((d) => d !== null) ?? [];
      if (broker[0]) {
        const brokerId = randomUUID();
        changes.push({
          writer: { cookie: broker[0].cookie, userId: broker[0].userId, accountId: broker[0].accountId, server },
          mutation: "makeCustomer",
          input: { id: brokerId, email: `load-${brokerId}@load.test`, name: "Load Bench" },
          key: `${brokerId}|Load Bench`,
          expect: indices(broker),
          label: "broker's contact",
        });
      }
    }
    // the previous round's groups are not quiet either: a change of it may still be arriving (late, past its 10 s)
    const previous = Array.from(
      { length: round > 0 ? Math.min(MIX_GROUPS_PER_ROUND, count) : 0 },
      (_, k) => placed[((round - 1) * MIX_GROUPS_PER_ROUND + k) % count]!.group,
    );
    const concerned = new Set([...chosen.map((c) => c.group), ...previous]);
    const quiet = new Set(
      placed
        .filter((p) => !concerned.has(p.group))
        .flatMap((p) => indices([...p.issuer, ...p.brokers.flat(), ...p.investors.map((i) => i.device)])),
    );
    return { changes, quiet };
  });
  return { specs, rounds };
}

async function measure(
  db: pg.Client,
  procs: Proc[],
  threads: Threads,
  kind: LoadResult["case"],
  stream: LoadResult["stream"],
  size: number,
  demo: Demo,
  groups: MixGroup[],
  probeDir: string,
): Promise<LoadResult> {
  const loadStart = os.loadavg()[0]!;
  const tokens: Array<[string, string, string]> = [];
  const placed = kind === "mix" ? placeMix(size, procs, groups, tokens) : placeSingle(size, procs, demo, tokens);
  // Sessions, as sign-in and account selection write them, in one statement.
  await db.query(
    `insert into app_private.sessions (token_hash, user_id, account_id, expires_on)
     select h, u, a, now() + interval '1 day' from unnest($1::text[], $2::uuid[], $3::uuid[]) t(h, u, a)`,
    [tokens.map((t) => t[0]), tokens.map((t) => t[1]), tokens.map((t) => t[2])],
  );
  const threadOf = (index: number) => index % THREADS;
  const add = (specs: DeviceSpec[]) =>
    threads.all((thread) => ({
      op: "add",
      devices: specs.filter((s) => threadOf(s.index) === thread),
      documents: stream === "on",
    }));
  // A tenth of the devices first (they warm the processes' code paths and caches), then the memory the others add.
  const warm = placed.specs.slice(0, Math.ceil(size / 10));
  const rest = placed.specs.slice(warm.length);
  await add(warm);
  await sleep(2_000);
  const before = await memory(procs, probeDir);
  await add(rest);
  await sleep(2_000);
  const after = await memory(procs, probeDir);

  // The changes, round after round; a round's changes are sent at once.
  const latencies: number[] = [];
  const answers: number[] = [];
  let notReached = 0;
  let outsideEvents = 0;
  const outsideTables: Record<string, number> = {};
  const outsideSamples: unknown[] = [];
  let changes = 0;
  const byKind = new Map<string, number[]>();
  const serverCpuBefore = serversCpu(procs);
  const benchCpuBefore = benchCpu();
  for (const round of placed.rounds) {
    // the stream falls quiet first: the seed's and the last round's events are all heard before the mark
    const settleUntil = Date.now() + SETTLE_MAX_MS;
    for (;;) {
      const last = Math.max(...(await threads.all<number>({ op: "lastEvent" })));
      if (Date.now() - last >= SETTLE_QUIET_MS || Date.now() >= settleUntil) break;
      await sleep(250);
    }
    await threads.all({ op: "mark" });
    const sent = new Map<string, number>();
    const labels = new Map(round.changes.map((change) => [change.key, change.label]));
    const deadline = Date.now() + REACH_TIMEOUT_MS;
    const answered = Promise.all(
      round.changes.map((change) => {
        sent.set(change.key, now());
        return sendCommand(change.writer, change.mutation, change.input);
      }),
    );
    const watched = await threads.all<WatchAnswer>((thread) => ({
      op: "watch",
      expect: Object.fromEntries(
        round.changes.map((change) => [change.key, change.expect.filter((index) => threadOf(index) === thread)]),
      ),
      deadline,
    }));
    for (const answer of await answered) answers.push(answer.ms);
    changes += round.changes.length;
    for (const answer of watched) {
      for (const [key, , at] of answer.times) {
        if (at === null) notReached++;
        else {
          latencies.push(at - sent.get(key)!);
          const label = labels.get(key)!;
          byKind.set(label, [...(byKind.get(label) ?? []), at - sent.get(key)!]);
        }
      }
      for (const [index, tables] of Object.entries(answer.events))
        if (round.quiet.has(Number(index))) {
          for (const [table, n] of Object.entries(tables)) {
            outsideEvents += n;
            outsideTables[table] = (outsideTables[table] ?? 0) + n;
          }
          if (outsideSamples.length < 12) {
            const spec = placed.specs[Number(index)];
            outsideSamples.push({
              device: Number(index),
              account: spec?.accountId,
              samples: answer.samples[Number(index)],
            });
          }
        }
    }
  }
  if (outsideSamples.length) console.log("events outside the audience, first ones:", JSON.stringify(outsideSamples));
  const serverCpuChanges = serversCpu(procs) - serverCpuBefore;
  const devicesCpu = benchCpu() - benchCpuBefore;

  // Commands: every sending device sends one at once, each through its own process.
  const burstCpuBefore = serversCpu(procs);
  const burstDatabaseCpuBefore = databaseCpu();
  const burstStarted = performance.now();
  const burst = (await threads.all<Array<{ ok: boolean; ms: number }>>({ op: "burst" })).flat();
  const burstMs = performance.now() - burstStarted;
  const burstCpu = serversCpu(procs) - burstCpuBefore;
  const burstDatabaseCpu = databaseCpu() - burstDatabaseCpuBefore;
  // Let the pulls the burst set off settle before the sockets close.
  await sleep(3_000);
  const closed = await threads.all<CloseAnswer>({ op: "close" });
  await db.query("delete from app_private.sessions where token_hash = any($1::text[])", [tokens.map((t) => t[0])]);
  await sleep(2_000);

  const p99 = percentile(latencies, 99);
  const commandFailures = burst.filter((b) => !b.ok).length;
  const reasons: string[] = [];
  if (!(p99 < 1_000)) reasons.push(`propagation p99 ${fmtMs(p99)}`);
  if (notReached) reasons.push(`${notReached} device-changes not reached in 10 s`);
  if (commandFailures) reasons.push(`${commandFailures} commands failed`);
  const sum = (pick: (c: CloseAnswer) => number) => closed.reduce((n, c) => n + pick(c), 0);
  return {
    case: kind,
    stream,
    processes: procs.length,
    devices: size,
    loadStart,
    loadEnd: os.loadavg()[0]!,
    changes,
    propagationP50: percentile(latencies, 50),
    propagationP99: p99,
    propagationMax: latencies.length ? Math.max(...latencies) : Number.NaN,
    p99ByKind: Object.fromEntries([...byKind].map(([label, values]) => [label, percentile(values, 99)])),
    notReached,
    commandAnswerMs: percentile(answers, 50),
    senders: burst.length,
    commandP50: percentile(
      burst.map((b) => b.ms),
      50,
    ),
    commandP99: percentile(
      burst.map((b) => b.ms),
      99,
    ),
    commandsPerSecond: (burst.length - commandFailures) / (burstMs / 1000),
    commandFailures,
    serverCpuPerChangeMs: serverCpuChanges / Math.max(1, changes),
    serverCpuPerCommandMs: burstCpu / Math.max(1, burst.length),
    databaseCpuPerCommandMs: burstDatabaseCpu / Math.max(1, burst.length),
    devicesCpuMs: devicesCpu,
    bytesPerDevice: (after.heap - before.heap) / Math.max(1, rest.length),
    rssPerDevice: (after.rss - before.rss) / Math.max(1, rest.length),
    pulls: sum((c) => c.pulls),
    pullErrors: sum((c) => c.pullErrors),
    pullErrorKinds: closed.reduce<Record<string, number>>((kinds, c) => {
      for (const [k, n] of Object.entries(c.errorKinds)) kinds[k] = (kinds[k] ?? 0) + n;
      return kinds;
    }, {}),
    documentEvents: sum((c) => c.documentEvents),
    noticeEvents: sum((c) => c.noticeEvents),
    outsideEvents,
    outsideTables,
    keepsUp: reasons.length === 0,
    why: reasons.join("; "),
  };
}

// ---------------------------------------------------------------- main

/** The load section of a RESULTS.md text ("" when it has none). */
function sectionOf(text: string): string {
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  return at >= 0 && end > at ? text.slice(at, end) : "";
}

/**
 * The section this run's figures are compared with: the file's, unless it is this run's own (written by --report
 * before), then the last committed one of another run (git history of bench/RESULTS.md).
 */
function previousSection(text: string, startedOn: string): string {
  const current = sectionOf(text);
  if (!current.includes(startedOn)) return current;
  try {
    const commits = execFileSync("git", ["log", "--format=%H", "-n", "50", "--", "bench/RESULTS.md"], {
      cwd: projectDir,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    for (const commit of commits) {
      const old = sectionOf(
        execFileSync("git", ["show", `${commit}:bench/RESULTS.md`], { cwd: projectDir, encoding: "utf8" }),
      );
      if (old && !old.includes(startedOn)) return old;
    }
  } catch {}
  return "";
}

/** Writes the section of bench/RESULTS.md (or prints it with --no-write). */
function report(results: LoadResult[], startedOn: string, load: number[]): void {
  const text = readFileSync(RESULTS, "utf8");
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  const section = markdown(results, startedOn, load, previousSection(text, startedOn));
  console.log(section);
  if (WRITE) {
    const next =
      at >= 0 && end > at
        ? text.slice(0, at) + section + text.slice(end + END.length)
        : `${text.trimEnd()}\n\n${section}\n`;
    writeFileSync(RESULTS, next);
  }
}

async function main(): Promise<void> {
  if (argv.includes("--report")) {
    // the rows an earlier (perhaps interrupted) run kept in bench/results/load.json, reported without running
    const saved = JSON.parse(readFileSync(SAVED, "utf8")) as {
      startedOn: string;
      load: number[];
      results: LoadResult[];
    };
    return report(saved.results, saved.startedOn, saved.load);
  }
  mkdirSync(join(import.meta.dirname, "results"), { recursive: true });
  const startedOn = new Date().toISOString();
  const load = os.loadavg();
  const dir = mkdtempSync(join(os.tmpdir(), "ledgerline-load-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>load bench</title>");
  let cluster: PgCluster | null = null;
  const procs: Proc[] = [];
  const results: LoadResult[] = [];
  const threads = startThreads(THREADS);
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
    let seeded = false;
    let groups: MixGroup[] = [];
    const db = new pg.Client({ connectionString: databaseUrl });
    let demo: Demo | null = null;
    for (const stream of STREAM) {
      await stopProcesses(procs);
      const models = stream === "on" ? STREAM_MODELS : "none";
      for (const setup of [...new Set(PLAN.map((p) => p.processes))]) {
        let started = false;
        while (procs.length < setup) {
          console.log(`starting process ${procs.length + 1} (documents in the stream: ${models || "none"})`);
          procs.push(await startProcess(databaseUrl, dir, `p${procs.length + 1}`, !seeded, models));
          if (!seeded) {
            seeded = true;
            await db.connect();
            const one = async (sql: string) => ((await db.query(sql)).rows[0] as { id: string }).id;
            demo = {
              issuerUser: await one(
                "select user_id as id from app_public.user_emails where email = 'issuer@demo.test' and is_primary",
              ),
              issuerAccount: await one("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'"),
              brokerUser: await one(
                "select user_id as id from app_public.user_emails where email = 'broker@demo.test' and is_primary",
              ),
              brokerAccount: await one(
                "select id from app_public.accounts where name = 'Harborview Capital Markets LLC'",
              ),
            };
            if (CASES.includes("mix")) {
              const count = Math.ceil(Math.max(...PLAN.map((p) => p.devices)) / GROUP_SIZE);
              console.log(
                `seeding the mix: ${count} issuers, each with ${GROUP.brokers} brokers and ${GROUP.investors} investors`,
              );
              groups = await seedMix(databaseUrl, count, GROUP.investors, GROUP.brokers, (done) => {
                if (done % 10 === 0) console.log(`  ${done} of ${count}`);
              });
            }
          }
          started = true;
        }
        const active = procs.slice(0, setup);
        if (started) {
          // A fresh process compiles and fills its caches on its first requests: a round of 50 devices of each
          // case, not counted, so the first measured size does not pay for it.
          console.log(`warming up ${setup} process(es) with 50 devices (not counted)`);
          for (const kind of CASES) await measure(db, active, threads, kind, stream, 50, demo!, groups, dir);
        }
        for (const kind of CASES)
          for (const { devices: size } of PLAN.filter((p) => p.processes === setup)) {
            console.log(`${kind}, documents ${stream}, ${setup} process(es), ${size} devices ...`);
            const result = await measure(db, active, threads, kind, stream, size, demo!, groups, dir);
            console.log(JSON.stringify(result));
            results.push(result);
            // kept as it goes, so an interrupted run's rows can still be reported (--report)
            writeFileSync(SAVED, JSON.stringify({ startedOn, load, results }, null, 1));
          }
      }
    }
    await db.end();
  } finally {
    await threads.stop();
    await stopProcesses(procs);
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  report(results, startedOn, load);
}

await main();
