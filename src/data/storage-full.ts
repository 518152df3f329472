// Whether a failed write failed because the device's storage is full (the browser's quota for this site is used up).
// IndexedDB aborts the transaction with a QuotaExceededError; Dexie reports it as an AbortError whose message (and
// `inner`) name it; RxDB wraps a storage's error in its own (`parameters.errors`, `parameters.error`); the bootstrap's
// worker sends only the message across. Such a failure is not the network's: retrying at once gives the same answer,
// and the user is told (src/domain/sync-status.ts) until a write succeeds again (space freed: the sync goes on where it
// got to).

const QUOTA = "QuotaExceededError";

export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { name, message, inner, cause, parameters } = error as {
    name?: unknown;
    message?: unknown;
    inner?: unknown;
    cause?: unknown;
    parameters?: { errors?: unknown; error?: unknown };
  };
  if (name === QUOTA || (typeof message === "string" && message.includes(QUOTA))) return true;
  const nested = [inner, cause, parameters?.error, ...(Array.isArray(parameters?.errors) ? parameters.errors : [])];
  return nested.some((next) => isStorageFull(next, depth + 1));
}
