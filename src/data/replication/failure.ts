// Why the latest data could not be fetched, in the words the sync status shows people (issue 37 finding 1): RxDB
// wraps a failed pull in RC_PULL with the cause in `parameters.errors` (an Error, a plain serialized error or a
// list of them); its message names RxDB, its stack and the checkpoint, none of which is for the person reading.
import { isNetworkFailure } from "../connectivity.ts";
import { isStorageFull } from "../storage-full.ts";

export const SYNC_FAILURE_TEXT = {
  unreachable: "the server could not be reached",
  storageFull: "this device's storage is full",
  refused: "the server refused the request; signing in again may help",
  serverError: "the server could not answer",
} as const;

/** The causes RxDB carries, outermost first. */
function causes(error: unknown, depth = 0): unknown[] {
  if (depth > 4 || error === null || typeof error !== "object") return [error];
  const inner = (error as { parameters?: { errors?: unknown } }).parameters?.errors;
  const list = Array.isArray(inner) ? inner : inner === undefined ? [] : [inner];
  return [error, ...list.flatMap((cause) => causes(cause, depth + 1))];
}

function looksUnreachable(cause: unknown): boolean {
  if (isNetworkFailure(cause)) return true;
  const { name, message } = (cause ?? {}) as { name?: unknown; message?: unknown };
  return (
    name === "TypeError" || (typeof message === "string" && /failed to fetch|network ?error|load failed/i.test(message))
  );
}

function looksRefused(cause: unknown): boolean {
  const { status, code } = (cause ?? {}) as { status?: unknown; code?: unknown };
  return status === 401 || status === 403 || code === "LL401" || code === "LL403";
}

/** A sentence fragment that says why a pull failed, never RxDB's message. */
export function describeSyncFailure(error: unknown): string {
  const all = causes(error);
  if (all.some((cause) => isStorageFull(cause))) return SYNC_FAILURE_TEXT.storageFull;
  // the outermost is RxDB's own error, whose message repeats its causes' as JSON: only the causes are read
  if (all.slice(1).some(looksUnreachable) || isNetworkFailure(error)) return SYNC_FAILURE_TEXT.unreachable;
  if (all.some(looksRefused)) return SYNC_FAILURE_TEXT.refused;
  return SYNC_FAILURE_TEXT.serverError;
}
