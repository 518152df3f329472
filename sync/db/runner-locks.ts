// Background work runs in exactly one server process at a time. Each runner (mail delivery, chain jobs, payment
// jobs, change-log compaction, signing jobs, webhook deliveries; declared in sync/runners/, started by sync/runners/registry.ts) has a
// PostgreSQL session-level advisory lock; the process that holds it is the
// runner's leader and keeps it for as long as it lives. The locks are taken on one dedicated connection per process
// (DATABASE_DIRECT_URL, never through a transaction-mode pooler, which would hand the session to another client), so
// when the leader dies, even by SIGKILL, PostgreSQL ends its session and releases its locks; every other process tries
// the locks it does not hold every `retryMs` and the first to get one runs that runner's backlog at once (onLead).
// On the embedded database there is one process: every lock is held from the start.
import pg from "pg";

/** The lock keys: pg_try_advisory_lock(LOCK_CLASS, runner number). LOCK_CLASS is any fixed number of this product. */
const LOCK_CLASS = 7_231_002;
export const RUNNERS = { mail: 1, chain: 2, payments: 3, compaction: 4, signing: 5, webhooks: 6 } as const;
export type RunnerName = keyof typeof RUNNERS;

export interface RunnerLocks {
  /** Whether this process leads the runner now (synchronous: runners check it before each step). */
  holds(name: RunnerName): boolean;
  /**
   * Registers a runner: tries its lock now (resolves after that first try) and then every retryMs while another
   * process holds it; `onLead` runs whenever this process becomes its leader.
   */
  lead(name: RunnerName, onLead: () => void): Promise<boolean>;
  /** Releases every lock (shutdown: another process takes over at its next try). */
  close(): Promise<void>;
}

/** The embedded database: one process, every runner led from the start. */
export function singleProcessLocks(): RunnerLocks {
  return {
    holds: () => true,
    lead: async () => true,
    close: async () => {},
  };
}

export function advisoryRunnerLocks(options: {
  connectionString: string;
  applicationName: string;
  retryMs?: number;
  onError?: (error: unknown) => void;
}): RunnerLocks {
  const retryMs = options.retryMs ?? 2_000;
  const report = options.onError ?? ((error: unknown) => console.error("runner locks:", error));
  const held = new Set<RunnerName>();
  const wanted = new Map<RunnerName, () => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();

  const lost = () => {
    // the session is gone, and with it every lock this process held: another process may lead now
    held.clear();
    client = null;
  };

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.connectionString,
        application_name: options.applicationName,
      });
      next.on("error", (error) => {
        report(error);
        if (client === next) lost();
      });
      next.on("end", () => {
        if (client === next) lost();
      });
      try {
        await next.connect();
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  // One statement at a time on the connection, in order.
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  const tryLock = (name: RunnerName): Promise<boolean> =>
    serial(async () => {
      if (closed) return false;
      if (held.has(name)) return true;
      const c = await connection();
      const { rows } = await c.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [
        LOCK_CLASS,
        RUNNERS[name],
      ]);
      if (!rows[0]?.ok) return false;
      held.add(name);
      return true;
    });

  const attempt = async (name: RunnerName) => {
    const onLead = wanted.get(name);
    if (!onLead || held.has(name)) return held.has(name);
    const got = await tryLock(name);
    if (got) onLead();
    return got;
  };

  const timer = setInterval(() => {
    for (const name of wanted.keys()) if (!held.has(name)) attempt(name).catch(report);
  }, retryMs);
  timer.unref();

  return {
    holds: (name) => held.has(name),
    async lead(name, onLead) {
      wanted.set(name, onLead);
      try {
        // the first try only records the lead: the runner starts its own work when it starts
        return await tryLock(name);
      } catch (error) {
        report(error);
        return false;
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      wanted.clear();
      await chain.catch(() => {});
      const c = client;
      lost();
      // ending the session releases every advisory lock it holds
      await c?.end().catch(() => {});
    },
  };
}
