// The table of bench/load.ts in bench/RESULTS.md (between the `load` markers), each figure beside its value in the
// section it replaces: the previous section's table is read back by its column names, so a row of the same case,
// setting, processes and devices gives "(was ...)"; a section written before the mix existed (no Case or Stream
// documents column) counts as the single-audience case without documents in the stream.
import os from "node:os";

export interface LoadResult {
  case: "single audience" | "mix";
  stream: "off" | "on";
  processes: number;
  devices: number;
  loadStart: number;
  loadEnd: number;
  changes: number;
  propagationP50: number;
  propagationP99: number;
  propagationMax: number;
  /** Propagation p99 by kind of change (contact, distribution, broker's contact). */
  p99ByKind: Record<string, number>;
  notReached: number;
  /** The changes' own commands: answer p50 (their commit is inside the propagation). */
  commandAnswerMs: number;
  /** Devices that sent a command in the burst, and the answers. */
  senders: number;
  commandP50: number;
  commandP99: number;
  commandsPerSecond: number;
  commandFailures: number;
  /** The server processes' CPU time (user + system) during the propagation rounds, per change. */
  serverCpuPerChangeMs: number;
  /** The server processes' CPU time during the burst, per command. */
  serverCpuPerCommandMs: number;
  /** PostgreSQL's CPU time (every postgres process on the machine) during the burst, per command. */
  databaseCpuPerCommandMs?: number;
  /** The bench process's CPU time (the devices' threads and the main thread) during the propagation rounds. */
  devicesCpuMs: number;
  /** Heap used + external after a full GC, growth per device; RSS growth per device. */
  bytesPerDevice: number;
  rssPerDevice: number;
  pulls: number;
  pullErrors: number;
  pullErrorKinds: Record<string, number>;
  documentEvents: number;
  noticeEvents: number;
  /** Stream events heard by devices outside every audience of the changes (must be 0). */
  outsideEvents: number;
  /** Those events by table. */
  outsideTables?: Record<string, number>;
  keepsUp: boolean;
  why: string;
}

export const START = "<!-- load:start -->";
export const END = "<!-- load:end -->";

const HEADERS = [
  "Case",
  "Stream documents",
  "Processes",
  "Devices",
  "Load average (1 min) start / end",
  "Propagation p50",
  "p99",
  "max",
  "p99 by change",
  "Not reached (10 s)",
  "Command answer",
  "Commands at once",
  "Command p50 / p99",
  "Commands/s (all at once)",
  "Failed",
  "Servers' CPU per change / per command",
  "Devices' CPU (changes)",
  "Memory per device",
  "Pulls (failed)",
  "Events with documents / notices",
  "Events outside the audience",
  "Keeps up",
] as const;

/** Columns compared with the previous section's (the same name there). */
const COMPARED = new Set<string>([
  "Load average (1 min) start / end",
  "Propagation p50",
  "p99",
  "max",
  "Not reached (10 s)",
  "Command answer",
  "Commands at once",
  "Command p50 / p99",
  "Commands/s (all at once)",
  "Failed",
  "Servers' CPU per change / per command",
  "Memory per device",
]);

export const fmtMs = (value: number) =>
  Number.isFinite(value) ? `${Math.round(value).toLocaleString("en-US")} ms` : "-";

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

const withoutWas = (cell: string) => cell.replace(/\s*\(was [^()]*(\([^()]*\)[^()]*)*\)/g, "").trim();

/** The previous section's rows by case, setting, processes and devices; each by column name. */
export function previousRows(section: string): { on: string; rows: Map<string, Map<string, string>> } {
  const rows = new Map<string, Map<string, string>>();
  const on = /on (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(section)?.[1] ?? "the previous run";
  const lines = section.split("\n");
  const at = lines.findIndex((line) => line.startsWith("| Processes") || line.startsWith("| Case"));
  if (at < 0) return { on, rows };
  const headers = cells(lines[at]!);
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("|")) break;
    const row = new Map(cells(line).map((cell, i) => [headers[i]!, withoutWas(cell)]));
    const key = [
      row.get("Case") ?? "single audience",
      row.get("Stream documents") ?? "off",
      row.get("Processes"),
      (row.get("Devices") ?? "").replace(/,/g, ""),
    ].join("/");
    rows.set(key, row);
  }
  return { on, rows };
}

