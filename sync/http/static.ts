// Serves the built PWA from DIST_DIR. Hashed files under /assets/ are cached for a year; the app shell entry points
// (index.html, sw.js, the manifest) are always revalidated so an update reaches users; any other GET that is not a
// file falls back to index.html so client routes load on a full page load. Text files are sent compressed when the
// build left a precompressed copy beside them (precompress.ts: `<file>.br`, `<file>.gz`) and the request's
// Accept-Encoding allows it: brotli first, then gzip, else the file itself; every such response says
// `Vary: Accept-Encoding` so caches keep the encodings apart. A copy is sent only while its file has the size the
// build recorded (precompressed.json): a file changed after the build goes out as it is. The app shell sent for a client route names that
// route's chunks in a `Link: rel=modulepreload` header (the build's route-preloads.json), so a first visit fetches
// them beside the entry script.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { COMPRESSIBLE_EXTENSIONS, PRECOMPRESSED_FILE } from "./precompress.ts";
import { sendText } from "./respond.ts";
import { preloadsFor, ROUTE_PRELOADS_FILE, type RoutePreloads } from "./route-preloads.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".pdf": "application/pdf",
  ".wasm": "application/wasm",
};

const ALWAYS_REVALIDATE = new Set(["/index.html", "/sw.js", "/manifest.webmanifest", "/manifest.json"]);

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ALWAYS_REVALIDATE.has(urlPath) || urlPath.startsWith("/workbox-")) return "no-cache";
  return "public, max-age=3600";
}

async function fileAt(
  distDir: string,
  urlPath: string,
): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  const file = path.resolve(distDir, `.${urlPath}`);
  if (file !== distDir && !file.startsWith(distDir + path.sep)) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The encodings the client accepts (q > 0), from an Accept-Encoding header; `*` stands for any not named. */
export function acceptedEncodings(header: string | string[] | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return (encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
}

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

const jsonFiles = new Map<string, { mtimeMs: number; value: unknown }>();

/** A JSON file the build wrote into DIST_DIR (re-read when it changes), or null without it. */
async function buildJson<T>(distDir: string, name: string): Promise<T | null> {
  const file = path.join(distDir, name);
  try {
    const info = await stat(file);
    const cached = jsonFiles.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.value as T;
    const value = JSON.parse(await readFile(file, "utf8")) as T;
    jsonFiles.set(file, { mtimeMs: info.mtimeMs, value });
    return value;
  } catch {
    return null;
  }
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  distDir: string,
  found: { file: string; size: number },
  urlPath: string,
  extra: Record<string, string> = {},
) {
  const { file } = found;
  const headers: Record<string, string | number> = {
    ...extra,
    "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": found.size,
    "Cache-Control": cacheControl(urlPath),
  };
  let body = file;
  if (COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) {
    headers.Vary = "Accept-Encoding";
    const accepts = acceptedEncodings(req.headers["accept-encoding"]);
    const sizes = await buildJson<Record<string, number>>(distDir, PRECOMPRESSED_FILE);
    const relative = path.relative(distDir, file).split(path.sep).join("/");
    // the copies were made from a file of another size: the file changed since the build, the copies are stale
    const fresh = sizes?.[relative] === found.size;
    for (const encoding of fresh ? ENCODINGS : []) {
      if (!accepts(encoding.name)) continue;
      const compressed = await fileStat(`${file}${encoding.suffix}`);
      if (!compressed) continue;
      body = `${file}${encoding.suffix}`;
      headers["Content-Encoding"] = encoding.name;
      headers["Content-Length"] = compressed.size;
      break;
    }
  }
  res.writeHead(200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(body).pipe(res);
}

async function fileStat(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, distDir: string, urlPath: string) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    sendText(res, 405, "Method not allowed");
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    sendText(res, 400, "Bad request");
    return;
  }
  const found = decoded.endsWith("/") ? null : await fileAt(distDir, decoded);
  if (found) {
    await send(req, res, distDir, found, decoded);
    return;
  }
  // A missing file (it has an extension) is a 404; anything else is a client route.
  if (path.extname(decoded) !== "") {
    sendText(res, 404, "Not found");
    return;
  }
  const index = await fileAt(distDir, "/index.html");
  if (!index) {
    sendText(res, 503, "The web app is not built yet: run `npm run build` (npm start does it for you).");
    return;
  }
  const preloads = preloadsFor((await buildJson<RoutePreloads>(distDir, ROUTE_PRELOADS_FILE)) ?? {}, decoded);
  const link = preloads.map((chunk) => `<${chunk}>; rel=modulepreload; crossorigin`).join(", ");
  await send(req, res, distDir, index, "/index.html", link ? { Link: link } : {});
}
