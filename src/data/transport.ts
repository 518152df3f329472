// Where the data layer talks to the server, injectable so the same code runs in the browser (same-origin fetch with
// the session cookie, the page's WebSocket) and in Node tests (a cookie-jar fetch, the `ws` package).
import { COMMANDS_PATH, GRAPHQL_PATH, PULL_PATH, WEBSOCKET_PATH } from "../domain/wire.ts";
import { requestAccessCheck } from "./access-signal.ts";

export interface SyncTransport {
  /** Absolute or same-origin URL of the GraphQL endpoint (pull). */
  graphqlUrl: string;
  /**
   * Absolute or same-origin URL of the pull endpoint (replication pages without GraphQL). Without it, or when the
   * server answers 404 there, pulls go through the GraphQL field pullDocuments.
   */
  pullUrl?: string;
  /** Absolute or same-origin URL of the command endpoint (outbox). */
  commandsUrl: string;
  /** Absolute ws:// or wss:// URL of the graphql-ws endpoint (change stream). */
  websocketUrl: string;
  fetch: typeof fetch;
  /** WebSocket implementation for graphql-ws (the global one in browsers). */
  webSocketImpl?: unknown;
}

/** The browser's transport: same origin, cookie credentials. */
export function browserTransport(location: Pick<Location, "protocol" | "host"> = window.location): SyncTransport {
  const wsScheme = location.protocol === "https:" ? "wss:" : "ws:";
  return {
    graphqlUrl: GRAPHQL_PATH,
    pullUrl: PULL_PATH,
    commandsUrl: COMMANDS_PATH,
    websocketUrl: `${wsScheme}//${location.host}${WEBSOCKET_PATH}`,
    // A 401 (no session, or no account: a suspended member) makes the page check what it may still keep.
    fetch: (input, init) =>
      fetch(input, { ...init, credentials: "same-origin" }).then((response) => {
        if (response.status === 401) requestAccessCheck();
        return response;
      }),
  };
}
