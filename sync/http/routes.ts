// The HTTP routes of the server are one table: each service (sync/<service>/routes.ts) and each module of sync/http
// contributes its routes, server.ts puts them in order and matches a request in one place (the first route whose
// path and method match answers it), after the security headers and before the error mapping. docs/SERVER.md
// "Routes" lists every route of this table; tests/server/routes-doc.test.ts fails when the two differ.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ResolvedSession } from "./sessions.ts";

/**
 * Who may call a route. `public`: no session is read. `session`: a signed-in session is required, else the route's
 * `refuse` (default: 401 LL401 in the GraphQL shape). `optional`: the session (or null) is handed to the handler,
 * which decides.
 */
export type Access = "public" | "session" | "optional";

export interface RouteContext {
  url: URL;
  path: string;
  /** The `{name}` segments of the route's path; `*` holds what a trailing `*` matched. */
  params: Record<string, string>;
  /** The request's session (`session` routes: never null; `public` routes: always null). */
  session: ResolvedSession | null;
}

export interface Route {
  /** `ANY`: every method is the handler's. */
  method: "GET" | "POST" | "ANY";
  /** The handler also gets the other methods (it refuses them itself, e.g. 405 with `Allow`). */
  answersOtherMethods?: boolean;
  /** Exact, with `{name}` segments (one segment each), or ending in `*` (anything, including nothing). */
  path: string;
  access: Access;
  /** What it does, one line (docs/SERVER.md "Routes"). */
  doc: string;
  handle(req: IncomingMessage, res: ServerResponse, context: RouteContext): Promise<void> | void;
  /** The answer without a session on a `session` route (default: the server's 401). */
  refuse?(res: ServerResponse): void;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** How the route is named in docs/SERVER.md's table: `GET /healthz`, `/api/*`. */
export function routeKey(route: Route): string {
  return route.method === "ANY" ? route.path : `${route.method} ${route.path}`;
}

function compile(path: string): RegExp {
  const prefix = path.endsWith("*");
  const body = (prefix ? path.slice(0, -1) : path)
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? `(?<${param[1]}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${body}${prefix ? "(?<rest>.*)" : ""}$`);
}

/** The table, compiled once: `match` answers the first route for a method and path, in the table's order. */
export function routeTable(routes: readonly Route[]): {
  routes: readonly Route[];
  match(method: string, path: string): RouteMatch | null;
} {
  const compiled = routes.map((route) => ({ route, pattern: compile(route.path) }));
  return {
    routes,
    match(method, path) {
      for (const { route, pattern } of compiled) {
        if (route.method !== "ANY" && route.method !== method && !route.answersOtherMethods) continue;
        const found = pattern.exec(path);
        if (!found) continue;
        const { rest, ...named } = found.groups ?? {};
        return { route, params: rest === undefined ? named : { ...named, "*": rest } };
      }
      return null;
    },
  };
}
