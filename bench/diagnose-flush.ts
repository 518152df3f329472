// Where the outbox flush's time goes (bench/README.md, issue 15 item 4): the bench's own flush (bench/lib/outbox.ts:
// N makeCustomer commands queued offline, flushed through the app's outbox against the in-process server) with
//   - every statement PGlite runs during the flush timed by kind (the wire messages of PGlite's protocol calls:
//     the time inside PGlite, its JavaScript and WebAssembly, per statement kind),
//   - each POST /api/v2/commands timed from the device (request to parsed answer) and the device's work between
//     requests,
//   - a CPU profile of the flush (node:inspector) summed by self time per part (PGlite, grafast/PostGraphile,
//     graphql-js, RxDB, HTTP, JSON, the endpoint's and the outbox's own code, GC, idle).
//   node bench/diagnose-flush.ts [--commands 1000] [--runs 1] [--profile-out file.cpuprofile] [--show-sql] [--no-profile]
// (--show-sql prints the first statement of each kind; the profiler's own cost shows as node:inspector's `post`,
// --no-profile leaves it out). The SQL phase's statements are timed the same way, for a side-by-side table.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { parseArgs } from "node:util";

process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { outboxBench } = await import("./lib/outbox.ts");

const { values } = parseArgs({
  options: {
    commands: { type: "string", default: "1000" },
    runs: { type: "string", default: "1" },
    "profile-out": { type: "string" },
    "show-sql": { type: "boolean", default: false },
    "no-profile": { type: "boolean", default: false },
  },
});

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

/** A statement's kind, from its text. */
function kindOf(text: string): string {
  const t = text.trim().toLowerCase();
  if (t.startsWith("begin")) return "begin";
  if (t.startsWith("commit")) return "commit";
  if (t.startsWith("rollback to") || t.startsWith("release") || t.startsWith("savepoint")) return "savepoints";
  if (t.startsWith("rollback")) return "rollback";
  if (t.includes("make_customer")) return "make_customer (the command's SQL)";
  if (t.includes("command_outcomes")) return "command log: key look-up";
  if (t.includes("log_commands")) return "command log: insert";
  if (t.includes("set_config") || t.includes("ll_settings") || t.startsWith("select set_config"))
    return "session settings";
  if (t.includes("pg_current_snapshot")) return "answer waits for pulls (snapshot)";
  if (t.includes("next_changes") || t.includes("docs_") || t.includes("ready_")) return "device pulls / change stream";
  return `other: ${t.slice(0, 60).replace(/\s+/g, " ")}`;
}

const server = await startTestServer();
const pglite = (server.server.db as unknown as { pglite: Record<string, unknown> }).pglite;
type Times = Map<string, { ms: number; calls: number; statements: number }>;
// the flush's statements, and the SQL phase's (the limit: the same make_customer calls in one transaction)
const flushTimes: Times = new Map();
const limitTimes: Times = new Map();
let sqlTimes: Times = flushTimes;
let timing = false;
let current = "?";
const shown = new Set<string>();
const original = (pglite.execProtocolStream as (...args: unknown[]) => Promise<unknown>).bind(pglite);
const decoder = new TextDecoder();
pglite.execProtocolStream = async (message: Uint8Array, ...rest: unknown[]) => {
  if (!timing) return original(message, ...rest);
  const type = String.fromCharCode(message[0] ?? 0);
  let statement = false;
  if (type === "P" || type === "Q") {
    // 'P' int32 name\0 query\0 ... ; 'Q' int32 query\0
    let at = 5;
    if (type === "P") while (message[at] !== 0) at++;
    const start = type === "P" ? at + 1 : 5;
    let end = start;
    while (end < message.length && message[end] !== 0) end++;
    const text = decoder.decode(message.subarray(start, end));
    current = kindOf(text);
    if (values["show-sql"] && !shown.has(current)) {
      shown.add(current);
      console.log(`[${current}] ${text}`);
    }
    statement = true;
  }
  const started = performance.now();
  try {
    return await original(message, ...rest);
  } finally {
    const entry = sqlTimes.get(current) ?? { ms: 0, calls: 0, statements: 0 };
    entry.ms += performance.now() - started;
    entry.calls++;
    if (statement) entry.statements++;
    sqlTimes.set(current, entry);
  }
};

const requests: number[] = [];
let lastAnswer = 0;
const between: number[] = [];
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

function partOf(frame: Node["callFrame"]): string {
  const { url, functionName } = frame;
  if (functionName === "(idle)") return "idle (waiting: timers, I/O)";
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(program)") return "V8 (program)";
  // the profiler's own start (its samples land on the call that started it)
  if (url === "node:inspector" && functionName === "post") return "the profiler itself (node:inspector)";
  if (url.startsWith("wasm://")) return "PGlite (WebAssembly: PostgreSQL)";
  if (url.includes("@electric-sql/pglite")) return "PGlite (JavaScript)";
  if (url.includes("/grafast/")) return "grafast";
  if (url.includes("@dataplan/pg") || url.includes("postgraphile") || url.includes("graphile-build"))
    return "PostGraphile/@dataplan/pg";
  if (url.includes("/graphql/")) return "graphql-js";
  if (url.includes("/rxdb/") || url.includes("/rxjs/")) return "RxDB/rxjs (device)";
  if (url.includes("valibot")) return "valibot (command schemas)";
  if (url.includes("undici") || url.includes("node:internal/deps/undici")) return "HTTP client (undici fetch)";
  if (url.includes("node:_http") || url.includes("node:internal/http") || url.includes("node:net"))
    return "HTTP server (node:http, net)";
  if (url.includes("sync/replication/commands.ts") || url.includes("held-transaction")) return "command endpoint";
  if (url.includes("/src/data/")) return "device data layer (outbox, replication)";
  if (url.includes("/sync/")) return "server (other)";
  if (url === "" && (functionName === "parse" || functionName === "stringify")) return "JSON";
  if (url === "") return `native: ${functionName || "(anonymous)"}`;
  return url.startsWith("node:") ? "node internals (other)" : `other: ${url.replace(/.*node_modules\//, "")}`;
}

