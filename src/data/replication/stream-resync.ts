// From the live change stream to pulls (docs/REPLICATION.md "Stream"): each `changes` event reSyncs the named
// collection (a burst pulls a model at most every STREAM_RESYNC_INTERVAL_MS, the last event always followed by a
// pull), and every (re)connection reSyncs them all. Each reSync opens a new epoch of its collection: a page fetched
// in an earlier epoch (a prefetch, the rest of a page) may not answer the pull the reSync starts.
import { type ChangeStream, openChangeStream } from "../change-stream.ts";
import { isReadModel, type ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";

/** A burst of change notifications for one model pulls it at most this often (the last one always pulls). */
export const STREAM_RESYNC_INTERVAL_MS = 300;

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
  /** the socket connected (true: after which everything was pulled again) or went down (false) */
  onConnection(connected: boolean): void;
  /** default: the graphql-ws change stream */
  open?: typeof openChangeStream;
}

/** Opens the change stream and pulls what it announces; `close` ends both. */
export function startStreamReSync(options: StreamReSyncOptions): { close(): Promise<void> } {
  const throttle = throttleReSync((model) => options.reSync(model));
  const stream: ChangeStream = (options.open ?? openChangeStream)({
    transport: options.transport,
    onChange: (table) => {
      if (isReadModel(table)) throttle.changed(table);
    },
    onConnected: () => {
      options.onConnection(true);
      options.reSync();
    },
    onDisconnected: () => options.onConnection(false),
  });
  return {
    async close() {
      throttle.stop();
      await stream.close();
    },
  };
}
