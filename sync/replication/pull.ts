// POST /api/v2/pull: the replication pull without GraphQL (docs/SERVER.md "The pull endpoint").
//
// Body: {"model": string, "afterTxid": string, "afterSeq": string, "limit": 1..1000}. The answer is exactly the JSON
// value the GraphQL field pullDocuments returns ({"documents": [...], "checkpoint": {"txid", "seq"}}): the same pull
// (app_private.pull_documents_text, migration 0720, prints what `app_public.pull_documents(...)::text` prints) in one
// transaction with the session's role and claims (row-level security as for any GraphQL request), produced as text by
// PostgreSQL and written to the response as it comes. Node never
// parses or re-serialises the documents: for a page of 1,000 documents that was most of what PostGraphile added.
// The heavy models' documents come as ready text where the reader sees them whole (docs/REPLICATION.md, "Ready
// documents"); those a page found without ready text are built for the answer without row-level security where the
// reader sees them whole (ready_take), and kept after the answer by the fill (readyFiller).
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_PULL_LIMIT, type PullRequest } from "../../src/domain/wire.ts";
import { type Database, isTransientDatabaseError, SET_LOCAL_SETTINGS, settingsParameter } from "../db/database.ts";
import { pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";
import { BodyTooLargeError, mediaType, readBody, sendJson } from "../http/respond.ts";

const MAX_BODY_BYTES = 4 * 1024;

const MODEL = /^[a-z][a-z0-9_]{0,62}$/;
const DIGITS = /^[0-9]{1,20}$/;
const MAX_XID8 = 2n ** 64n - 1n;
const MAX_INT8 = 2n ** 63n - 1n;

/** The request's pull, or the message of a 400 that says what is wrong with it. */
function parsePullRequest(body: unknown): PullRequest | string {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return 'The body must be a JSON object {"model", "afterTxid", "afterSeq", "limit"}.';
  const { model, afterTxid, afterSeq, limit } = body as Record<string, unknown>;
  if (typeof model !== "string" || !MODEL.test(model)) return "model must be the name of a read model.";
  if (typeof afterTxid !== "string" || !DIGITS.test(afterTxid) || BigInt(afterTxid) > MAX_XID8)
    return 'afterTxid must be a transaction id as a string of digits ("0" for the start).';
  if (typeof afterSeq !== "string" || !DIGITS.test(afterSeq) || BigInt(afterSeq) > MAX_INT8)
    return 'afterSeq must be a sequence number as a string of digits ("0" for the start).';
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT)
    return `limit must be an integer from 1 to ${MAX_PULL_LIMIT}.`;
  return { model, afterTxid, afterSeq, limit };
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] });
}

// pull_documents printed as text, without building the page as one jsonb value first (0720); with it, how many of the
// page's documents the reader sees whole had no ready text (replication/40_ready_documents.sql).
const PULL = `select app_private.pull_documents_text($1, $2, $3::bigint, $4) as body,
                     current_setting('ledgerline.ready_missing', true) as missing`;

/** The documents after a checkpoint as JSON text, read as the session (role app_user and its claims). */
function pullAsText(
  db: Database,
  session: SessionClaims,
  pull: PullRequest,
): Promise<{ text: string; missing: number }> {
  return db.transaction(async (tx) => {
    await tx.query(SET_LOCAL_SETTINGS, [settingsParameter(pgSettingsFor(session))]);
    const { rows } = await tx.query<{ body: string; missing: string | null }>(PULL, [
      pull.model,
      pull.afterTxid,
      pull.afterSeq,
      pull.limit,
    ]);
    return { text: rows[0]?.body ?? "null", missing: Number(rows[0]?.missing ?? 0) || 0 };
  });
}

// Ready documents a pull found missing (a new builder version after a deploy, a database seeded with triggers off,
// documents changed since they were built) are built after the answer by a walk of the model's primary key, a part at
// a time (app_private.fill_ready_documents(model, after_id, lim), replication/40_ready_documents.sql): each part reads
// only the ids after the previous one and records where the walk stands, so a restarted server resumes there. Until
// a document is ready the pull builds it as before. One walk per model at a time per process; a pull that finds
// documents missing while a walk runs asks for one more walk from the start after it (a document changed behind the
// walk). PGlite has one connection: a part waits until no pull has been in flight for QUIET_MS (at most MAX_DEFER_MS,
// so a steady stream of pulls still lets the fill move), and a pull waits behind one short part at most.
const FILL_PART = 100;
// what a query says once the database has been closed (PGlite; a node-postgres pool after end())
const CLOSED = /PGlite is closed|Cannot use a pool after calling end/;
const QUIET_MS = 100;
const MAX_DEFER_MS = 2_000;

export interface ReadyFillerOptions {
  /** Documents built per part (default FILL_PART). */
  part?: number;
  /** PGlite: how long no pull must have been in flight before a part runs (ms). */
  quietMs?: number;
  /** PGlite: the longest a part waits for that quiet (ms). */
  maxDeferMs?: number;
  /** Called after each part with the id the walk goes on after (null: the walk reached the end). */
  onPart?: (model: string, next: string | null) => void | Promise<void>;
}

export interface ReadyFiller {
  /** Asks for the model's missing texts to be built; resolves when the walk that covers the request has ended. */
  request(model: string): Promise<void>;
  /** A pull in flight: the fill gives way to it. Call the returned function when it has been answered. */
  begin(): () => void;
  /** Parts run and walks made per model by this process. */
  readonly stats: Map<string, { parts: number; walks: number }>;
}