/** Stops the profiler: self time by part (and the profile written with --profile-out, suffixed by `phase`). */
async function profiled(phase: string): Promise<Map<string, number>> {
  const { profile } = (await session.post("Profiler.stop")) as unknown as {
    profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  };
  if (values["profile-out"])
    writeFileSync(values["profile-out"].replace(/(\.cpuprofile)?$/, `.${phase}$1`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const part = partOf(node.callFrame);
    parts.set(part, (parts.get(part) ?? 0) + ms);
  });
  return parts;
}
let sqlParts = new Map<string, number>();

try {
  console.log(`load average ${loadavg()}`);
  for (let run = 0; run < Number(values.runs); run++) {
    flushTimes.clear();
    limitTimes.clear();
    requests.length = 0;
    between.length = 0;
    const figures = await outboxBench(
      server.server.db,
      server.client(),
      server.url,
      "issuer@demo.test",
      Number(values.commands),
      {
        transport: (transport) => ({
          ...transport,
          fetch: async (input, init) => {
            const commands = String(input).endsWith("/commands");
            const started = performance.now();
            if (commands && lastAnswer > 0) between.push(started - lastAnswer);
            const response = await transport.fetch(input, init);
            if (!commands) return response;
            const body = await response.text();
            lastAnswer = performance.now();
            requests.push(lastAnswer - started);
            return new Response(body, { status: response.status, headers: response.headers });
          },
        }),
        sqlStarts: async () => {
          sqlTimes = limitTimes;
          timing = true;
          if (!values["no-profile"]) await session.post("Profiler.start");
        },
        sqlEnded: async () => {
          timing = false;
          sqlTimes = flushTimes;
          if (!values["no-profile"]) sqlParts = await profiled("sql");
        },
        flushStarts: async () => {
          lastAnswer = 0;
          timing = true;
          if (!values["no-profile"]) await session.post("Profiler.start");
        },
        flushEnded: async () => {
          timing = false;
          if (values["no-profile"]) return;
          const flushParts = await profiled("flush");
          const sum = (parts: Map<string, number>) => [...parts.values()].reduce((a, b) => a + b, 0);
          console.log(
            `CPU profile, self time by part: the flush (${Math.round(sum(flushParts))} ms sampled) | the SQL phase (${Math.round(sum(sqlParts))} ms) | flush - SQL`,
          );
          for (const [part, ms] of [...flushParts].sort((a, b) => b[1] - a[1]).slice(0, 24)) {
            const limit = sqlParts.get(part) ?? 0;
            console.log(
              `  ${part.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms | ${limit.toFixed(0).padStart(6)} ms | ${(ms - limit).toFixed(0).padStart(6)} ms`,
            );
          }
        },
      },
    );
    console.log(
      `flush ${Math.round(figures.commandsPerSecond)}/s (${Math.round(figures.flushMs)} ms, CPU ${Math.round(figures.flushCpuMs)} ms); ` +
        `SQL ${Math.round(figures.sqlPerSecond)}/s (${Math.round(figures.sqlMs)} ms); ${(figures.flushMs / figures.sqlMs).toFixed(2)}x; exactly once: ${figures.exactlyOnce}`,
    );
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    console.log(
      `requests: ${requests.length}, ${Math.round(sum(requests))} ms from request to parsed answer (${requests.map((ms) => Math.round(ms)).join(", ")}); ` +
        `device between answer and next request ${Math.round(sum(between))} ms`,
    );
    const total = (times: Times) => [...times.values()].reduce((sum, entry) => sum + entry.ms, 0);
    console.log(
      "inside PGlite (its protocol calls, by statement kind): the flush | the SQL phase (the limit) | flush - SQL",
    );
    for (const kind of [...new Set([...flushTimes.keys(), ...limitTimes.keys()])].sort(
      (a, b) => (flushTimes.get(b)?.ms ?? 0) - (flushTimes.get(a)?.ms ?? 0),
    )) {
      const f = flushTimes.get(kind) ?? { ms: 0, calls: 0, statements: 0 };
      const l = limitTimes.get(kind) ?? { ms: 0, calls: 0, statements: 0 };
      console.log(
        `  ${kind.slice(0, 60).padEnd(60)} ${f.ms.toFixed(0).padStart(6)} ms ${String(f.statements).padStart(5)} st | ` +
          `${l.ms.toFixed(0).padStart(6)} ms ${String(l.statements).padStart(5)} st | ${(f.ms - l.ms).toFixed(0).padStart(6)} ms`,
      );
    }
    const f = total(flushTimes);
    const l = total(limitTimes);
    console.log(
      `  ${"all".padEnd(60)} ${f.toFixed(0).padStart(6)} ms          | ${l.toFixed(0).padStart(6)} ms          | ${(f - l).toFixed(0).padStart(6)} ms`,
    );
    console.log(
      `  outside PGlite: the flush ${(figures.flushMs - f).toFixed(0)} ms, the SQL phase ${(figures.sqlMs - l).toFixed(0)} ms`,
    );
  }
  console.log(`load average ${loadavg()}`);
} finally {
  session.disconnect();
  await server.close();
}
process.exit(0);
