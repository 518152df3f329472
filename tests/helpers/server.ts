// Starts the real server in-process (in-memory PGlite, migrated, demo-seeded) and gives tests small clients with a
// cookie jar: signIn, selectAccount, graphql, ws (graphql-ws over `ws`, authenticated by the session cookie).
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { parseStreamDocuments } from "../../sync/config.ts";
import type { RunningServer, StartOptions } from "../../sync/http/server.ts";

export const DEMO_PASSWORD = "demo-password";

export interface GraphqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export interface TestClient {
  /** The session cookie's value, or null when signed out. */
  readonly session: string | null;
  /** fetch against the server with the cookie jar; redirects are not followed (tests read Location). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** JSON sign-in; returns the JSON answer and status. */
  signIn(email: string, password?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  signUp(fields: { email: string; password: string; firstName?: string; lastName?: string }): Promise<{
    status: number;
    body: Record<string, unknown>;
  }>;
  /** GET /authenticate/role/{id}; returns the Location the server sends the browser to. */
  selectAccount(accountId: string): Promise<{ status: number; location: string | null }>;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GraphqlResponse<T>>;
  /** A graphql-ws client on /wss/v1/ carrying the session cookie. Dispose it at the end of the test. */
  ws(): Client;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  client(): TestClient;
  close(): Promise<void>;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  // Grafast reads GRAPHILE_ENV when it loads: import the server only after setting it.
  process.env.GRAPHILE_ENV ??= "development";
  const { startServer } = await import("../../sync/http/server.ts");
  // LL_STREAM_DOCUMENTS set for a test run decides the change stream's documents in every server it starts (all
  // models when unset, as for the server; docs/SERVER.md "The change in the stream"); a test's own option wins
  const streamed = process.env.LL_STREAM_DOCUMENTS
    ? { streamDocumentModels: parseStreamDocuments(process.env.LL_STREAM_DOCUMENTS) }
    : {};
  const server = await startServer({ mode: "test", port: 0, dataDir: null, seedDemo: true, ...streamed, ...options });
  return {
    url: server.url,
    server,
    client: () => makeClient(server.url),
    close: () => server.close(),
  };
}

export function makeClient(baseUrl: string): TestClient {
  let session: string | null = null;

  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const match = /^ll_session=([^;]*)/.exec(cookie);
      if (match) session = match[1] ? match[1] : null;
    }
  };

  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (session) headers.set("cookie", `ll_session=${session}`);
    const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: "manual" });
    remember(response);
    return response;
  };

  const postJson = async (path: string, body: unknown) => {
    const response = await request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  return {
    get session() {
      return session;
    },
    fetch: request,
    signIn: (email, password = DEMO_PASSWORD) => postJson("/authenticate/login", { email, password, mode: "signin" }),
    signUp: (fields) => postJson("/authenticate/login", { ...fields, mode: "signup" }),
    async selectAccount(accountId) {
      const response = await request(`/authenticate/role/${accountId}`);
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get("location") };
    },
    async graphql<T>(query: string, variables?: Record<string, unknown>) {
      const response = await request("/api/v2/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      let body: Omit<GraphqlResponse<T>, "status"> = {};
      try {
        body = JSON.parse(text);
      } catch {
        body = { errors: [{ message: text }] };
      }
      return { status: response.status, ...body };
    },
    ws() {
      const cookie = session ? `ll_session=${session}` : "";
      class CookieWebSocket extends WebSocket {
        constructor(address: string | URL, protocols?: string | string[]) {
          super(address, protocols, { headers: cookie ? { cookie } : {} });
        }
      }
      return createClient({
        url: `${baseUrl.replace(/^http/, "ws")}/wss/v1/`,
        webSocketImpl: CookieWebSocket,
        retryAttempts: 0,
        lazy: true,
      });
    },
  };
}
