// The durable command outbox (docs/REPLICATION.md "Commands"). Every write of the app is a command: the GraphQL
// mutation's name and variables, a UUID idempotency key, the user and account it was made under, the device and
// the device's sequence number. enqueue() stores it in the local database FIRST and only then tries to send it, so
// a command survives a closed tab, a reload and a dead network. The sender sends pending commands in sequence
// order, in batches, to POST /api/v2/commands, and records the server's answer on each:
//   accepted   applied exactly once (the server's command log is keyed by the idempotency key)
//   rejected   refused with a coded error: kept, with the reason, until edited and resent or discarded; the
//              commands behind it are sent anyway (a business rejection never blocks the queue)
// Transient failures (no network, HTTP 5xx) keep the commands pending and retry with exponential backoff; an
// expired session (401/403) or a session of another user/account ("refused") pauses the sender until resume().
// Only this database's outbox is ever flushed, and a database belongs to one user and account, so a command is
// never sent under anyone else.

import type { RxCollection } from "rxdb";
import { BehaviorSubject, type Observable } from "rxjs";
import { assertCommand, type CommandName, type VariablesOf } from "../domain/commands/catalogue.ts";
import { type CommandResult, type CommandsAnswer, MAX_COMMANDS_PER_REQUEST, type WireCommand } from "../domain/wire.ts";
import { liveDocs$ } from "./live-query.ts";
import type { OutboxCommand } from "./models/outbox.ts";
import type { SyncTransport } from "./transport.ts";

export type OutboxCollection = RxCollection<OutboxCommand>;

export type SendOutcome =
  /** complete=false: the server stopped part-way (HTTP 503); the rest must be retried later. */
  | { kind: "answered"; results: CommandResult[]; complete: boolean }
  | { kind: "transient"; reason: string }
  | { kind: "unauthorized" };

type SendCommands = (commands: WireCommand[]) => Promise<SendOutcome>;

/**
 * How long the sender waits for the server's answer: COMMANDS_TIMEOUT_MS, plus COMMANDS_TIMEOUT_PER_COMMAND_MS for
 * each command of the request (a full request of 200 on a slow server takes a while). A request whose connection
 * died silently (a network that dropped mid-answer) would otherwise keep the outbox "sending" until the page
 * reloads. Resending is safe: the server answers a known idempotency key from its command log instead of applying
 * it again.
 */
const COMMANDS_TIMEOUT_MS = 30_000;
const COMMANDS_TIMEOUT_PER_COMMAND_MS = 150;

