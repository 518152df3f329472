// How fresh the replicas are (Replication.freshSince, docs/REPLICATION.md "Commands"): a fetch sent at time T that
// reached the end of the server's log means the replica, once its pull cycle ends without error, holds everything
// committed before T. Per collection: the send time of the latest fetch that reached the end (waiting for its cycle
// to end), whether the collection's last pull failed, and the send time that counts once a cycle ended cleanly.
import type { ReadModelName } from "../models/index.ts";

export interface Freshness {
  /** A fetch of `model` sent at `sentOn` (ISO) reached the end of the server's log. */
  reachedEnd(model: ReadModelName, sentOn: string): void;
  /** A pull of `model` failed: its cycle counts for nothing until it is pulled again. */
  failed(model: ReadModelName): void;
  /** `model` is pulled again (a reSync) or its first pull ended: its failure is over. */
  cleared(model: ReadModelName): void;
  /** A pull cycle of `model` ended: a fetch of it that reached the end now counts, unless the cycle failed. */
  cycleEnded(model: ReadModelName): void;
  /** No collection's last pull failed. */
  clean(): boolean;
  /** The earliest, over the collections, of the time each is fresh since; null until every one has one. */
  freshSince(): string | null;
}

export function createFreshness(models: readonly ReadModelName[]): Freshness {
  const failing = new Set<ReadModelName>();
  const reachedEndOn = new Map<ReadModelName, string>();
  const freshOn = new Map<ReadModelName, string>();
  return {
    reachedEnd(model, sentOn) {
      reachedEndOn.set(model, sentOn);
    },
    failed(model) {
      failing.add(model);
    },
    cleared(model) {
      failing.delete(model);
    },
    cycleEnded(model) {
      const reached = reachedEndOn.get(model);
      if (reached && !failing.has(model)) {
        freshOn.set(model, reached);
        reachedEndOn.delete(model);
      }
    },
    clean() {
      return failing.size === 0;
    },
    freshSince() {
      let earliest: string | null = null;
      for (const model of models) {
        const on = freshOn.get(model);
        if (!on) return null;
        if (earliest === null || on < earliest) earliest = on;
      }
      return earliest;
    },
  };
}
