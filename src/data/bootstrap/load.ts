// One model's bootstrap read and written (docs/REPLICATION.md "Bootstrap"), the same code in the Web Worker
// (worker.ts, in the browser) and in-process (Node tests): GET /api/v2/bootstrap, its NDJSON lines parsed as they
// arrive, each page written while the next one is read (one write at a time), the token after each written page
// reported (the device keeps it: a reload resumes from it). A cut stream (dropped connection, server restart) is asked
// again from the last written page's token after a pause; refusals (HTTP 4xx) end the load; a full storage fails it.
import { type BootstrapLine, type PullAnswer, type PullCheckpoint, parseBootstrapToken } from "../../domain/wire.ts";
import { isStorageFull } from "../storage-full.ts";

type Documents = PullAnswer["documents"];

export interface LoadModelOptions {
  fetch: typeof fetch;
  /** the bootstrap endpoint's URL (absolute in a worker) */
  url: string;
  model: string;
  /** the token of the last page written before (a resumed bootstrap), or null */
  resume: string | null;
  /** documents per page asked of the server (default: the server's) */
  limit?: number;
  /** writes a page */
  write(documents: Documents): Promise<void>;
  /** a page is written: how many documents, and the token that resumes after it */
  written(count: number, resume: string): void;
  stopped(): boolean;
  /** pauses after consecutive failures (ms); the last repeats */
  retryDelays?: readonly number[];
  /** where the time goes (bench/diagnose-sync.ts): waiting for the stream's bytes, parsing lines, writing pages */
  measure?(part: "wait" | "parse" | "write", ms: number): void;
}

export type LoadModelResult =
  | { status: "done"; checkpoint: PullCheckpoint; last: Documents; resume: string }
  /** the server refused (HTTP status): no bootstrap here; `resume` is how far it got */
  | { status: "refused"; httpStatus: number; resume: string | null }
  | { status: "stopped"; resume: string | null };

const RETRY_DELAYS = [250, 1_000, 2_000, 5_000];

class Refused extends Error {
  readonly httpStatus: number;
  constructor(httpStatus: number) {
    super(`bootstrap refused (${httpStatus})`);
    this.httpStatus = httpStatus;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function loadModel(options: LoadModelOptions): Promise<LoadModelResult> {
  const delays = options.retryDelays ?? RETRY_DELAYS;
  let resume = options.resume;
  let last: Documents = [];
  let failures = 0;
  for (;;) {
    if (options.stopped()) return { status: "stopped", resume };
    let progressed = false;
    try {
      const end = await readOnce(options, resume, (documents, token) => {
        progressed = true;
        resume = token;
        if (documents.length > 0) last = documents.slice(-1);
      });
      if (end === "stopped") return { status: "stopped", resume };
      return { status: "done", checkpoint: end.checkpoint, last, resume: end.resume };
    } catch (error) {
      if (error instanceof Refused) return { status: "refused", httpStatus: error.httpStatus, resume };
      // the device's storage is full: asking again gives the same answer; the failure goes to the first load (the
      // user is told, and RxDB's retry goes on from the last written page once there is room)
      if (isStorageFull(error)) throw error;
      failures = progressed ? 1 : failures + 1;
      await sleep(delays[Math.min(failures - 1, delays.length - 1)] ?? 1_000);
    }
  }
}

/** One request: pages written until the stream ends (its done line) or is cut (throws). */
async function readOnce(
  options: LoadModelOptions,
  resume: string | null,
  pageWritten: (documents: Documents, resume: string) => void,
): Promise<{ checkpoint: PullCheckpoint; resume: string } | "stopped"> {
  const url = new URL(options.url, typeof location === "undefined" ? undefined : location.href);
  url.searchParams.set("model", options.model);
  if (resume) url.searchParams.set("resume", resume);
  if (options.limit) url.searchParams.set("limit", String(options.limit));
  const response = await options.fetch(url.href, { headers: { accept: "application/x-ndjson" } });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      throw new Refused(response.status);
    throw new Error(`bootstrap answered ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  // the page being written while the next one is read
  let writing: Promise<void> = Promise.resolve();
  const measure = options.measure;
  const clock = () => (measure ? performance.now() : 0);
  const handle = async (text: string): Promise<{ checkpoint: PullCheckpoint; resume: string } | null> => {
    const parsing = clock();
    const line = JSON.parse(text) as BootstrapLine;
    measure?.("parse", clock() - parsing);
    if ("done" in line) {
      await writing;
      return { checkpoint: line.checkpoint, resume: line.resume };
    }
    const token = parseBootstrapToken(line.resume);
    if (!token || token.model !== options.model) throw new Error("bootstrap line of another model");
    const { documents } = line.page;
    await writing;
    const writeStarted = clock();
    writing = options.write(documents).then(() => {
      measure?.("write", clock() - writeStarted);
      pageWritten(documents, line.resume);
      options.written(documents.length, line.resume);
    });
    // a failed write surfaces when it is awaited (next page or the end)
    writing.catch(() => {});
    return null;
  };
  try {
    for (;;) {
      if (options.stopped()) {
        await reader.cancel().catch(() => {});
        await writing.catch(() => {});
        return "stopped";
      }
      const waiting = clock();
      const { value, done } = await reader.read();
      measure?.("wait", clock() - waiting);
      if (done) break;
      buffered += value;
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const text = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const end = await handle(text);
        if (end) return end;
        newline = buffered.indexOf("\n");
      }
    }
  } catch (error) {
    // a failed page (or a read error): the response is let go before the retry asks again, so an abandoned stream
    // does not keep one of the browser's few connections to the server open, unread
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    await writing.catch(() => {});
  }
  await writing;
  throw new Error("the bootstrap stream was cut");
}
