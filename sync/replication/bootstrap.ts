// GET/POST /api/v2/bootstrap: every document of one read model for a device that holds nothing of it, in one
// streamed, compressed, resumable response (docs/REPLICATION.md "Bootstrap").
//
// The stream is the pull itself, page after page (app_private.pull_documents_text, 1,000 documents a page: the
// same documents, the same row-level security and claims, the same checkpoints), read inside REPEATABLE READ
// transactions: every page of one transaction is built from the same snapshot, and the pull's safe watermark is
// that snapshot's. Each page is one NDJSON line `{"page": <the pull's text>, "resume": <token>}` written as PostgreSQL
// printed it (Node never parses the documents), compressed (brotli or gzip per Accept-Encoding) and flushed, so the
// device parses and writes page by page; nothing is held whole on either side. A request may ask for smaller pages (`limit`, as the pull). The last line
// `{"done": true, "checkpoint", "resume"}` carries the checkpoint the ordinary pull continues from.
//
// A transaction ends (and the next one continues from the checkpoint reached, exactly as the next pull would) when
// the client does not keep up (the response's buffer is full: the database is never held waiting for a socket) or
// after MAX_SNAPSHOT_MS (on PGlite every other request waits while a transaction runs). The chain of pages is the
// pull's own walk of the change log, so the end checkpoint keeps the pull's guarantee: after it, the ordinary pull
// brings everything changed meanwhile and nothing is missed. A resume token is the model and the checkpoint reached
// (`v1.<model>.<txid>.<seq>`, wire.ts): a new request after a dropped connection or a server restart goes on from it.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Writable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import {
  BOOTSTRAP_MEDIA_TYPE,
  type BootstrapRequest,
  bootstrapToken,
  MAX_PULL_LIMIT,
  type PullCheckpoint,
  parseBootstrapToken,
} from "../../src/domain/wire.ts";
import { type Database, isTransientDatabaseError, SET_LOCAL_SETTINGS, settingsParameter } from "../db/database.ts";
import { pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";
import { BodyTooLargeError, mediaType, readBody, sendJson } from "../http/respond.ts";
import { acceptedEncodings } from "../http/static.ts";

const MAX_BODY_BYTES = 4 * 1024;
const MODEL = /^[a-z][a-z0-9_]{0,62}$/;
/**
 * The longest a snapshot's transaction runs before the next one goes on from its checkpoint (ms). On PGlite every
 * other request (another model's stream, a kind's pull) waits while it runs: short turns let a device's streams
 * share the one connection (a page of ready text takes a few ms).
 */
const MAX_SNAPSHOT_MS = { pglite: 250, postgres: 30_000 } as const;

const PULL = "select app_private.pull_documents_text($1, $2, $3::bigint, $4) as body";

/** The request's bootstrap, or the message of a 400. */
function parseRequest(
  value: Record<string, unknown>,
): { model: string; after: PullCheckpoint; limit: number } | string {
  const { model, resume } = value;
  if (typeof model !== "string" || !MODEL.test(model)) return "model must be the name of a read model.";
  const limit = value.limit === undefined || value.limit === null ? MAX_PULL_LIMIT : Number(value.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT)
    return `limit must be an integer from 1 to ${MAX_PULL_LIMIT}.`;
  if (resume === undefined || resume === null || resume === "") return { model, after: { txid: "0", seq: "0" }, limit };
  const token = typeof resume === "string" ? parseBootstrapToken(resume) : null;
  if (!token) return "resume must be the resume token of a line of an earlier bootstrap.";
  if (token.model !== model) return "resume belongs to another model's bootstrap.";
  return { model, after: token.checkpoint, limit };
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] });
}

/** The checkpoint at the end of a page's text (`..., "checkpoint": {"seq": n, "txid": "x"}}`). */
function checkpointOf(text: string): PullCheckpoint {
  const at = text.lastIndexOf('"checkpoint"');
  const value = JSON.parse(`{${text.slice(at)}`) as { checkpoint: PullCheckpoint };
  return value.checkpoint;
}

const isEmptyPage = (text: string) => /^\{"documents":\s*\[\s*\]/.test(text);

/** The error answer for a failure before the stream started (as the pull endpoint answers it), or null. */
function refusal(error: unknown, model: string): [number, string, string] | null {
  const { code, message } = error as { code?: unknown; message?: string };
  if (code === "LL401") return [401, "LL401", message ?? "Not signed in to an account"];
  if (code === "LL404") return [400, "LL400", `Unknown read model "${model}".`];
  if (typeof code === "string" && code.startsWith("LL")) return [code === "LL403" ? 403 : 400, code, message ?? code];
  if (code === "42501") return [403, "LL403", "Operation not allowed"];
  return null;
}

/** Until the stream has room again or the response is closed (listeners removed either way). */
function drained(stream: Writable, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      res.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    res.on("close", done);
  });
}

