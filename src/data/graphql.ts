// The one GraphQL client over POST /api/v2/graphql. HTTP 401/403 is handled here, once: the browser goes to /login
// (spec part 1 section 8). Local data is never touched here, so queued offline work survives a lapsed session.
import { MESSAGES } from "../domain/messages.ts";
import { GRAPHQL_PATH } from "../domain/wire.ts";

interface GraphqlErrorEntry {
  message: string;
  extensions?: { code?: string } & Record<string, unknown>;
}

/** The server answered with errors in the response body. */
export class GraphqlError extends Error {
  readonly errors: GraphqlErrorEntry[];
  readonly code: string | undefined;
  constructor(errors: GraphqlErrorEntry[]) {
    super(errors[0]?.message ?? "GraphQL error");
    this.name = "GraphqlError";
    this.errors = errors;
    this.code = errors[0]?.extensions?.code;
  }
}

/**
 * The server's own words for a refused call (class LL: the spec's text or the field's), else the generic text. For
 * the screens that call the server directly (what the device does not keep: API keys, webhooks), where the server's
 * text is the one to show as it is.
 */
export function serverRefusalText(error: unknown): string {
  if (error instanceof GraphqlError && error.code?.startsWith("LL") && error.errors[0]?.message)
    return error.errors[0].message;
  return MESSAGES.defaultError;
}

/** HTTP 401 or 403: the session is gone or not allowed. */
export class UnauthorizedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Unauthorized (${status})`);
    this.name = "UnauthorizedError";
    this.status = status;
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Network unavailable", { cause });
    this.name = "NetworkError";
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== "/login") window.location.assign("/login");
};

/** The app installs a router-aware handler at start (src/main.tsx); the default does a full page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export async function graphql<TData, TVariables extends Record<string, unknown> = Record<string, unknown>>(
  query: string,
  variables?: TVariables,
): Promise<TData> {
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query, variables: variables ?? {} }),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 401 || response.status === 403) {
    onUnauthorized();
    throw new UnauthorizedError(response.status);
  }
  let body: { data?: TData | null; errors?: GraphqlErrorEntry[] };
  try {
    body = await response.json();
  } catch (error) {
    // A proxy or captive portal answering HTML is as good as no network.
    throw new NetworkError(error);
  }
  if (body.errors?.length) throw new GraphqlError(body.errors);
  if (!body.data) throw new GraphqlError([{ message: `HTTP ${response.status}` }]);
  return body.data;
}
