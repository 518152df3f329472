// One way to run background work. A service declares its runner once (Runner: its name, which is also its lock, the
// channels that wake it, its slow timer and one step) and startRunner does the rest the same way for every runner:
// the timer, the LISTEN loop, the leadership check before each step, and serialisation: one pass at a time, and a
// wake-up during a pass (a notification, the timer, a test's run()) makes one more pass after it rather than a second
// pass beside it. registry.ts starts every runner of the server with its advisory lock (sync/db/runner-locks.ts).
import type { RunnerName } from "../db/runner-locks.ts";

/** What one step did: `done` items finished (what run() adds up), `more` true while a next step may find work. */
export interface StepResult {
  done: number;
  more: boolean;
}

export const IDLE: StepResult = { done: 0, more: false };

export interface StepContext {
  /** True once the runner is closing: a step hands back work it has claimed and not started. */
  stopped(): boolean;
}

/** A background runner, declared once by its service (sync/<service>/jobs.ts). */
export interface Runner {
  /** The runner's name and advisory lock (sync/db/runner-locks.ts RUNNERS). */
  name: RunnerName;
  /** The NOTIFY channel that wakes it (on the embedded database and on PostgreSQL alike); null: the timer only. */
  channel: string | null;
  /** The slow timer that covers a lost notification or work that becomes due later (ms; 0: none). */
  intervalMs: number;
  /** Whether a pass runs as soon as the runner starts (work queued while no server ran). */
  runAtStart: boolean;
  /** One batch of work. A pass runs steps while this process leads and the last step says `more`. */
  step(context: StepContext): Promise<StepResult>;
  /** When this process takes the runner over from one that died, before its backlog runs (default: nothing). */
  takeOver?(): Promise<void>;
  /** After the last pass ended at close (the runner's own resources). */
  close?(): Promise<void>;
}

export interface RunnerOptions {
  /** Whether this process leads the runner now (holds its lock); default always. */
  leads?: () => boolean;
  /** The runner's wake-ups: NOTIFY events of its channel (sync/db/subscriptions.ts). */
  notifications?: AsyncIterableIterator<unknown> | null;
  /** Replaces the runner's intervalMs (tests: 0). */
  intervalMs?: number;
}

export interface RunningRunner {
  readonly name: RunnerName;
  /** A pass that starts after this call; resolves with what its steps did (tests, takeover, callbacks). */
  run(): Promise<number>;
  /** This process became the leader: the runner's takeOver, then a pass. */
  lead(): Promise<number>;
  /** Stops the timer and the wake-ups, waits for the pass under way, then closes the runner. */
  close(): Promise<void>;
}

export function startRunner(runner: Runner, options: RunnerOptions = {}): RunningRunner {
  const leads = options.leads ?? (() => true);
  const report = (error: unknown) => {
    if (!stopped) console.error(`${runner.name} runner:`, error);
  };
  const context: StepContext = { stopped: () => stopped };
  let stopped = false;
  let again = false;
  // whether a pass is under way (set and cleared inside it, so a pass that ends at once leaves it false)
  let passing = false;
  let pass: Promise<number> = Promise.resolve(0);

  async function steps(): Promise<number> {
    let done = 0;
    passing = true;
    try {
      do {
        again = false;
        // checked before every step: a process that loses the lock stops after the work in hand
        while (!stopped && leads()) {
          const result = await runner.step(context);
          done += result.done;
          if (!result.more) break;
        }
      } while (again && !stopped);
    } finally {
      // in the same turn as the last look at `again`: a run() from now on starts a pass of its own
      passing = false;
    }
    return done;
  }

  function run(): Promise<number> {
    if (passing) {
      again = true;
      return pass;
    }
    pass = steps();
    return pass;
  }

  const intervalMs = options.intervalMs ?? runner.intervalMs;
  const timer = intervalMs > 0 ? setInterval(() => void run().catch(report), intervalMs) : null;
  timer?.unref();
  const notifications = options.notifications ?? null;
  if (notifications) {
    void (async () => {
      for await (const _ of notifications) {
        if (stopped) break;
        void run().catch(report);
      }
    })().catch(report);
  }
  if (runner.runAtStart) void run().catch(report);

  return {
    name: runner.name,
    run,
    async lead() {
      await runner.takeOver?.();
      return run();
    },
    async close() {
      stopped = true;
      if (timer) clearInterval(timer);
      await notifications?.return?.();
      await pass.catch(() => 0);
      await runner.close?.();
    },
  };
}