interface BootstrapHandlerOptions {
  db: Database;
  production: boolean;
}

export function createBootstrapHandler({ db, production }: BootstrapHandlerOptions) {
  const snapshotMs = MAX_SNAPSHOT_MS[db.kind === "postgres" ? "postgres" : "pglite"];

  return async function handleBootstrap(
    req: IncomingMessage,
    res: ServerResponse,
    session: SessionClaims,
  ): Promise<void> {
    let asked: Record<string, unknown>;
    if (req.method === "GET") {
      const params = new URL(req.url ?? "/", "http://localhost").searchParams;
      asked = {
        model: params.get("model"),
        resume: params.get("resume"),
        limit: params.get("limit"),
      } satisfies Record<keyof BootstrapRequest, unknown>;
    } else if (req.method === "POST") {
      if (mediaType(req) !== "application/json")
        return sendError(res, 415, "LL415", "The body must be application/json.");
      try {
        const body = JSON.parse(await readBody(req, MAX_BODY_BYTES)) as unknown;
        if (typeof body !== "object" || body === null || Array.isArray(body))
          return sendError(res, 400, "LL400", 'The body must be a JSON object {"model", "resume"}.');
        asked = body as Record<string, unknown>;
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendError(res, 413, "LL413", "Request body too large.");
        return sendError(res, 400, "LL400", "The body is not valid JSON.");
      }
    } else {
      res.setHeader("Allow", "GET, POST");
      return sendError(res, 405, "LL405", "Use GET or POST.");
    }
    const request = parseRequest(asked);
    if (typeof request === "string") return sendError(res, 400, "LL400", request);
    const { model, limit: pageSize } = request;
    const settings = settingsParameter(pgSettingsFor(session));

    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    const accepts = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
    let out: (Writable & { flush?: (kind?: number) => void }) | null = null;
    const start = () => {
      res.writeHead(200, {
        "Content-Type": `${BOOTSTRAP_MEDIA_TYPE}; charset=utf-8`,
        "Cache-Control": "no-store",
        Vary: "Accept-Encoding",
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      });
      if (!encoding) return res;
      // fast settings: the stream is made once per device, and a page must not wait for the compressor
      const compressor =
        encoding === "br"
          ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : createGzip({ level: 4 });
      compressor.pipe(res);
      compressor.on("error", () => res.destroy());
      return compressor;
    };
    const send = (line: string) => {
      out ??= start();
      out.write(line);
      // each page leaves at once (the device writes page by page)
      if (out !== res) out.flush?.();
      return !out.writableNeedDrain;
    };

    let after: PullCheckpoint = request.after;
    let done = false;
    try {
      while (!done && !closed) {
        await db.transaction(async (tx) => {
          await tx.query("set transaction isolation level repeatable read");
          await tx.query(SET_LOCAL_SETTINGS, [settings]);
          const started = Date.now();
          for (;;) {
            const { rows } = await tx.query<{ body: string }>(PULL, [model, after.txid, after.seq, pageSize]);
            const text = rows[0]?.body ?? "";
            const checkpoint = checkpointOf(text);
            if (isEmptyPage(text)) {
              after = checkpoint;
              done = true;
              return;
            }
            const keepsUp = send(`{"page": ${text}, "resume": ${JSON.stringify(bootstrapToken(model, checkpoint))}}\n`);
            after = checkpoint;
            if (closed || !keepsUp || Date.now() - started > snapshotMs) return;
          }
        });
        const writing = out as Writable | null;
        if (!done && !closed && writing?.writableNeedDrain) await drained(writing, res);
      }
    } catch (error) {
      if (!out) {
        const refused = refusal(error, model);
        if (refused) return sendError(res, ...refused);
        console.error("bootstrap failed:", model, error);
        if (isTransientDatabaseError(error))
          return sendError(res, 503, "LL503", "The database is not available. Try again later.");
        const { message } = error as { message?: unknown };
        return sendError(
          res,
          500,
          "LL500",
          production || typeof message !== "string" ? "Internal error" : `Internal error: ${message}`,
        );
      }
      // the stream is under way: cut it (no last line), the device resumes from its last page's token
      if (!closed) console.error("bootstrap cut:", model, error);
      res.destroy();
      return;
    }
    if (closed) return;
    const end = JSON.stringify({ done: true, checkpoint: after, resume: bootstrapToken(model, after) });
    out ??= start();
    out.end(`${end}\n`);
  };
}