function row(r: LoadResult, previous: Map<string, Map<string, string>>): string {
  const values: Record<(typeof HEADERS)[number], string> = {
    Case: r.case,
    "Stream documents": r.stream,
    Processes: String(r.processes),
    Devices: r.devices.toLocaleString("en-US"),
    "Load average (1 min) start / end": `${r.loadStart.toFixed(1)} / ${r.loadEnd.toFixed(1)}`,
    "Propagation p50": fmtMs(r.propagationP50),
    p99: fmtMs(r.propagationP99),
    max: fmtMs(r.propagationMax),
    "p99 by change": Object.entries(r.p99ByKind)
      .map(([label, ms]) => `${label} ${fmtMs(ms)}`)
      .join(", "),
    "Not reached (10 s)": String(r.notReached),
    "Command answer": fmtMs(r.commandAnswerMs),
    "Commands at once": r.senders.toLocaleString("en-US"),
    "Command p50 / p99": `${fmtMs(r.commandP50)} / ${fmtMs(r.commandP99)}`,
    "Commands/s (all at once)": String(Math.round(r.commandsPerSecond)),
    Failed: String(r.commandFailures),
    "Servers' CPU per change / per command":
      `${fmtMs(r.serverCpuPerChangeMs)} / ${fmtMs(r.serverCpuPerCommandMs)}` +
      (r.databaseCpuPerCommandMs === undefined ? "" : ` (PostgreSQL ${fmtMs(r.databaseCpuPerCommandMs)})`),
    "Devices' CPU (changes)": fmtMs(r.devicesCpuMs),
    "Memory per device": `${(r.bytesPerDevice / 1024).toFixed(1)} KiB (RSS ${(r.rssPerDevice / 1024).toFixed(0)} KiB)`,
    "Pulls (failed)": `${r.pulls.toLocaleString("en-US")} (${r.pullErrors}${
      r.pullErrors
        ? `: ${Object.entries(r.pullErrorKinds)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(", ")}`
        : ""
    })`,
    "Events with documents / notices": `${r.documentEvents.toLocaleString("en-US")} / ${r.noticeEvents.toLocaleString("en-US")}`,
    "Events outside the audience": `${r.outsideEvents}${
      r.outsideEvents && Object.keys(r.outsideTables ?? {}).length
        ? ` (${Object.entries(r.outsideTables ?? {})
            .map(([table, n]) => `${table} ${n}`)
            .join(", ")})`
        : ""
    }`,
    "Keeps up": r.keepsUp ? "yes" : `**no**: ${r.why}`,
  };
  const before = previous.get([r.case, r.stream, r.processes, r.devices].join("/"));
  return `| ${HEADERS.map((header) => {
    const old = before?.get(header);
    return COMPARED.has(header) && old && old !== "-" ? `${values[header]} (was ${old})` : values[header];
  }).join(" | ")} |`;
}

/** The replaced section's rows this run did not measure, kept in a line each (their figures would be lost). */
function notMeasured(
  results: LoadResult[],
  previous: { on: string; rows: Map<string, Map<string, string>> },
): string[] {
  const measured = new Set(results.map((r) => [r.case, r.stream, r.processes, r.devices].join("/")));
  const kept = [...previous.rows].filter(([key]) => !measured.has(key));
  if (!kept.length) return [];
  return [
    `Rows of the replaced section (${previous.on}) this run did not measure:`,
    "",
    ...kept.map(
      ([, row]) =>
        `- ${row.get("Case") ?? "single audience"}, documents ${row.get("Stream documents") ?? "off"}, ` +
        `${row.get("Processes")} process(es), ${row.get("Devices")} devices: propagation p50 ${row.get("Propagation p50")}, ` +
        `p99 ${row.get("p99")}, not reached ${row.get("Not reached (10 s)")}, command p50 / p99 ${row.get("Command p50 / p99")}, ` +
        `${row.get("Commands/s (all at once)")} commands/s, memory per device ${row.get("Memory per device")}.`,
    ),
    "",
  ];
}

