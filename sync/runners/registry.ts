// Starts every background runner of the server the same way: each is led by the one process that holds its advisory
// lock (sync/db/runner-locks.ts), woken by its channel on the LISTEN connection (subscribed again after a lost
// connection, sync/db/subscriptions.ts) and by its timer; a process that takes a lock over (its holder died) runs that
// runner's takeOver and then its backlog at once.
import type { GrafastSubscriber } from "grafast";
import type { RunnerLocks, RunnerName } from "../db/runner-locks.ts";
import { resilientSubscription } from "../db/subscriptions.ts";
import { logEvent } from "../log.ts";
import { type Runner, type RunningRunner, startRunner } from "./runner.ts";

export interface Runners {
  /** A pass of the named runner (the test hooks: payments.runDue(), mail.deliverQueued(), ...). */
  run(name: RunnerName): Promise<number>;
  /** Stops every runner (each finishes the pass under way); the locks are released with the database. */
  close(): Promise<void>;
}

/** The channels the runners listen on (readiness checks that each is listened to). */
export function runnerChannels(runners: readonly Runner[]): string[] {
  return runners.flatMap((runner) => (runner.channel ? [runner.channel] : []));
}

export async function startRunners(
  runners: readonly Runner[],
  options: {
    locks: RunnerLocks;
    subscriber: GrafastSubscriber | null | undefined;
    /** Log which runners this process leads at start (several processes: PostgreSQL). */
    announce: boolean;
  },
): Promise<Runners> {
  const { locks } = options;
  const running = new Map<RunnerName, RunningRunner>();
  const report = (error: unknown) => console.error("runner takeover:", error);
  // the first try of each lock only records the lead; later tries (another process died) take the runner over
  await Promise.all(
    runners.map((runner) =>
      locks.lead(runner.name, () => {
        logEvent("info", "runner lock taken over", { runner: runner.name });
        void running.get(runner.name)?.lead().catch(report);
      }),
    ),
  );
  if (options.announce)
    logEvent("info", "background runners", {
      leads: runners.map((runner) => runner.name).filter((name) => locks.holds(name)),
    });
  for (const runner of runners) {
    running.set(
      runner.name,
      startRunner(runner, {
        leads: () => locks.holds(runner.name),
        notifications: runner.channel ? resilientSubscription(options.subscriber, runner.channel) : null,
      }),
    );
  }
  return {
    run(name) {
      const runner = running.get(name);
      if (!runner) throw new Error(`no runner ${name}`);
      return runner.run();
    },
    async close() {
      await Promise.all([...running.values()].map((runner) => runner.close()));
    },
  };
}
