// The server's log. Two formats (LOG_FORMAT): `text`, the console lines a developer reads (the default on the embedded
// database), and `json`, one JSON object per line with `level`, `time` (ISO 8601) and `message` plus the event's fields
// (the default in production on PostgreSQL, where a log collector reads several processes). In json format every
// console.log/info/warn/error of any module is turned into such a line too, so nothing unstructured reaches stdout.
import { format } from "node:util";

export type LogFormat = "json" | "text";
type Level = "info" | "warn" | "error";

let current: LogFormat = "text";
const original = {
  log: console.log.bind(console),
  info: console.info.bind(console),
  warn: console.warn.bind(console),
  error: console.error.bind(console),
};

function jsonLine(level: Level, msg: string, fields?: Record<string, unknown>): string {
  return JSON.stringify({ level, time: new Date().toISOString(), message: msg, pid: process.pid, ...fields });
}

/** Sets the format; in json every console call becomes one JSON line (errors keep their stack in `error`). */
export function setLogFormat(value: LogFormat): void {
  current = value;
  if (value !== "json") {
    Object.assign(console, original);
    return;
  }
  const writer =
    (level: Level, stream: NodeJS.WriteStream) =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const msg = format(...args.filter((arg) => arg !== error)).trim() || (error?.message ?? "");
      const fields = error ? { error: error.stack ?? error.message } : undefined;
      stream.write(`${jsonLine(level, msg, fields)}\n`);
    };
  console.log = writer("info", process.stdout);
  console.info = writer("info", process.stdout);
  console.warn = writer("warn", process.stderr);
  console.error = writer("error", process.stderr);
}

export function logFormat(): LogFormat {
  return current;
}

/** One event: in json a line with the fields; in text the message alone (fields appended as key=value). */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (current === "json") {
    const stream = level === "info" ? process.stdout : process.stderr;
    stream.write(`${jsonLine(level, msg, fields)}\n`);
    return;
  }
  const extra = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  original[level === "info" ? "log" : level](extra ? `${msg} ${extra}` : msg);
}
