// The live change stream: one graphql-ws connection to /wss/v1/ subscribed to `changes { table n documents }` (the
// server relays LISTEN/NOTIFY on channel app_changes). It never gives up: unlimited retries with capped exponential backoff,
// keep-alive pings so a half-open connection is noticed, and a fresh subscription whenever the server ends one.
// RxDB's built-in stream gives up after 5 retries and has no keep-alive, after which replication silently stops;
// this client says what changed (with the changed documents where the server sends them), "(re)connected", and
// whether an event was missed (the server numbers a subscription's events, `n`: a number skipped is a gap), and the
// pulls do the rest. A device that reads too slowly is told to pull everything (an event of table
// STREAM_RESYNC_TABLE) or closed with STREAM_BEHIND_CLOSE, after which this client reconnects like after any other
// close (docs/SERVER.md "Slow devices", "The change in the stream").
import { type Client, createClient } from "graphql-ws";
import type { SyncTransport } from "./transport.ts";

const CHANGES_SUBSCRIPTION = /* GraphQL */ `subscription changes { changes { table n documents } }`;

/** One event of the stream. */
export interface StreamChange {
  table: string;
  /** The changed documents the account may see, as its pull gives them; null: pull the table. */
  documents: Array<Record<string, unknown>> | null;
  /** An event before this one was missed (a number skipped): pull everything. */
  missed: boolean;
}

interface ChangeStreamOptions {
  transport: Pick<SyncTransport, "websocketUrl" | "webSocketImpl">;
  onChange(change: StreamChange): void;
  /** Every (re)connection: whatever changed while disconnected must be pulled now. */
  onConnected(): void;
  onDisconnected?(): void;
  /** keep-alive ping interval (ms); a missing pong closes the socket and reconnects */
  keepAliveMs?: number;
  /** longest pause between reconnection attempts (ms) */
  maxRetryWaitMs?: number;
}

export interface ChangeStream {
  client: Client;
  close(): Promise<void>;
}

export function openChangeStream(options: ChangeStreamOptions): ChangeStream {
  const maxWait = options.maxRetryWaitMs ?? 30_000;
  let closed = false;
  const client = createClient({
    url: options.transport.websocketUrl,
    webSocketImpl: options.transport.webSocketImpl,
    lazy: false,
    keepAlive: options.keepAliveMs ?? 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => !closed,
    retryWait: async (retries) => {
      const base = Math.min(maxWait, 500 * 2 ** Math.min(retries, 10));
      await new Promise((resolve) => setTimeout(resolve, base / 2 + Math.random() * (base / 2)));
    },
    on: {
      connected: () => options.onConnected(),
      closed: () => {
        if (!closed) options.onDisconnected?.();
      },
    },
  });

  let unsubscribe: (() => void) | null = null;
  let resubscribeTimer: ReturnType<typeof setTimeout> | null = null;
  const subscribe = () => {
    if (closed) return;
    // each subscription numbers its events from 1 (a server without numbers sends none: no gap is ever seen)
    let last = 0;
    unsubscribe = client.subscribe<{
      changes: { table: string; n?: number | null; documents?: Array<Record<string, unknown>> | null };
    }>(
      { query: CHANGES_SUBSCRIPTION },
      {
        next: (message) => {
          const change = message.data?.changes;
          if (!change?.table) return;
          const n = typeof change.n === "number" ? change.n : null;
          const missed = n !== null && n !== last + 1;
          if (n !== null) last = n;
          options.onChange({ table: change.table, documents: change.documents ?? null, missed });
        },
        // The server refused or ended the subscription (not a socket loss, which graphql-ws retries itself):
        // subscribe again shortly.
        error: () => again(),
        complete: () => again(),
      },
    );
  };
  const again = () => {
    if (closed) return;
    resubscribeTimer = setTimeout(subscribe, 1_000);
  };
  subscribe();

  return {
    client,
    async close() {
      closed = true;
      if (resubscribeTimer) clearTimeout(resubscribeTimer);
      unsubscribe?.();
      // dispose() awaits a connection attempt in flight, and rejects with its failure (a refused handshake)
      await Promise.resolve(client.dispose()).catch(() => {});
    },
  };
}
