// The outbox's sender loop (docs/REPLICATION.md "Commands"): sends the store's pending commands in sequence order,
// in batches, and records the server's answer on each. A rejection never blocks the queue (the commands behind it
// are sent anyway). Transient failures (no network, HTTP 5xx, a request the server only partly answered) keep the
// commands pending and retry after the backoff's delay; an expired session (401/403) or a session of another user
// or account ("refused") pauses the sender until resume(). One drain runs at a time: a flush asked for while one
// runs makes it drain again when it ends. A command held for its file (`held`: an import that reads the uploaded
// file, src/data/file-queue.ts) stays pending and is passed over until the file is uploaded, and so does a later
// command that names its record or its file (order.ts); the rest go.
import { MAX_COMMANDS_PER_REQUEST, type WireCommand } from "../../domain/wire.ts";
import type { OutboxCommand } from "../models/outbox.ts";
import type { Backoff } from "./backoff.ts";
import type { SendCommands } from "./command-sender.ts";
import { type HeldCommands, waitingCommands } from "./order.ts";
import type { OutboxStore } from "./store.ts";

export type OutboxPause = null | "offline" | "retrying" | "unauthorized";

/** What the sender reports about itself (the outbox's state adds the store's counts). */
export interface SenderState {
  /** why the sender is not sending right now (null: idle or sending) */
  paused: OutboxPause;
  /** when the sender retries next (ISO time), while paused === "retrying" */
  nextRetryOn: string | null;
  /** when the server last accepted a command (ISO time) */
  lastAcceptedOn: string | null;
}

interface SenderOptions {
  store: Pick<OutboxStore, "pendingBatch" | "record">;
  send: SendCommands;
  backoff: Backoff;
  setState: (patch: Partial<SenderState>) => void;
  isOnline: () => boolean;
  isSender: () => boolean;
  /**
   * The pending commands that must not be sent yet (their file is still on the device), with the keys of the files
   * each waits for; read after the batch, so a command stored after its file is always seen held. The commands that
   * name their records or files wait too (order.ts). Default: none.
   */
  held?: () => Promise<HeldCommands>;
  /** commands per request (at most MAX_COMMANDS_PER_REQUEST) */
  batchSize: number;
  /** after accepted commands (at most every acceptedNoticeMs while a queue drains, and once at its end) */
  onAccepted?: (keys: string[]) => void;
  acceptedNoticeMs?: number;
  now: () => Date;
}

export interface Sender {
  /** Sends what is pending; resolves when the queue is empty or the sender has to wait. */
  flush(): Promise<void>;
  /** The network came back: the backoff starts again and the sender flushes. */
  online(): void;
  offline(): void;
  /** After signing in again: lifts an "unauthorized" pause and flushes. */
  resume(): void;
  /** Stops for good (no further sending or retry); start() undoes it. */
  stop(): void;
  start(): void;
}

/** While a queue drains, onAccepted is called at most this often (and once when it is drained). */
const ACCEPTED_NOTICE_MS = 2_000;

function wire(command: OutboxCommand): WireCommand {
  return {
    key: command.id,
    mutation: command.mutation,
    variables: command.variables as Record<string, unknown>,
    userId: command.userId,
    accountId: command.accountId,
    createdOn: command.createdOn,
    deviceId: command.deviceId,
    seq: command.seq,
  };
}

export function createSender(options: SenderOptions): Sender {
  const { store, send, backoff, setState, isOnline, isSender, now } = options;
  const batchSize = Math.min(options.batchSize, MAX_COMMANDS_PER_REQUEST);
  const acceptedNoticeMs = options.acceptedNoticeMs ?? ACCEPTED_NOTICE_MS;

  let stopped = false;
  let unauthorized = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let acceptedKeys: string[] = [];
  let lastAcceptedNotice = 0;

  function clearRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function scheduleRetry() {
    clearRetry();
    const delay = backoff.next();
    setState({ paused: "retrying", nextRetryOn: new Date(now().getTime() + delay).toISOString() });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, delay);
  }

  function noticeAccepted() {
    if (acceptedKeys.length === 0) return;
    const keys = acceptedKeys;
    acceptedKeys = [];
    lastAcceptedNotice = Date.now();
    options.onAccepted?.(keys);
  }

  async function sendable(limit: number): Promise<OutboxCommand[]> {
    if (!options.held) return store.pendingBatch(limit);
    // Room for the held ones, then held asked again: a file is kept before its command is stored, so any command
    // of this batch that waits for a file is in the second answer.
    const before = await options.held();
    let span = limit + before.size;
    for (;;) {
      const batch = await store.pendingBatch(span);
      const waiting = waitingCommands(batch, await options.held());
      const sendable = batch.filter((command) => !waiting.has(command.id));
      // Commands waiting behind a file may fill the span read: read further, so unrelated commands after them still go.
      if (sendable.length >= limit || batch.length < span) return sendable.slice(0, limit);
      span *= 2;
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      if (!isSender()) return;
      if (unauthorized) return setState({ paused: "unauthorized" });
      if (!isOnline()) return setState({ paused: "offline", nextRetryOn: null });
      const batch = await sendable(batchSize);
      if (batch.length === 0) return setState({ paused: null, nextRetryOn: null });
      setState({ paused: null, nextRetryOn: null });
      const outcome = await send(batch.map(wire));
      if (stopped) return;
      if (outcome.kind === "unauthorized") {
        unauthorized = true;
        return setState({ paused: "unauthorized" });
      }
      if (outcome.kind === "transient") return scheduleRetry();
      const answeredOn = now().toISOString();
      const { accepted, refused } = await store.record(batch, outcome.results, answeredOn);
      if (accepted.length > 0) {
        setState({ lastAcceptedOn: answeredOn });
        acceptedKeys.push(...accepted);
        if (Date.now() - lastAcceptedNotice >= acceptedNoticeMs) noticeAccepted();
      }
      if (refused) {
        unauthorized = true;
        return setState({ paused: "unauthorized" });
      }
      if (!outcome.complete || outcome.results.length === 0) return scheduleRetry();
      backoff.reset();
    }
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearRetry();
    running = (async () => {
      try {
        // A flush asked for while draining (the network came back, a command was stored) drains again, even when
        // the pass that was running ended paused: that pass may have seen the network before it returned.
        do {
          again = false;
          if (retryTimer) clearRetry();
          await drain();
        } while (again && !stopped);
      } catch (error) {
        // A local storage failure: keep everything and try again later.
        console.error("outbox flush failed:", error);
        scheduleRetry();
      } finally {
        running = null;
        noticeAccepted();
      }
    })();
    return running;
  }

  return {
    flush,
    online() {
      backoff.reset();
      void flush();
    },
    offline() {
      setState({ paused: "offline", nextRetryOn: null });
    },
    resume() {
      unauthorized = false;
      backoff.reset();
      setState({ paused: null });
      void flush();
    },
    stop() {
      stopped = true;
      clearRetry();
    },
    start() {
      stopped = false;
      void flush();
    },
  };
}
