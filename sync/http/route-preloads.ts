// Which code a page load of each client route needs, so the server can name it in the HTML response's Link header
// (rel=modulepreload) and the browser fetches a screen's chunks together with the entry script, instead of only
// once the entry has run and the router has matched the route (one round trip less on a first visit: issue 22
// item 13). The build (vite.config.ts) writes dist/route-preloads.json from its chunk graph with routePreloads();
// static.ts reads it and matches request paths with preloadsFor().
import path from "node:path";

/** URL pattern of a route file (TanStack file routes) -> the chunk files its page load needs, beyond the entry. */
export type RoutePreloads = Record<string, string[]>;

export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/**
 * The URL pattern of a route file under src/routes: pathless `_layout` segments and `index` dropped, `$param`
 * kept, `{-$param}` optional. `_app/_investor/portfolio.tsx` -> `/portfolio`; `$.tsx` (the catch-all) -> null.
 */
export function routePattern(file: string): string | null {
  const segments = file.replace(/\.tsx?$/, "").split("/");
  if (segments.some((s) => s === "$" || s.startsWith("__"))) return null;
  const kept = segments.filter((s) => !s.startsWith("_") && s !== "index" && s !== "route");
  return `/${kept.join("/")}`;
}

/** The layout route files above a route file: `_app/_investor/portfolio.tsx` -> `_app.tsx`, `_app/_investor.tsx`. */
export function layoutFiles(file: string): string[] {
  const dirs = file.split("/").slice(0, -1);
  return dirs.map((_, i) => `${dirs.slice(0, i + 1).join("/")}.tsx`);
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/**
 * From the build's chunks: for every route file, its split chunks (component, error component...) and their layout
 * routes' chunks, with everything they import statically, less what index.html loads already.
 */
export function routePreloads(chunks: ChunkInfo[], routesDir: string): RoutePreloads {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[], into = new Set<string>()) => {
    const queue = [...start];
    while (queue.length) {
      const file = queue.shift() as string;
      if (into.has(file)) continue;
      into.add(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
    return into;
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  // route file (relative to routesDir, forward slashes) -> its split chunks
  const routeChunks = new Map<string, string[]>();
  for (const chunk of chunks) {
    if (!chunk.facadeModuleId) continue;
    const [id = ""] = chunk.facadeModuleId.split("?");
    const relative = path.relative(routesDir, id).split(path.sep).join("/");
    if (relative.startsWith("..") || path.isAbsolute(relative)) continue;
    routeChunks.set(relative, [...(routeChunks.get(relative) ?? []), chunk.fileName]);
  }
  const result: RoutePreloads = {};
  for (const file of routeChunks.keys()) {
    const pattern = routePattern(file);
    if (!pattern) continue;
    // a layout file's own pattern (`_app.tsx` -> `/`) is not a page: only leaves that are not layouts of others
    if ([...routeChunks.keys()].some((other) => other !== file && layoutFiles(other).includes(file))) continue;
    const start = [file, ...layoutFiles(file)].flatMap((f) => routeChunks.get(f) ?? []);
    const needed = [...closure(start)].filter((f) => !entry.has(f)).map((f) => `/${f}`);
    if (needed.length) result[pattern] = needed.sort();
  }
  return result;
}

/** Whether a URL path matches a route pattern (`$param` one segment, `{-$param}` zero or one). */
export function matchesPattern(pattern: string, urlPath: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = urlPath.split("/").filter(Boolean);
  const match = (i: number, j: number): boolean => {
    if (i === want.length) return j === have.length;
    const segment = want[i] as string;
    if (/^\{-\$.+\}$/.test(segment)) return match(i + 1, j) || (j < have.length && match(i + 1, j + 1));
    if (j === have.length) return false;
    if (segment.startsWith("$")) return match(i + 1, j + 1);
    return segment === decodeURIComponent(have[j] as string) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/** The chunks to preload for a request path: the most specific matching pattern (static segments first). */
export function preloadsFor(preloads: RoutePreloads, urlPath: string): string[] {
  const candidates = Object.keys(preloads).filter((pattern) => matchesPattern(pattern, urlPath));
  if (!candidates.length) return [];
  const staticCount = (p: string) => p.split("/").filter((s) => s && !s.startsWith("$") && !s.startsWith("{")).length;
  candidates.sort((a, b) => staticCount(b) - staticCount(a));
  return preloads[candidates[0] as string] ?? [];
}
