// The websockets on /wss/v1/ (src/domain/wire.ts WEBSOCKET_PATH): the HTTP server's upgrade, authenticated with the
// session cookie when the socket connects (the session then holds for the socket, and a session the database ends
// loses its sockets at once: session-revocations.ts). A socket opened without a subprotocol speaks the spec's live
// updates (live-updates.ts); one asking for one (the app's graphql-ws client: graphql-transport-ws) gets graphql-ws.
// graphql-ws runs on our own WebSocketServer (as grafserv's makeNodeUpgradeHandler, with the sockets kept) so a
// shutdown can close each socket with SHUTDOWN_CLOSE, which tells the client to reconnect (to another process).
// Every socket's sends go through its backlog (socket-backlog.ts): a device that does not read costs bounded memory.
// The app's change-stream subscription is served by the fan-out (change-fanout.ts) rather than by graphql-ws and
// grafast: the socket's messages are read here first, and a `subscribe` the fan-out recognises stays here.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { CloseCode, MessageType, makeServer as makeGraphqlWsServer } from "graphql-ws";
import { withPgClientFromPgService } from "postgraphile/@dataplan/pg";
import { makeGraphQLWSConfig } from "postgraphile/grafserv";
import type { NodeGrafserv } from "postgraphile/grafserv/node";
import { type WebSocket, WebSocketServer } from "ws";
import { WEBSOCKET_PATH } from "../../src/domain/wire.ts";
import type { Database } from "../db/database.ts";
import type { OpenDatabase } from "../db/open.ts";
import { resilientSubscription } from "../db/subscriptions.ts";
import type { WithPgClient } from "../graphql/changes.ts";
import { attachSession, pgSettingsFor } from "../graphql/settings.ts";
import { type FanoutOptions, fastChangesSelection, startChangeFanout } from "./change-fanout.ts";
import { startLiveUpdates } from "./live-updates.ts";
import { SESSIONS_ENDED_CHANNEL, startSessionRevocations } from "./session-revocations.ts";
import type { ResolvedSession } from "./sessions.ts";
import type { BacklogTotals } from "./socket-backlog.ts";
import { type ChangeStreamGate, createBacklogRegistry, gateChangeStream } from "./socket-backlog.ts";

/** The close of every websocket at shutdown: 1012 Service Restart, which graphql-ws clients retry at once. */
export const SHUTDOWN_CLOSE = { code: 1012, reason: "Server restarting: reconnect" } as const;
/** Ping interval of the websocket keep-alive; a socket whose pong does not come back within it is dropped. */
const WEBSOCKET_KEEPALIVE_MS = 12_000;

export interface WebsocketOptions {
  db: Database;
  database: Pick<OpenDatabase, "pgService">;
  serv: NodeGrafserv;
  /** The request's session from its cookie (null: not signed in). */
  sessionFor: (req: IncomingMessage) => Promise<ResolvedSession | null>;
  /** True once the server drains: upgrades are refused with 503. */
  draining: () => boolean;
  /** The keep-alive's ping interval (ms, default WEBSOCKET_KEEPALIVE_MS; tests of sockets that do not read). */
  keepAliveMs?: number;
  /** The change stream's documents, as the GraphQL relay has them (changes.ts ChangesOptions). */
  stream: Pick<FanoutOptions, "documentModels" | "sharedBuilds">;
}

export interface Websockets {
  /** Closes every open socket with SHUTDOWN_CLOSE (a second later the ones still open are dropped). */
  closeSockets(): Promise<void>;
  /** Stops the session revocations and the live updates (after the sockets closed). */
  stop(): Promise<void>;
  /** What the open sockets hold unread (docs/SERVER.md "Slow devices"). */
  backlog(): BacklogTotals;
}

