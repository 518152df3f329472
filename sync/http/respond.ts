// Small helpers every route uses: security headers, JSON/HTML answers, redirects and bounded body reading.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { StoredFile } from "../storage/index.ts";

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Ark UI and AG Grid position elements with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function setSecurityHeaders(
  res: ServerResponse,
  options: {
    csp?: boolean;
    production: boolean;
    connectOrigins?: readonly string[];
    frameOrigins?: readonly string[];
  },
): void {
  // connectOrigins: where else the page may send requests (the object storage bucket files are uploaded to);
  // frameOrigins: what else it may show in a frame (DocuSign's embedded signing page, when DocuSign is connected).
  const widen = (policy: string, directive: string, origins: readonly string[] | undefined) =>
    origins?.length ? policy.replace(`${directive} 'self'`, `${directive} 'self' ${origins.join(" ")}`) : policy;
  const policy = widen(
    widen(CONTENT_SECURITY_POLICY, "connect-src", options.connectOrigins),
    "frame-src",
    options.frameOrigins,
  );
  if (options.csp !== false) res.setHeader("Content-Security-Policy", policy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (options.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** A refusal as every route answers one: `{errors: [{message, extensions: {code}}]}` with the HTTP status. */
export function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] });
}

/** `Content-Disposition` of a download named `name`: a plain fallback name (`safe`) and the exact name in UTF-8. */
export function attachment(name: string, safe = name.replace(/[^\w. -]/g, "_")): string {
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored file as a 200 answer with these headers and its size; a HEAD request gets the headers only. */
export function sendStoredFile(
  res: ServerResponse,
  method: string | undefined,
  file: StoredFile,
  headers: OutgoingHttpHeaders,
): void {
  res.writeHead(200, { ...headers, "Content-Length": file.size });
  if (method === "HEAD") {
    file.body.destroy();
    return void res.end();
  }
  file.body.on("error", () => res.destroy());
  res.on("close", () => file.body.destroy());
  file.body.pipe(res);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
  });
  res.end(html);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** 303: the browser follows with a GET, also after a form POST. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store", "Content-Length": 0 });
  res.end();
}

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limitBytes) throw new BodyTooLargeError("Request body too large");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new BodyTooLargeError("Request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The media type of the request body, lowercased, without parameters. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? "unknown";
}

/** A cross-site POST (another origin's form) must not act with the user's cookie. */
export function isCrossSite(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}
