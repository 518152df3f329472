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
// The parts, each with its own tests: outbox/store.ts (the durable store and its sequence numbers),
// outbox/sender.ts (the sender loop), outbox/backoff.ts (retry delays), outbox/command-sender.ts (the request).
// Beside the commands, a marker of the app's own says whether the outbox may hold any (outbox-marker.ts: written
// here, around each add and after each removal; the entry script's early read takes it instead of opening the outbox).

import { BehaviorSubject, type Observable } from "rxjs";
import { assertCommand, type CommandName, type VariablesOf } from "../domain/commands/catalogue.ts";
import { MAX_COMMANDS_PER_REQUEST } from "../domain/wire.ts";
import type { OutboxCommand } from "./models/outbox.ts";
import { orderedNow } from "./ordered-clock.ts";
import { type BackoffOptions, createBackoff, DEFAULT_BACKOFF } from "./outbox/backoff.ts";
import type { SendCommands } from "./outbox/command-sender.ts";
import type { HeldCommands } from "./outbox/order.ts";
import { createSender, type SenderState } from "./outbox/sender.ts";
import { createOutboxStore, type OutboxCollection, type OutboxCounts } from "./outbox/store.ts";
import { noteOutboxIfEmpty, noteOutboxMayHold } from "./outbox-marker.ts";
import { countStored } from "./stored-reads.ts";

export { commandSender, type SendOutcome } from "./outbox/command-sender.ts";
export type { OutboxCollection } from "./outbox/store.ts";

type OutboxState = OutboxCounts & SenderState;

interface OutboxOptions {
  collection: OutboxCollection;
  userId: string;
  accountId: string;
  deviceId: string;
  send: SendCommands;
  isOnline?: () => boolean;
  /** Where going online and offline is heard (default: the window's online/offline events). */
  onlineEvents?: (listener: (online: boolean) => void) => () => void;
  /**
   * Whether this page sends (default: always). With several tabs on one database only the leader tab sends; the
   * others store commands in the shared outbox and leave the sending to it.
   */
  isSender?: () => boolean;
  /**
   * The pending commands held back while their file waits on the device, with their files' keys (outbox/sender.ts;
   * the commands naming their records or files wait too: outbox/order.ts).
   */
  held?: () => Promise<HeldCommands>;
  /** commands per request (default and most: 200, what the server takes) */
  batchSize?: number;
  backoff?: BackoffOptions;
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

export function createOutbox(options: OutboxOptions): Outbox {
  const store = createOutboxStore(options);
  const state = new BehaviorSubject<OutboxState>({
    waiting: 0,
    rejected: 0,
    paused: null,
    nextRetryOn: null,
    lastAcceptedOn: null,
  });
  const setState = (patch: Partial<OutboxState>) => state.next({ ...state.value, ...patch });
  const counts = store.counts$.subscribe(setState);
  const sender = createSender({
    store,
    send: options.send,
    backoff: createBackoff(options.backoff ?? DEFAULT_BACKOFF),
    setState,
    isOnline: options.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false),
    isSender: options.isSender ?? (() => true),
    held: options.held,
    batchSize: options.batchSize ?? MAX_COMMANDS_PER_REQUEST,
    onAccepted: options.onAccepted,
    now: options.now ?? orderedNow,
  });
  // the marker (outbox-marker.ts): "may hold" around each add, "empty" re-checked after removals and at start
  const database = (options.collection as Partial<OutboxCollection>).database?.name;
  const mayHold = () => {
    if (database) noteOutboxMayHold(database);
  };
  const checkEmpty = () =>
    database ? noteOutboxIfEmpty(database, () => countStored(options.collection)).catch(() => {}) : Promise.resolve();
  const goOnline = () => sender.online();
  const goOffline = () => sender.offline();
  let stopEvents: (() => void) | null = null;

  return {
    state$: state.asObservable(),
    enqueue(mutation, variables, enqueueOptions = {}) {
      // Checked before anything is stored: a wrong shape is the caller's error, never a queued command.
      try {
        assertCommand(mutation, variables);
      } catch (error) {
        return Promise.reject(error);
      }
      mayHold();
      return store
        .add(mutation, variables as Record<string, unknown>, enqueueOptions.key ?? crypto.randomUUID())
        .then((command) => {
          mayHold();
          void sender.flush();
          return command;
        });
    },
    flush: () => sender.flush(),
    async resend(key, variables) {
      mayHold();
      const command = await store.replace(key, (previous) => {
        if (variables) assertCommand(previous.mutation, variables);
        return variables ?? (previous.variables as Record<string, unknown>);
      });
      mayHold();
      void sender.flush();
      return command;
    },
    async discard(key) {
      await store.discard(key);
      await checkEmpty();
    },
    async purgeAccepted(answeredBefore) {
      const purged = await store.purgeAccepted(answeredBefore);
      if (purged > 0) await checkEmpty();
      return purged;
    },
    waitingCount: () => store.waitingCount(),
    commands: () => store.commands(),
    start() {
      if (options.onlineEvents) stopEvents = options.onlineEvents((online) => (online ? goOnline() : goOffline()));
      else if (typeof window !== "undefined") {
        window.addEventListener("online", goOnline);
        window.addEventListener("offline", goOffline);
      }
      sender.start();
      void checkEmpty();
    },
    stop() {
      sender.stop();
      counts.unsubscribe();
      stopEvents?.();
      if (!options.onlineEvents && typeof window !== "undefined") {
        window.removeEventListener("online", goOnline);
        window.removeEventListener("offline", goOffline);
      }
    },
    resume: () => sender.resume(),
  };
}
