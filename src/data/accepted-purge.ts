// When accepted commands leave the outbox (docs/REPLICATION.md "Commands"): an accepted command stays (its effect
// overlaid on the replicas, pending.ts) until a pull that started after the server's answer has ended, since only then
// do the replicas surely show it. The server's answer asks for that pull at once; each pull that ends purges what it
// covers (a purge asked for while one runs runs again after it). Should accepted commands still wait a while later (the
// pull was lost to a failure and RxDB's own retry, or the stream carried the change and nothing pulled), a pull is
// asked for again, at growing intervals, until none waits.
import { singleFlight } from "./single-flight.ts";

/** An accepted command still waiting this long after the pull its answer asked for asks for another one. */
export const ACCEPTED_RECHECK_MS = 4_000;
const ACCEPTED_RECHECK_MAX_MS = 60_000;

export interface AcceptedPurgeOptions {
  /** the time (ISO) since which every replica is fresh, null until each has one */
  freshSince(): string | null;
  /** removes the accepted commands answered before the time (all of them with null) */
  purge(answeredBefore: string): Promise<unknown>;
  /** whether accepted commands wait in the outbox */
  hasAccepted(): Promise<boolean>;
  /** pulls every collection again */
  reSync(): void;
  recheckMs?: number;
}

export interface AcceptedPurge {
  /** a pull cycle ended: purge what it covers */
  pulled(): Promise<void>;
  /** the server accepted commands: pull now, and look again later */
  accepted(): void;
  stop(): void;
}

export function createAcceptedPurge(options: AcceptedPurgeOptions): AcceptedPurge {
  const firstRecheck = options.recheckMs ?? ACCEPTED_RECHECK_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let recheck = firstRecheck;
  let stopped = false;

  async function purgeOnce(): Promise<void> {
    const freshSince = options.freshSince();
    if (freshSince === null) return;
    try {
      await options.purge(freshSince);
    } catch {
      // the next pull tries again
    }
  }

  const pulled = singleFlight(purgeOnce, { stopped: () => stopped });

  function schedule(): void {
    if (timer) clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = null;
      let waiting = false;
      try {
        waiting = await options.hasAccepted();
      } catch {
        waiting = true;
      }
      if (!waiting || stopped) return;
      options.reSync();
      recheck = Math.min(recheck * 2, ACCEPTED_RECHECK_MAX_MS);
      schedule();
    }, recheck);
  }

  return {
    pulled,
    accepted() {
      options.reSync();
      recheck = firstRecheck;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
