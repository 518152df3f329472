// Test helper of the replication's suites (collection-pull.test.ts, first-load.test.ts): the server's log of a model,
// answering pages after a checkpoint as the pull does.
import type { Checkpoint, Fetched, PageFetcher } from "./page.ts";

export type Doc = { id: string; name: string };

/**
 * A server log of `n` documents; seq = position. `hook` runs before each answer (it may throw or wait); `hooks` run
 * once each, in order, by the next answers (after the request was made, before it is answered). `request` answers a
 * page; `fetchPage` is the same as the pull's page fetcher.
 */
export function serverLog(n: number, hook?: (after: number, call: number) => Promise<void> | void) {
  const docs: Doc[] = Array.from({ length: n }, (_, i) => ({
    id: `d${String(i).padStart(3, "0")}`,
    name: `server ${i}`,
  }));
  const asked: number[] = [];
  const hooks: Array<() => void> = [];
  const request = async (checkpoint: Checkpoint | undefined, limit: number): Promise<Fetched> => {
    const after = Number(checkpoint?.seq ?? 0);
    asked.push(after);
    const call = asked.length;
    await hook?.(after, call);
    hooks.shift()?.();
    const page = docs.slice(after, after + limit);
    return { documents: page, checkpoint: { txid: "1", seq: after + page.length }, sentOn: `sent ${call}` };
  };
  const fetchPage: PageFetcher = (_model, _blank, checkpoint, limit) => request(checkpoint, limit);
  return { docs, asked, hooks, request, fetchPage };
}
