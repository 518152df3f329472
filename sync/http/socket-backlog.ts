// Slow devices cost bounded memory (docs/SERVER.md "Slow devices"). A phone on a bad network stops reading its socket;
// whatever the server sends it then waits in the process (ws's buffer) once the kernel's buffers are full. Every
// websocket's sends go through a backlog that reads what ws and the TCP socket hold unwritten (ws.bufferedAmount), so
// the process knows what each socket holds:
// - the change stream (graphql-ws `changes`, gateChangeStream) stops sending change events to a socket holding more
//   than STREAM_BEHIND_BYTES and, once it has read down to STREAM_CAUGHT_UP_BYTES, sends one event of table
//   STREAM_RESYNC_TABLE instead of all it missed: the device then pulls every model;
// - any socket whose unread bytes would pass SOCKET_BACKLOG_MAX_BYTES (other graphql-ws messages; the spec's live
//   updates, which have no resync message) is closed with STREAM_BEHIND_CLOSE and dropped shortly after, so what it
//   held is released whether or not it ever reads the close.
import type { WebSocket } from "ws";
import { STREAM_BEHIND_CLOSE, STREAM_RESYNC_TABLE } from "../../src/domain/wire.ts";

/** A socket holding more unread bytes than this gets no more change events until it catches up. */
export const STREAM_BEHIND_BYTES = 64 * 1024;
/** ... and it has caught up when it holds at most this many. */
export const STREAM_CAUGHT_UP_BYTES = 16 * 1024;
/** A socket whose unread bytes would pass this is closed (STREAM_BEHIND_CLOSE). */
export const SOCKET_BACKLOG_MAX_BYTES = 256 * 1024;
/** How long a closed-for-backlog socket may take to read its close before it is dropped. */
const BEHIND_CLOSE_GRACE_MS = 5_000;

export interface SocketBacklog {
  /** Sends the text, or closes the socket when it would hold more than its bound (then nothing more is sent). */
  send(text: string): void;
  /** Bytes ws and the TCP socket hold, not yet taken by the kernel. */
  readonly bytes: number;
  /** More than STREAM_BEHIND_BYTES held, and not yet read down to STREAM_CAUGHT_UP_BYTES since. */
  readonly behind: boolean;
  /** Called each time a socket that was behind has caught up. */
  onCaughtUp(listener: () => void): void;
}

/** The process's sockets' backlogs, for the server's own accounting (tests, bench). */
export interface BacklogTotals {
  sockets: number;
  /** Bytes held for all sockets together. */
  bytes: number;
  /** The most held for one socket. */
  largest: number;
  /** Sockets behind now. */
  behind: number;
  /** Sockets closed for their backlog since the process started. */
  closed: number;
}

export interface BacklogRegistry {
  track(ws: WebSocket, maxBytes?: number): SocketBacklog;
  totals(): BacklogTotals;
}

export function createBacklogRegistry(): BacklogRegistry {
  const backlogs = new Set<SocketBacklog>();
  let closed = 0;
  return {
    track(ws, maxBytes = SOCKET_BACKLOG_MAX_BYTES) {
      const backlog = trackBacklog(ws, maxBytes, () => closed++);
      backlogs.add(backlog);
      ws.once("close", () => backlogs.delete(backlog));
      return backlog;
    },
    totals() {
      let bytes = 0;
      let largest = 0;
      let behind = 0;
      for (const backlog of backlogs) {
        bytes += backlog.bytes;
        largest = Math.max(largest, backlog.bytes);
        if (backlog.behind) behind++;
      }
      return { sockets: backlogs.size, bytes, largest, behind, closed };
    },
  };
}

function trackBacklog(ws: WebSocket, maxBytes: number, onOverflow: () => void): SocketBacklog {
  let behind = false;
  let overflowed = false;
  const caughtUp: Array<() => void> = [];
  // ws.bufferedAmount: the bytes ws and the TCP socket hold in this process (a frame the kernel took at once is not
  // counted, so a burst to a device that reads costs nothing here)
  const written = () => {
    if (behind && ws.bufferedAmount <= STREAM_CAUGHT_UP_BYTES) {
      behind = false;
      for (const listener of caughtUp) listener();
    }
  };
  return {
    send(text) {
      if (overflowed || ws.readyState !== ws.OPEN) return;
      const size = Buffer.byteLength(text);
      if (ws.bufferedAmount + size > maxBytes) {
        overflowed = true;
        onOverflow();
        ws.close(STREAM_BEHIND_CLOSE.code, STREAM_BEHIND_CLOSE.reason);
        setTimeout(() => ws.terminate(), BEHIND_CLOSE_GRACE_MS).unref();
        return;
      }
      // the callback runs once the frame is written to the network (or with an error when the socket is gone)
      ws.send(text, written);
      if (ws.bufferedAmount > STREAM_BEHIND_BYTES) behind = true;
    },
    get bytes() {
      return ws.bufferedAmount;
    },
    get behind() {
      return behind;
    },
    onCaughtUp(listener) {
      caughtUp.push(listener);
    },
  };
}

/**
 * graphql-ws's sends on one socket, with the change stream's events held back while the socket is behind: the
 * subscriptions of the socket (`streams`, registered by the server's onOperation) get, once it caught up, one event
 * of table STREAM_RESYNC_TABLE each for all they missed. Other messages (acknowledgements, errors, query results) are
 * always sent, within the hard bound.
 */
export interface ChangeStreamGate {
  /** The ids of the socket's subscriptions (the schema's only subscription is the change stream). */
  streams: Set<string>;
  send(text: string): void;
}

export function gateChangeStream(backlog: SocketBacklog): ChangeStreamGate {
  const streams = new Set<string>();
  /** Per subscription that missed events: the resync event to send once caught up. */
  const missed = new Map<string, string>();
  backlog.onCaughtUp(() => {
    for (const [id, event] of missed) if (streams.has(id)) backlog.send(event);
    missed.clear();
  });
  return {
    streams,
    send(text) {
      if (backlog.behind && streams.size > 0) {
        const event = resyncEventFor(text, streams);
        if (event) {
          missed.set(event.id, event.text);
          return;
        }
      }
      backlog.send(text);
    },
  };
}

/** For a `next` message of one of `streams`: the same message with the event's table STREAM_RESYNC_TABLE. */
function resyncEventFor(text: string, streams: ReadonlySet<string>): { id: string; text: string } | null {
  let message: { id?: unknown; type?: unknown; payload?: { data?: Record<string, unknown> } };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (message.type !== "next" || typeof message.id !== "string" || !streams.has(message.id)) return null;
  const data = message.payload?.data;
  if (!data || typeof data !== "object") return null;
  // the field as the client named it (`changes`, or an alias), with its other selections as they were
  const resync = Object.fromEntries(
    Object.entries(data).map(([field, value]) => [
      field,
      typeof value === "object" && value !== null
        ? {
            ...value,
            table: STREAM_RESYNC_TABLE,
            ...("id" in value ? { id: null } : {}),
            // the device pulls every model: the missed event's documents would only take room
            ...("documents" in value ? { documents: null } : {}),
          }
        : value,
    ]),
  );
  return { id: message.id, text: JSON.stringify({ id: message.id, type: "next", payload: { data: resync } }) };
}