/** Serves the websockets of `server`'s upgrades (above). */
export function serveWebsockets(server: Server, options: WebsocketOptions): Websockets {
  const { db, database, serv, sessionFor, draining } = options;
  const keepAliveMs = options.keepAliveMs ?? WEBSOCKET_KEEPALIVE_MS;
  const backlogs = createBacklogRegistry();
  const gates = new WeakMap<WebSocket, ChangeStreamGate>();
  const graphqlWsConfig = makeGraphQLWSConfig(serv);
  const graphqlWs = makeGraphqlWsServer<undefined, { socket: WebSocket; request: IncomingMessage }>({
    ...graphqlWsConfig,
    // A subscription (the change stream) is what the socket's gate holds back while the device is behind.
    onOperation(ctx, id, _payload, _args, result) {
      if (result && Symbol.asyncIterator in result) gates.get(ctx.extra.socket)?.streams.add(id);
    },
    onComplete(ctx, id) {
      gates.get(ctx.extra.socket)?.streams.delete(id);
    },
  });
  const fanout = startChangeFanout({
    ...options.stream,
    subscriber: database.pgService.pgSubscriber,
    // one function for the process, so the relay's caches keyed by it hold across notifications
    withPgClient: ((settings, callback) =>
      withPgClientFromPgService(database.pgService as never, settings, callback as never)) as WithPgClient,
  });
  const wsServer = new WebSocketServer({ noServer: true });
  const webSockets = new Set<WebSocket>();
  const liveUpdates = startLiveUpdates({
    db,
    notifications: resilientSubscription(database.pgService.pgSubscriber, "app_changes"),
  });
  const upgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, session: ResolvedSession) => {
    wsServer.handleUpgrade(req, socket, head, (ws) => {
      webSockets.add(ws);
      keepAlive(ws, keepAliveMs);
      if (ws.protocol === "") {
        ws.once("close", () => webSockets.delete(ws));
        // the spec's protocol has no "pull everything" message: a socket past the bound is closed (the bound is above
        // one re-read's burst of reports, MAX_IDS_PER_SOCKET of about 75 bytes, so a device that reads is never closed)
        const backlog = backlogs.track(ws);
        return liveUpdates.open(ws, session, (text) => backlog.send(text));
      }
      const gate = gateChangeStream(backlogs.track(ws));
      gates.set(ws, gate);
      const stream = fanoutOnSocket(ws, gate, session);
      const closed = graphqlWs.opened(
        {
          protocol: ws.protocol,
          // Resolves at once: the backlog, not graphql-ws waiting for the network, holds what the device has not
          // read (waiting would leave grafast queueing the subscription's events, unbounded).
          send: async (data) => {
            stream.sent(data);
            gate.send(data);
          },
          close: (code, reason) => ws.close(code, reason),
          onMessage: (cb) =>
            ws.on("message", async (event) => {
              try {
                const text = event.toString();
                if (!stream.took(text)) await cb(text);
              } catch (error) {
                try {
                  ws.close(CloseCode.InternalServerError, (error as Error).message);
                } catch {
                  // already closed
                }
              }
            }),
        },
        { socket: ws, request: req },
      );
      ws.once("close", (code, reason) => {
        webSockets.delete(ws);
        stream.closed();
        void closed(code, reason.toString());
      });
    });
  };

  /**
   * A socket's side of the fan-out: `took` keeps a graphql-ws `subscribe` of the change stream (once the connection
   * is acknowledged, as graphql-ws requires) and its `complete`; `sent` watches graphql-ws's messages for the
   * acknowledgement; `closed` removes the socket's subscriptions. An id in use (here or in graphql-ws) closes the
   * socket with 4409, as graphql-ws does.
   */
  const fanoutOnSocket = (ws: WebSocket, gate: ChangeStreamGate, session: ResolvedSession) => {
    let acknowledged = false;
    const mine = new Map<string, () => void>();
    const theirs = new Set<string>();
    const settings = pgSettingsFor(session);
    return {
      sent(data: string) {
        if (!acknowledged && data.includes(`"${MessageType.ConnectionAck}"`)) acknowledged = true;
        // an operation graphql-ws ended frees its id
        if (theirs.size > 0 && data.includes(`"${MessageType.Complete}"`)) {
          try {
            const { type, id } = JSON.parse(data) as { type?: unknown; id?: unknown };
            if (type === MessageType.Complete && typeof id === "string") theirs.delete(id);
          } catch {
            // not JSON: nothing to free
          }
        }
      },
      took(text: string): boolean {
        let message: { type?: unknown; id?: unknown; payload?: Record<string, unknown> };
        try {
          message = JSON.parse(text);
        } catch {
          return false;
        }
        const id = message.id;
        if (typeof id !== "string") return false;
        if (message.type === MessageType.Complete) {
          const remove = mine.get(id);
          if (!remove) {
            theirs.delete(id);
            return false;
          }
          remove();
          mine.delete(id);
          gate.streams.delete(id);
          return true;
        }
        if (message.type !== MessageType.Subscribe || !acknowledged) return false;
        if (mine.has(id) || theirs.has(id)) {
          ws.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
          return true;
        }
        const payload = message.payload ?? {};
        const fields = fastChangesSelection(payload.query, payload.operationName, payload.variables);
        if (!fields) {
          theirs.add(id);
          return false;
        }
        gate.streams.add(id);
        mine.set(id, fanout.add(settings, { id, fields, send: (data) => gate.send(data) }));
        return true;
      },
      closed() {
        for (const remove of mine.values()) remove();
        mine.clear();
      },
    };
  };

  // Sessions the database ends (a suspended member, an ownership transfer) lose their websockets at once.
  const revocations = startSessionRevocations(
    resilientSubscription(database.pgService.pgSubscriber, SESSIONS_ENDED_CHANNEL),
  );

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (draining()) return refuse("503 Service Unavailable");
    if (path !== WEBSOCKET_PATH && path !== WEBSOCKET_PATH.slice(0, -1)) return refuse("404 Not Found");
    sessionFor(req).then(
      (session) => {
        if (!session) return refuse("401 Unauthorized");
        attachSession(req, session);
        revocations.track(session.sessionId, socket);
        upgradeHandler(req, socket, head, session);
      },
      (error: unknown) => {
        console.error("websocket upgrade failed:", error);
        refuse("500 Internal Server Error");
      },
    );
  });

  return {
    async closeSockets() {
      for (const ws of webSockets) ws.close(SHUTDOWN_CLOSE.code, SHUTDOWN_CLOSE.reason);
      await waitForClose(webSockets, 1_000);
      wsServer.close();
    },
    async stop() {
      await fanout.stop();
      await revocations.stop();
      await liveUpdates.stop();
    },
    backlog: () => backlogs.totals(),
  };
}

/** Pings the socket every `intervalMs`; a socket that does not answer within the next interval is dropped. */
function keepAlive(ws: WebSocket, intervalMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const ping = () => {
    stop();
    timer = setTimeout(() => ws.terminate(), intervalMs);
    ws.ping();
  };
  ws.on("pong", () => {
    stop();
    timer = setTimeout(ping, intervalMs);
  });
  ws.once("close", stop);
  timer = setTimeout(ping, intervalMs);
}

/** Resolves when every socket of the set has closed (they leave it on close), or after `ms` (then drops the rest). */
async function waitForClose(sockets: Set<WebSocket>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (sockets.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const ws of sockets) ws.terminate();
}
