// A LISTEN topic that survives the loss of the LISTEN connection. PostGraphile's PgSubscriber ends every
// subscription with an error when its connection drops (a database restart, a failover, a terminated backend) and
// listens again only for new subscriptions; a background runner that subscribed once at start would then hear
// nothing more. This subscribes again after `retryMs` (which reconnects the LISTEN connection) and then yields
// RESUBSCRIBED once, since a notification may have been sent while nobody listened: the runner looks for work.
import type { GrafastSubscriber } from "grafast";

/** The event yielded after a re-subscription (no payload: look for any work that may have been notified meanwhile). */
export const RESUBSCRIBED: unique symbol = Symbol("resubscribed");

export function resilientSubscription(
  subscriber: GrafastSubscriber | null | undefined,
  topic: string,
  options: { retryMs?: number } = {},
): AsyncIterableIterator<unknown> | null {
  if (!subscriber) return null;
  const retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let current: AsyncIterator<unknown> | null = null;
  let wake: (() => void) | null = null;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function* events(): AsyncGenerator<unknown> {
    let first = true;
    while (!stopped) {
      try {
        const iterator = (await subscriber?.subscribe(topic)) as AsyncIterableIterator<unknown>;
        current = iterator;
        if (stopped) {
          await iterator.return?.();
          return;
        }
        if (!first) yield RESUBSCRIBED;
        first = false;
        for await (const event of iterator) yield event;
      } catch (error) {
        if (!stopped) console.error(`LISTEN ${topic} lost, listening again:`, (error as Error).message ?? error);
      }
      current = null;
      if (!stopped) await pause();
    }
  }

  const generator = events();
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => generator.next(),
    async return(value?: unknown) {
      stopped = true;
      wake?.();
      // ends the inner subscription, so a pending next() resolves and the generator can finish
      await current?.return?.();
      return generator.return(value);
    },
    async throw(error?: unknown) {
      stopped = true;
      wake?.();
      await current?.return?.();
      return generator.throw(error);
    },
  };
}
