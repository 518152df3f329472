// The wire protocol between the device and the server: the paths, the limits and the shapes of what goes over them.
// One module, imported by the client's data layer (src/data) and by the server (sync/), so both sides read the same
// names. Pure declarations: nothing here pulls server code into the client bundle or browser code into the server.

/** GraphQL over HTTP (queries, mutations, and the pull's fallback field pullDocuments). */
export const GRAPHQL_PATH = "/api/v2/graphql";
/** The replication pull without GraphQL: POST a PullRequest, answered with a PullAnswer. */
export const PULL_PATH = "/api/v2/pull";
/** The device outbox's endpoint: POST an array of WireCommand, answered with a CommandsAnswer. */
export const COMMANDS_PATH = "/api/v2/commands";
/** The device's reachability probe (src/data/connectivity.ts): GET answers 204, no session needed. */
export const PING_PATH = "/api/v2/ping";
/** graphql-ws (the change stream's subscription `changes`); the server takes it without the trailing slash too. */
export const WEBSOCKET_PATH = "/wss/v1/";
/**
 * The `table` of a change event that says "you fell behind: pull every model". A device that does not read its
 * socket stops getting change events once the server holds STREAM_BEHIND_BYTES for it; when it has read them, this
 * one event replaces all it missed (docs/SERVER.md "Slow devices").
 */
export const STREAM_RESYNC_TABLE = "*";
/**
 * The close of a socket that held more than its bound unread (docs/SERVER.md "Slow devices"): the device reconnects
 * and, as on every connection, pulls every model. Not one of graphql-ws's fatal codes, so its client retries.
 */
export const STREAM_BEHIND_CLOSE = { code: 4480, reason: "Too far behind: reconnect and pull" } as const;

/** At most this many commands per request; the device sends bigger queues in several requests. */
export const MAX_COMMANDS_PER_REQUEST = 200;
/** The largest page a pull may ask for (app_public.pull_documents caps its limit here too). */
export const MAX_PULL_LIMIT = 1000;

/** One command as the device sends it (the request body is an array of these, in the device's order). */
export interface WireCommand {
  /** UUID idempotency key: the server's command log answers a known key instead of running it again */
  key: string;
  /** the GraphQL mutation field's name */
  mutation: string;
  variables: Record<string, unknown>;
  userId: string;
  accountId: string;
  /** when the device made the command (ISO time) */
  createdOn: string;
  deviceId: string;
  /** the device's sequence number */
  seq: number;
}

/** A command as the server takes it: createdOn, deviceId and seq may be missing (variables too, read as {}). */
export type IncomingCommand = Omit<WireCommand, "createdOn" | "deviceId" | "seq"> &
  Partial<Pick<WireCommand, "createdOn" | "deviceId" | "seq">>;

/**
 * The server's answer on one command:
 *   accepted  applied (exactly once: the command log is keyed by the idempotency key)
 *   rejected  refused with a coded error (errorCode LLnnn, errorMessage the user's text); nothing of it applied
 *   refused   not run at all: made under another user or account than the session's (LL403), or its key
 *             is already in the command log under another user (LL409)
 */
export type CommandStatus = "accepted" | "rejected" | "refused";

export interface CommandResult {
  key: string;
  status: CommandStatus;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * The command endpoint's answer: HTTP 200 with a result per command in the request's order; HTTP 503 with the
 * results of the commands applied before the database failed (the device resends the rest).
 */
export interface CommandsAnswer {
  results: CommandResult[];
}

/** The pull endpoint's request: the documents of one read model after a checkpoint, at most `limit` of them. */
export interface PullRequest {
  model: string;
  /** transaction id as a string of digits ("0" for the start) */
  afterTxid: string;
  /** sequence number as a string of digits ("0" for the start) */
  afterSeq: string;
  /** 1..MAX_PULL_LIMIT */
  limit: number;
}

/** Where a pull stopped: the next pull asks for what comes after it. */
export interface PullCheckpoint {
  txid: string;
  seq: number | string;
}

/** A page of a pull (the pull endpoint and the GraphQL field pullDocuments answer the same value). */
export interface PullAnswer {
  documents: Array<Record<string, unknown>>;
  checkpoint: PullCheckpoint;
}

/**
 * The bootstrap of a device that holds nothing of a read model (docs/REPLICATION.md "Bootstrap"): GET
 * `?model=<name>[&resume=<token>][&limit=<n>]` (or POST a BootstrapRequest) answers one stream of BOOTSTRAP_MEDIA_TYPE, each line a
 * BootstrapLine, compressed as Accept-Encoding allows. Its last line is `{"done": true, ...}`; a stream without it
 * was cut, and a new request with the last line's `resume` goes on from there.
 */
export const BOOTSTRAP_PATH = "/api/v2/bootstrap";
/** One JSON value per line (newline-delimited JSON). */
export const BOOTSTRAP_MEDIA_TYPE = "application/x-ndjson";

export interface BootstrapRequest {
  model: string;
  /** the `resume` of the last line received (a token of this model), to go on after it */
  resume?: string;
  /** documents per page, 1..MAX_PULL_LIMIT (default MAX_PULL_LIMIT) */
  limit?: number;
}

/**
 * A line of the bootstrap's stream: a page of documents (exactly a pull's page: documents after the previous
 * line's checkpoint, the pull's checkpoint semantics) with the token that resumes after it, or the end with the
 * checkpoint the ordinary pull continues from.
 */
export type BootstrapLine =
  | { page: PullAnswer; resume: string }
  | { done: true; checkpoint: PullCheckpoint; resume: string };

/** The resume token: the model and the pull checkpoint reached (`v1.<model>.<txid>.<seq>`, URL-safe as it is). */
export function bootstrapToken(model: string, checkpoint: PullCheckpoint): string {
  return `v1.${model}.${checkpoint.txid}.${checkpoint.seq}`;
}

/** A resume token's model and checkpoint, or null when it is not one. */
export function parseBootstrapToken(
  token: string,
): { model: string; checkpoint: { txid: string; seq: string } } | null {
  const match = /^v1\.([a-z][a-z0-9_]{0,62})\.([0-9]{1,20})\.([0-9]{1,19})$/.exec(token);
  if (!match) return null;
  return { model: match[1] as string, checkpoint: { txid: match[2] as string, seq: match[3] as string } };
}
