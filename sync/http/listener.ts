// The HTTP listener under the route table: one structured log line per request, the requests in flight counted so a
// shutdown lets them finish, keep-alive longer than a load balancer's, and every connection kept so a shutdown can
// end them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { logEvent, logFormat } from "../log.ts";
import { sendJson } from "./respond.ts";

/** How long an idle keep-alive connection stays open (above the 60 s idle timeout of common load balancers). */
const KEEP_ALIVE_MS = 65_000;

export interface Listener {
  server: Server;
  /** Listens; resolves with the server's URL. */
  listen(port: number, host: string): Promise<{ url: string; port: number }>;
  /**
   * Stops accepting (idle keep-alive connections close) and waits up to `drainMs` for the requests in flight;
   * resolves with `closed`, the listener's close (once every connection has ended).
   */
  drain(drainMs: number): Promise<{ closed: Promise<void> }>;
  /** Ends every connection still open (the last step of a shutdown). */
  destroyConnections(): void;
}

export function createListener(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Listener {
  // Requests in flight, so a shutdown can let them finish (a command's transaction commits and is answered).
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const jsonLogs = logFormat() === "json";
  const server = createServer((req, res) => {
    inFlight += 1;
    const started = performance.now();
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
      // one line per request in the structured log (never the query string: it may hold a token)
      if (jsonLogs)
        logEvent(res.statusCode >= 500 ? "error" : "info", "request", {
          method: req.method,
          path: (req.url ?? "/").split("?")[0],
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        });
    });
    handle(req, res).catch((error: unknown) => {
      console.error("request failed:", req.method, req.url, error);
      if (!res.headersSent)
        sendJson(res, 500, { errors: [{ message: "Internal error", extensions: { code: "LL500" } }] });
      else res.destroy();
    });
  });

  // Idle keep-alive connections stay open longer than a client or a load balancer keeps them (Node's default of
  // 5 s is shorter than both): a request sent on a connection the server is just closing fails without a retry
  // (a POST is not retried), and a device pulling or flushing every few seconds reconnects less often.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  const sockets = new Set<Duplex>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  return {
    server,
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      return { url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`, port: address.port };
    },
    async drain(drainMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return { closed };
    },
    destroyConnections() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