export function markdown(results: LoadResult[], startedOn: string, load: number[], oldSection: string): string {
  const previous = previousRows(oldSection);
  const target = (
    label: string,
    pick: (r: LoadResult) => boolean,
    figure: (r: LoadResult) => number,
    limit: number,
  ) => {
    const mine = results.filter(pick);
    if (!mine.length) return `- ${label}: not measured in this run.`;
    return `- ${label}: ${mine
      .map((r) => `${r.case}, documents ${r.stream}: ${fmtMs(figure(r))} (${figure(r) < limit ? "met" : "**missed**"})`)
      .join("; ")}.`;
  };
  return [
    START,
    "## Load: devices on one and two server processes (bench/load.ts, issue 33 item 5)",
    "",
    `Run by hand with \`npx node bench/load.ts\` on ${startedOn}: a throwaway PostgreSQL cluster (fsync off), server ` +
      "processes in production mode (bench/lib/load-server.ts: sync/config.ts and startServer, as `node sync/main.ts`), " +
      "the simulated devices in worker threads of the bench process (bench/lib/load-devices.ts), all on this machine " +
      `(${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; load average at the start ` +
      `${load.map((l) => l.toFixed(2)).join(" / ")}, beside each row its 1-minute value at the row's start and end). ` +
      `Values in "(was ...)" are the same row of the section this one replaced (${previous.on}).`,
    "",
    "Single audience: 90% of the devices are the demo issuer's (one user, one account), 10% a broker's that must hear " +
      "nothing; 5 contacts added one after the other, each reaching every issuer device; every device sends a command " +
      "at once. Mix: groups of 50 devices, each an issuer (5 devices of its owner), 2 brokers of its round (2 devices " +
      "each) and 41 investors (one device each, its own distribution); 5 rounds, each with 3 changes in each of 5 " +
      "groups at once: the issuer adds a contact (its devices), renames one investor's distribution (its devices and " +
      "that investor's), a broker adds a contact (that broker's devices); the issuers' and brokers' devices send a " +
      "command at once. Events outside the audience: stream events heard during a round by devices of the groups " +
      "neither it nor the round before concerned (a late change of the round before may still arrive), or, single " +
      "audience, by the broker's devices, by table (must be 0). Servers' CPU: user + " +
      "system time of the server processes (/proc) during the rounds of changes over the number of changes (a " +
      "single-audience change reaches 90% of the devices, a mix change 1 to 6), and during the burst over the " +
      "number of commands; in brackets PostgreSQL's (every postgres process) during the burst per command. Devices' CPU: the bench process's (the devices' threads and the main thread) during the " +
      "rounds of changes. Command answer: p50 of the changes' own commands (their commit is inside the propagation).",
    "",
    `| ${HEADERS.join(" | ")} |`,
    `| ${HEADERS.map(() => "---").join(" | ")} |`,
    ...results.map((r) => row(r, previous.rows)),
    "",
    ...notMeasured(results, previous),
    'What a run on a loaded machine means, and how to run the full set: bench/README.md "Issue 33 item 5".',
    "",
    "Targets (issue 33; figures, not timed tests):",
    "",
    target(
      "1,000 devices on one process, propagation p99 under 500 ms",
      (r) => r.processes === 1 && r.devices === 1000,
      (r) => r.propagationP99,
      500,
    ),
    target(
      "5,000 devices on two processes, propagation p99 under 1 s",
      (r) => r.processes === 2 && r.devices === 5000,
      (r) => r.propagationP99,
      1000,
    ),
    target(
      "commands from 1,000 devices at once, answer p99 under 1 s",
      (r) => r.devices === 1000 && r.case === "single audience",
      (r) => r.commandP99,
      1000,
    ),
    "",
    END,
  ].join("\n");
}