/** POST /api/v2/commands through a transport; classifies every failure as transient or unauthorized. */
export function commandSender(
  transport: Pick<SyncTransport, "commandsUrl" | "fetch">,
  timeout: { baseMs: number; perCommandMs: number } = {
    baseMs: COMMANDS_TIMEOUT_MS,
    perCommandMs: COMMANDS_TIMEOUT_PER_COMMAND_MS,
  },
): SendCommands {
  return async (commands) => {
    const ms = timeout.baseMs + timeout.perCommandMs * commands.length;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${ms / 1000} s`)), ms);
    try {
      return await post(transport, commands, abort.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function post(
  transport: Pick<SyncTransport, "commandsUrl" | "fetch">,
  commands: WireCommand[],
  signal: AbortSignal,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await transport.fetch(transport.commandsUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(commands),
      signal,
    });
  } catch (error) {
    const reason = signal.aborted ? (signal.reason as Error).message : (error as Error).message;
    return { kind: "transient", reason: `network: ${reason}` };
  }
  if (response.status === 401 || response.status === 403) return { kind: "unauthorized" };
  let body: Partial<CommandsAnswer> = {};
  try {
    body = await response.json();
  } catch {
    // a proxy's HTML error page, a cut connection, no answer in time: nothing was learnt
  }
  if (response.ok && Array.isArray(body.results)) return { kind: "answered", results: body.results, complete: true };
  if (response.status >= 500 || response.status === 429 || !response.ok) {
    if (Array.isArray(body.results) && body.results.length > 0 && response.status === 503) {
      return { kind: "answered", results: body.results, complete: false };
    }
    return { kind: "transient", reason: `HTTP ${response.status}` };
  }
  return { kind: "transient", reason: "unexpected answer" };
}

type OutboxPause = null | "offline" | "retrying" | "unauthorized";

interface OutboxState {
  /** commands not yet answered by the server */
  waiting: number;
  rejected: number;
  /** why the sender is not sending right now (null: idle or sending) */
  paused: OutboxPause;
  /** when the sender retries next (ISO time), while paused === "retrying" */
  nextRetryOn: string | null;
  /** when the server last accepted a command (ISO time) */
  lastAcceptedOn: string | null;
}

interface OutboxOptions {
  collection: OutboxCollection;
  userId: string;
  accountId: string;
  deviceId: string;
  send: SendCommands;
  isOnline?: () => boolean;
  /**
   * Whether this page sends (default: always). With several tabs on one database only the leader tab sends; the
   * others store commands in the shared outbox and leave the sending to it.
   */
  isSender?: () => boolean;
  /** commands per request (default and most: 200, what the server takes) */
  batchSize?: number;
  backoff?: { initialMs: number; maxMs: number };
  /**
   * called after the server accepted commands: their effects are worth pulling now. While a long queue drains it is
   * called at most every ACCEPTED_NOTICE_MS (pulls compete with the commands for the server), and once at the end.
   */
  onAccepted?: (keys: string[]) => void;
  now?: () => Date;
}

export interface Outbox {
  /**
   * Stores a command of the catalogue (src/domain/commands) durably, then lets the sender try it. Resolves once
   * stored; rejects with InvalidCommandError (LL422, naming the field) when the variables do not fit its schema.
   */
  enqueue<N extends CommandName>(
    mutation: N,
    variables: VariablesOf<N>,
    options?: { key?: string },
  ): Promise<OutboxCommand>;
  /** Sends what is pending; resolves when the queue is empty or the sender has to wait. */
  flush(): Promise<void>;
  /**
   * Replaces a rejected command with a corrected one (new key, same mutation), sent after what is queued; corrected
   * variables are checked against the command's schema like enqueue's.
   */
  resend(key: string, variables?: Record<string, unknown>): Promise<OutboxCommand>;
  /** Drops a rejected (or still pending) command: its change is given up. */
  discard(key: string): Promise<void>;
  /**
   * Removes accepted commands (their effects have reached the replicas): all of them, or those answered before the
   * given time (ISO); returns how many.
   */
  purgeAccepted(answeredBefore?: string | null): Promise<number>;
  waitingCount(): Promise<number>;
  commands(): Promise<OutboxCommand[]>;
  readonly state$: Observable<OutboxState>;
  /** Listens to online/offline and flushes what is pending. */
  start(): void;
  stop(): void;
  /** After signing in again (same user and account): lift an "unauthorized" pause and flush. */
  resume(): void;
}

const SEQ_DOC = "seq";
/** While a queue drains, onAccepted is called at most this often (and once when it is drained). */
const ACCEPTED_NOTICE_MS = 2_000;

export function createOutbox(options: OutboxOptions): Outbox {
  const { collection, userId, accountId, deviceId, send } = options;
  const isOnline = options.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  const isSender = options.isSender ?? (() => true);
  const batchSize = Math.min(options.batchSize ?? MAX_COMMANDS_PER_REQUEST, MAX_COMMANDS_PER_REQUEST);
  const backoff = options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
  const now = options.now ?? (() => new Date());

  const state = new BehaviorSubject<OutboxState>({
    waiting: 0,
    rejected: 0,
    paused: null,
    nextRetryOn: null,
    lastAcceptedOn: null,
  });
  const setState = (patch: Partial<OutboxState>) => state.next({ ...state.value, ...patch });

  let stopped = false;
  let unauthorized = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let enqueueChain: Promise<unknown> = Promise.resolve();

  const counts = liveDocs$(collection).subscribe((docs) => {
    let waiting = 0;
    let rejected = 0;
    for (const doc of docs) {
      if (doc.status === "pending") waiting++;
      else if (doc.status === "rejected") rejected++;
    }
    setState({ waiting, rejected });
  });

  async function nextSeq(): Promise<number> {
    const local = await collection.getLocal<{ value: number }>(SEQ_DOC);
    const [last] = await collection.find({ sort: [{ seq: "desc" }], limit: 1 }).exec();
    const next = Math.max(local?.get("value") ?? 0, last?.seq ?? 0) + 1;
    await collection.upsertLocal(SEQ_DOC, { value: next });
    return next;
  }

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = enqueueChain.then(task);
    enqueueChain = result.catch(() => {});
    return result;
  }

  async function store(mutation: string, variables: Record<string, unknown>, key: string, replaces: string | null) {
    const command: OutboxCommand = {
      id: key,
      mutation,
      variables,
      userId,
      accountId,
      deviceId,
      seq: await nextSeq(),
      createdOn: now().toISOString(),
      status: "pending",
      errorCode: null,
      errorMessage: null,
      attempts: 0,
      answeredOn: null,
      replaces,
    };
    await collection.insert(command);
    return command;
  }

  function clearRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function scheduleRetry() {
    clearRetry();
    const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures, 20));
    const delay = Math.round(base * (0.5 + Math.random() / 2));
    failures++;
    setState({ paused: "retrying", nextRetryOn: new Date(now().getTime() + delay).toISOString() });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, delay);
  }

  async function applyAnswers(batch: OutboxCommand[], results: CommandResult[]): Promise<{ refused: boolean }> {
    const byKey = new Map(results.map((result) => [result.key, result]));
    const answeredOn = now().toISOString();
    const updates: OutboxCommand[] = [];
    const accepted: string[] = [];
    let refused = false;
    for (const command of batch) {
      const answer = byKey.get(command.id);
      if (!answer) continue;
      if (answer.status === "refused") {
        refused = true;
        continue;
      }
      if (answer.status === "accepted") accepted.push(command.id);
      updates.push({
        ...command,
        status: answer.status,
        errorCode: answer.errorCode,
        errorMessage: answer.errorMessage,
        attempts: command.attempts + 1,
        answeredOn,
      });
    }
    if (updates.length > 0) await collection.bulkUpsert(updates);
    if (accepted.length > 0) {
      setState({ lastAcceptedOn: answeredOn });
      acceptedKeys.push(...accepted);
      if (Date.now() - lastAcceptedNotice >= ACCEPTED_NOTICE_MS) noticeAccepted();
    }
    return { refused };
  }

  let acceptedKeys: string[] = [];
  let lastAcceptedNotice = 0;
  function noticeAccepted() {
    if (acceptedKeys.length === 0) return;
    const keys = acceptedKeys;
    acceptedKeys = [];
    lastAcceptedNotice = Date.now();
    options.onAccepted?.(keys);
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      if (!isSender()) return;
      if (unauthorized) return setState({ paused: "unauthorized" });
      if (!isOnline()) return setState({ paused: "offline", nextRetryOn: null });
      // This database is one user's and account's; the selector still makes sure a stranger's command is never sent.
      const docs = await collection
        .find({ selector: { status: "pending", userId, accountId }, sort: [{ seq: "asc" }], limit: batchSize })
        .exec();
      const batch = docs.map((doc) => doc.toMutableJSON());
      if (batch.length === 0) return setState({ paused: null, nextRetryOn: null });
      setState({ paused: null, nextRetryOn: null });
      const outcome = await send(
        batch.map((c) => ({
          key: c.id,
          mutation: c.mutation,
          variables: c.variables as Record<string, unknown>,
          userId: c.userId,
          accountId: c.accountId,
          createdOn: c.createdOn,
          deviceId: c.deviceId,
          seq: c.seq,
        })),
      );
      if (stopped) return;
      if (outcome.kind === "unauthorized") {
        unauthorized = true;
        return setState({ paused: "unauthorized" });
      }
      if (outcome.kind === "transient") return scheduleRetry();
      const { refused } = await applyAnswers(batch, outcome.results);
      if (refused) {
        unauthorized = true;
        return setState({ paused: "unauthorized" });
      }
      if (!outcome.complete || outcome.results.length === 0) return scheduleRetry();
      failures = 0;
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

  const goOnline = () => {
    failures = 0;
    void flush();
  };
  const goOffline = () => setState({ paused: "offline", nextRetryOn: null });

  return {
    state$: state.asObservable(),
    enqueue(mutation, variables, enqueueOptions = {}) {
      // Checked before anything is stored: a wrong shape is the caller's error, never a queued command.
      try {
        assertCommand(mutation, variables);
      } catch (error) {
        return Promise.reject(error);
      }
      return serial(async () => {
        const command = await store(
          mutation,
          variables as Record<string, unknown>,
          enqueueOptions.key ?? crypto.randomUUID(),
          null,
        );
        void flush();
        return command;
      });
    },
    flush,
    resend(key, variables) {
      return serial(async () => {
        const previous = await collection.findOne(key).exec();
        if (!previous) throw new Error(`No command ${key} in the outbox`);
        if (previous.status !== "rejected") throw new Error(`Command ${key} was not rejected`);
        if (variables) assertCommand(previous.mutation, variables);
        const command = await store(
          previous.mutation,
          (variables ?? previous.variables) as Record<string, unknown>,
          crypto.randomUUID(),
          key,
        );
        await previous.remove();
        void flush();
        return command;
      });
    },
    async discard(key) {
      const command = await collection.findOne(key).exec();
      await command?.remove();
    },
    async purgeAccepted(answeredBefore) {
      const all = await collection.find({ selector: { status: "accepted" } }).exec();
      const accepted =
        answeredBefore == null ? all : all.filter((doc) => doc.answeredOn != null && doc.answeredOn < answeredBefore);
      if (accepted.length > 0) await collection.bulkRemove(accepted.map((doc) => doc.id));
      return accepted.length;
    },
    async waitingCount() {
      return collection.count({ selector: { status: "pending" } }).exec();
    },
    async commands() {
      const docs = await collection.find({ sort: [{ seq: "asc" }] }).exec();
      return docs.map((doc) => doc.toMutableJSON());
    },
    start() {
      stopped = false;
      if (typeof window !== "undefined") {
        window.addEventListener("online", goOnline);
        window.addEventListener("offline", goOffline);
      }
      void flush();
    },
    stop() {
      stopped = true;
      clearRetry();
      counts.unsubscribe();
      if (typeof window !== "undefined") {
        window.removeEventListener("online", goOnline);
        window.removeEventListener("offline", goOffline);
      }
    },
    resume() {
      unauthorized = false;
      failures = 0;
      setState({ paused: null });
      void flush();
    },
  };
}
