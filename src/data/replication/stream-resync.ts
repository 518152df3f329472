// From the live change stream to pulls (docs/REPLICATION.md "Stream"): an event that carries its documents has them
// written without a pull (`streamed`; a model is still pulled at most every CHECKPOINT_PULL_MS while such events
// arrive, which moves its checkpoint); any other `changes` event reSyncs the named collection (a burst pulls a model
// at most every STREAM_RESYNC_INTERVAL_MS, the last event always followed by a pull), and every (re)connection
// reSyncs them all, as do a missed event (a gap in the events' numbers) and the event that says the device fell
// behind (its table STREAM_RESYNC_TABLE: the server dropped the events this device did not read, docs/SERVER.md "Slow
// devices"). Each reSync opens a new epoch of its collection: a page fetched in an earlier epoch (a prefetch, the
// rest of a page) may not answer the pull the reSync starts.
import { STREAM_RESYNC_TABLE } from "../../domain/wire.ts";
import { requestAccessCheck } from "../access-signal.ts";
import { type ChangeStream, openChangeStream } from "../change-stream.ts";
import type { Connectivity } from "../connectivity.ts";
import { isReadModel, type ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";

/** A burst of change notifications for one model pulls it at most this often (the last one always pulls). */
export const STREAM_RESYNC_INTERVAL_MS = 300;

/** While a model's documents come in the stream, it is still pulled at most this often (to move its checkpoint). */
export const CHECKPOINT_PULL_MS = 3 * 60_000;

export interface ReSync {
  /** Pull now (one collection, or all), in a new epoch of each. */
  reSync(model?: ReadModelName): void;
  /** How many reSyncs of `model` were asked for. */
  epochOf(model: ReadModelName): number;
}

/** `onReSync` runs for each collection before its pull is asked for. */
export function createReSync(
  states: ReadonlyMap<ReadModelName, { reSync(): void }>,
  onReSync: (model: ReadModelName) => void,
): ReSync {
  const epochs = new Map<ReadModelName, number>();
  return {
    reSync(model) {
      for (const [name, state] of states) {
        if (model && name !== model) continue;
        onReSync(name);
        // pages fetched before this point may not answer the pull it starts
        epochs.set(name, (epochs.get(name) ?? 0) + 1);
        state.reSync();
      }
    },
    epochOf(model) {
      return epochs.get(model) ?? 0;
    },
  };
}

/**
 * Notifications come per committed transaction: a burst (a flush of queued commands, an import) pulls each model at
 * most every `intervalMs`, the last notification always followed by a pull.
 */
export function throttleReSync(
  reSync: (model: ReadModelName) => void,
  intervalMs = STREAM_RESYNC_INTERVAL_MS,
): { changed(model: ReadModelName): void; stop(): void } {
  const timers = new Map<ReadModelName, ReturnType<typeof setTimeout>>();
  const lastPull = new Map<ReadModelName, number>();
  let stopped = false;
  return {
    changed(model) {
      if (timers.has(model) || stopped) return;
      const wait = Math.max(0, (lastPull.get(model) ?? 0) + intervalMs - Date.now());
      if (wait === 0) {
        lastPull.set(model, Date.now());
        reSync(model);
        return;
      }
      timers.set(
        model,
        setTimeout(() => {
          timers.delete(model);
          lastPull.set(model, Date.now());
          reSync(model);
        }, wait),
      );
    },
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

interface StreamReSyncOptions {
  transport: SyncTransport;
  reSync: ReSync["reSync"];
  /** Writes an event's documents without a pull; false when it did not take them (then the model is pulled). */
  streamed?(model: ReadModelName, documents: Array<Record<string, unknown>>): boolean;
  /** the socket connected (true: after which everything was pulled again) or went down (false) */
  onConnection(connected: boolean): void;
  /** default: the graphql-ws change stream */
  open?: typeof openChangeStream;
  /**
   * When given, the stream is open only while the server is reachable: closed when it says offline (no websocket
   * retries while offline), opened again when it says online (whose connection then pulls everything).
   */
  connectivity?: Pick<Connectivity, "online" | "subscribe"> | null;
  /** default Date.now */
  now?: () => number;
}

/** Opens the change stream and pulls what it announces; `close` ends both. */
export function startStreamReSync(options: StreamReSyncOptions): { close(): Promise<void> } {
  const now = options.now ?? Date.now;
  // when this stream last asked for a pull of each model (a pull moves its checkpoint)
  const pulledOn = new Map<ReadModelName, number>();
  let allPulledOn = 0;
  const pullAll = () => {
    pulledOn.clear();
    allPulledOn = now();
    options.reSync();
  };
  const throttle = throttleReSync((model) => {
    pulledOn.set(model, now());
    options.reSync(model);
  });
  const net = options.connectivity ?? null;
  let stream: ChangeStream | null = null;
  // closing a stream is asynchronous: the next one opens after it
  let closing: Promise<void> = Promise.resolve();
  let closed = false;
  const open = () => {
    if (stream || closed) return;
    stream = (options.open ?? openChangeStream)({
      transport: options.transport,
      onChange: ({ table, documents, missed }) => {
        if (missed || table === STREAM_RESYNC_TABLE) return pullAll();
        if (!isReadModel(table)) return;
        if (!documents || !options.streamed?.(table, documents)) return throttle.changed(table);
        // written without a pull; the checkpoint still moves every few minutes
        if (now() - (pulledOn.get(table) ?? allPulledOn) >= CHECKPOINT_PULL_MS) throttle.changed(table);
      },
      onConnected: () => {
        options.onConnection(true);
        pullAll();
      },
      onDisconnected: () => {
        options.onConnection(false);
        // the server may have closed it because the session ended or lost its account (suspension, transfer)
        requestAccessCheck();
      },
    });
  };
  const shut = () => {
    const current = stream;
    stream = null;
    if (!current) return closing;
    options.onConnection(false);
    closing = closing.then(() => current.close()).catch(() => {});
    return closing;
  };
  const unsubscribe = net?.subscribe(() => {
    if (net.online()) void closing.then(() => (net.online() ? open() : undefined));
    else void shut();
  });
  if (!net || net.online()) open();
  return {
    async close() {
      closed = true;
      unsubscribe?.();
      throttle.stop();
      await shut();
    },
  };
}
