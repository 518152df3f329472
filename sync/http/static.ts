// Serves the built PWA from DIST_DIR. Hashed files under /assets/ are cached for a year; the app shell entry points
// (index.html, sw.js, the manifest) are always revalidated so an update reaches users; any other GET that is not a
// file falls back to index.html so client routes load on a full page load.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { sendText } from "./respond.ts";

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

async function fileAt(distDir: string, urlPath: string): Promise<{ file: string; size: number } | null> {
  const file = path.resolve(distDir, `.${urlPath}`);
  if (file !== distDir && !file.startsWith(distDir + path.sep)) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size } : null;
  } catch {
    return null;
  }
}

function send(req: IncomingMessage, res: ServerResponse, file: string, size: number, urlPath: string): void {
  res.writeHead(200, {
    "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": size,
    "Cache-Control": cacheControl(urlPath),
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
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
    send(req, res, found.file, found.size, decoded);
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
  send(req, res, index.file, index.size, "/index.html");
}
