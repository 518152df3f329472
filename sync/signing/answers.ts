// How the signing routes answer: an HttpError (or a database error with an LL code, or a provider failure) becomes
// `{errors: [{message, extensions: {code}}], message}` with its status; anything else is a bug and goes on to the
// server's 500.
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { sendJson } from "../http/respond.ts";
import { SigningProviderError } from "./provider.ts";

export const SIGNING_PATH = "/api/v2/signing/";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const fail = (status: number, code: string, message: string): never => {
  throw new HttpError(status, code, message);
};

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }], message });
}

/** A database error with an LL code becomes an HTTP answer (the spec's text); anything else is a bug. */
export function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("LL")) {
    const status = { LL401: 401, LL403: 403, LL404: 404, LL409: 409 }[code] ?? 422;
    return new HttpError(status, code, (error as Error).message);
  }
  if (error instanceof SigningProviderError) {
    return new HttpError(error.kind === "unavailable" ? 503 : 502, "LL502", error.message);
  }
  return null;
}

export function sendPdf(res: ServerResponse, bytes: Uint8Array, name: string): void {
  res.writeHead(200, {
    "Content-Type": "application/pdf",
    "Content-Length": bytes.byteLength,
    "Content-Disposition": `inline; filename="${name}"`,
    "Cache-Control": "private, no-store",
  });
  Readable.from(Buffer.from(bytes)).pipe(res);
}
