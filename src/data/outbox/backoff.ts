// The outbox sender's retry delays: exponential backoff with jitter. The n-th consecutive failure waits
// initialMs * 2^n, at most maxMs, times a random factor in [0.5, 1) so that many devices coming back at once do
// not retry in step. A success (or the network coming back) resets the count.

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export interface Backoff {
  /** The delay before the next retry; counts one more failure. */
  next(): number;
  /** Forgets the failures: the next delay starts from initialMs again. */
  reset(): void;
  /** consecutive failures so far */
  readonly failures: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000 };

export function createBackoff(options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): Backoff {
  let failures = 0;
  return {
    next() {
      const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(failures, 20));
      failures++;
      return Math.round(base * (0.5 + random() / 2));
    },
    reset() {
      failures = 0;
    },
    get failures() {
      return failures;
    },
  };
}