export function readyFiller(db: Database, options: ReadyFillerOptions = {}): ReadyFiller {
  const part = options.part ?? FILL_PART;
  const quietMs = options.quietMs ?? QUIET_MS;
  const maxDeferMs = options.maxDeferMs ?? MAX_DEFER_MS;
  const walks = new Map<string, { again: boolean; done: Promise<void> }>();
  const stats = new Map<string, { parts: number; walks: number }>();
  let inFlight = 0;
  let lastAnswered = 0;

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /**
   * Gives the requests their turn before a part. Always one turn of the event loop: a PGlite query resolves in
   * microtasks, so a chain of parts would otherwise keep the server from even reading a request until the walk ends.
   * On PGlite also until no pull has been in flight for quietMs (at most maxDeferMs).
   */
  async function giveWay(): Promise<void> {
    await nextTurn();
    if (db.kind !== "pglite") return;
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      if (now - started >= maxDeferMs) return;
      const quietFor = inFlight > 0 ? 0 : now - lastAnswered;
      if (quietFor >= quietMs) return;
      await sleep(Math.min(quietMs - quietFor, maxDeferMs - (now - started)));
    }
  }

  async function walk(model: string, state: { again: boolean }): Promise<void> {
    const counts = stats.get(model) ?? { parts: 0, walks: 0 };
    stats.set(model, counts);
    // an interrupted walk of this builder version resumes where it stands
    const { rows } = await db.query<{ after: string | null }>("select app_private.ready_fill_cursor($1) as after", [
      model,
    ]);
    let after = rows[0]?.after ?? null;
    let fromStart = after === null;
    counts.walks++;
    for (;;) {
      await giveWay();
      const { rows: next } = await db.query<{ next: string | null }>(
        "select app_private.fill_ready_documents($1, $2::uuid, $3) as next",
        [model, after, part],
      );
      after = next[0]?.next ?? null;
      counts.parts++;
      await options.onPart?.(model, after);
      if (after !== null) continue;
      // the end: once more from the start when this walk did not start there (it resumed) or a pull found documents
      // missing meanwhile (they may be behind the walk); a walk over a complete store reads 16 parts' ids a part
      if (fromStart && !state.again) return;
      state.again = false;
      fromStart = true;
      counts.walks++;
    }
  }

  return {
    stats,
    begin() {
      inFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        lastAnswered = performance.now();
      };
    },
    request(model: string): Promise<void> {
      const running = walks.get(model);
      if (running) {
        running.again = true;
        return running.done;
      }
      const state = { again: false, done: Promise.resolve() };
      walks.set(model, state);
      state.done = walk(model, state)
        .catch((error: unknown) => {
          // the pull keeps building what is not ready; a later pull asks again. A server closing during a walk ends it
          // quietly (its database is closed under it).
          const message = (error as Error).message;
          if (CLOSED.test(message)) return;
          console.warn("ready documents not filled:", model, message);
        })
        .finally(() => {
          walks.delete(model);
        });
      return state.done;
    },
  };
}

interface PullHandlerOptions {
  db: Database;
  production: boolean;
}

export function createPullHandler({ db, production }: PullHandlerOptions) {
  const filler = readyFiller(db);
  return async function handlePull(req: IncomingMessage, res: ServerResponse, session: SessionClaims): Promise<void> {
    const answered = filler.begin();
    res.once("close", answered);
    try {
      await answerPull(req, res, session);
    } finally {
      answered();
    }
  };

  async function answerPull(req: IncomingMessage, res: ServerResponse, session: SessionClaims): Promise<void> {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return sendError(res, 405, "LL405", "Use POST with a JSON body.");
    }
    if (mediaType(req) !== "application/json")
      return sendError(res, 415, "LL415", "The body must be application/json.");
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(res, 413, "LL413", "Request body too large.");
      return sendError(res, 400, "LL400", "The body is not valid JSON.");
    }
    const pull = parsePullRequest(body);
    if (typeof pull === "string") return sendError(res, 400, "LL400", pull);

    let text: string;
    try {
      const answer = await pullAsText(db, session, pull);
      text = answer.text;
      if (answer.missing > 0) void filler.request(pull.model);
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: string };
      // pull_documents' own refusals: no chosen account (LL401), a model that is not replicated (LL404).
      if (code === "LL401") return sendError(res, 401, "LL401", message ?? "Not signed in to an account");
      if (code === "LL404") return sendError(res, 400, "LL400", `Unknown read model "${pull.model}".`);
      if (typeof code === "string" && code.startsWith("LL"))
        return sendError(res, code === "LL403" ? 403 : 400, code, message ?? code);
      if (code === "42501") return sendError(res, 403, "LL403", "Operation not allowed");
      console.error("pull failed:", pull.model, error);
      // the device retries later
      if (isTransientDatabaseError(error))
        return sendError(res, 503, "LL503", "The database is not available. Try again later.");
      return sendError(
        res,
        500,
        "LL500",
        production || typeof message !== "string" ? "Internal error" : `Internal error: ${message}`,
      );
    }
    const bytes = Buffer.from(text, "utf8"); // encoded once (a page of 1,000 documents is about a megabyte)
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": bytes.length,
      "Cache-Control": "no-store",
    });
    res.end(bytes);
  }
}
