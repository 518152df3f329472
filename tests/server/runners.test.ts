// The one way background work runs (sync/runners/runner.ts), without a database: one pass at a time, a wake-up
// during a pass makes exactly one more pass after it, steps run while the runner leads and says `more`, a pass
// started by a notification, and close() waits for the pass under way and closes the runner.
import { describe, expect, it } from "vitest";
import { IDLE, type Runner, type StepResult, startRunner } from "../../sync/runners/runner.ts";

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function runner(step: Runner["step"], extra: Partial<Runner> = {}): Runner {
  return { name: "mail", channel: null, intervalMs: 0, runAtStart: false, step, ...extra };
}

describe("startRunner", () => {
  it("runs steps until one says no more, and adds up what they did", async () => {
    const results: StepResult[] = [{ done: 2, more: true }, { done: 0, more: true }, { done: 3, more: true }, IDLE];
    let steps = 0;
    const running = startRunner(runner(async () => results[steps++] ?? IDLE));
    expect(await running.run()).toBe(5);
    expect(steps).toBe(4);
    await running.close();
  });

  it("runs one pass at a time: wake-ups during a pass make one more pass after it", async () => {
    const first = gate();
    let active = 0;
    let most = 0;
    let passes = 0;
    const running = startRunner(
      runner(async () => {
        active += 1;
        most = Math.max(most, active);
        passes += 1;
        if (passes === 1) await first.opened;
        active -= 1;
        return { done: 1, more: false };
      }),
    );
    const a = running.run();
    const b = running.run();
    const c = running.run();
    first.open();
    expect(await Promise.all([a, b, c])).toEqual([2, 2, 2]);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    await running.close();
  });

  it("takes no step while another process leads", async () => {
    let leads = false;
    let steps = 0;
    const running = startRunner(
      runner(async () => {
        steps += 1;
        return IDLE;
      }),
      { leads: () => leads },
    );
    expect(await running.run()).toBe(0);
    expect(steps).toBe(0);
    leads = true;
    await running.run();
    expect(steps).toBe(1);
    await running.close();
  });

  it("runs when notified and on takeover (after its takeOver), and close waits for the pass and closes the runner", async () => {
    const events: string[] = [];
    // one notification, then none until the runner ends the subscription (as resilientSubscription does)
    let ended: (value: IteratorResult<unknown>) => void = () => {};
    let sent = false;
    const notifications: AsyncIterableIterator<unknown> = {
      [Symbol.asyncIterator]() {
        return this;
      },
      next: () => {
        if (sent)
          return new Promise<IteratorResult<unknown>>((resolve) => {
            ended = resolve;
          });
        sent = true;
        return Promise.resolve({ value: true, done: false });
      },
      return: async () => {
        ended({ value: undefined, done: true });
        return { value: undefined, done: true };
      },
    };
    const pass = gate();
    const running = startRunner(
      runner(
        async ({ stopped }) => {
          events.push(stopped() ? "step (stopped)" : "step");
          pass.open();
          return IDLE;
        },
        {
          takeOver: async () => void events.push("takeOver"),
          close: async () => void events.push("close"),
        },
      ),
      { notifications },
    );
    await pass.opened;
    await running.lead();
    await running.close();
    expect(events).toEqual(["step", "takeOver", "step", "close"]);
  });
});
