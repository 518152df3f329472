// The server's chain service (docs/CHAIN.md): which chains are available (written to app_private.chain_settings at
// start, so the token commands refuse a disabled chain with its reason), the job runner woken by
// NOTIFY chain_jobs (declared here, jobs.ts runs each chain's jobs one step at a time), and its routes (routes.ts).
// Cheap at start: two small queries; the embedded chain (and ethers, @ethereumjs) load on first use only.
import type { Database } from "../db/database.ts";
import type { Route } from "../http/routes.ts";
import { logEvent } from "../log.ts";
import { IDLE, type Runner, startRunner } from "../runners/runner.ts";
import { type ChainConnection, chainConnections } from "./chains.ts";
import type { JobRunner } from "./jobs.ts";
import type { ChainBackend } from "./provider.ts";
import { chainRoutes } from "./routes.ts";

export { CHAIN_RPC_PREFIX, CHAINS_PATH, RPC_BATCH_LIMIT } from "./routes.ts";

export interface ChainServiceOptions {
  db: Database;
  env?: NodeJS.ProcessEnv;
  /** Test hook (jobs.ts RunnerOptions.onSigned): answering "stop" stops the job runner after that step. */
  onSigned?(jobs: number, step: "signed" | "sent"): "stop" | undefined;
  batchSize?: number;
  /** Whether this process runs chain jobs now (sync/db/runner-locks.ts); default always. */
  leads?: () => boolean;
}

export interface ChainService {
  connections: ChainConnection[];
  /** The chain's client (opened on first use; the embedded chain replays its blocks then). */
  backend(chain: string): Promise<ChainBackend>;
  runner(): Promise<JobRunner>;
  /** Resolves once no chain job is in progress. */
  idle(): Promise<void>;
  /** Resolves once every queued or signed job is finished (tests, bench); throws after `timeoutMs`. */
  settle(timeoutMs?: number): Promise<void>;
}

/** The chain service with its runner's declaration and its routes; the server starts the runner with the others. */
export async function prepareChainService(
  options: ChainServiceOptions,
): Promise<ChainService & { jobs: Runner; routes: Route[] }> {
  const { db } = options;
  const connections = chainConnections(options.env);
  // the operator's part (what to set) goes to the log and docs/CHAIN.md; issuers read the reason's sentence. An
  // optional chain left unconnected is the default, not a fault: one information line; one half set up is a warning
  const unset = connections.filter((c) => c.setup && !c.rpcUrl && !c.key);
  if (unset.length > 0)
    logEvent("info", `Optional chains not connected: ${unset.map((c) => `${c.chain} (${c.setup})`).join("; ")}`);
  for (const c of connections)
    if (c.setup && (c.rpcUrl || c.key)) logEvent("warn", `chain ${c.chain} is only half set up: ${c.setup}`);
  await db.query(
    `insert into app_private.chain_settings (chain, enabled, reason)
     select x.chain, x.enabled, x.reason from jsonb_to_recordset($1::jsonb) as x(chain text, enabled boolean, reason text)
     on conflict (chain) do update set enabled = excluded.enabled, reason = excluded.reason, updated_on = now()
       where (app_private.chain_settings.enabled, app_private.chain_settings.reason)
             is distinct from (excluded.enabled, excluded.reason)`,
    [JSON.stringify(connections.map(({ chain, enabled, reason }) => ({ chain, enabled, reason })))],
  );
  // a chain configured at an earlier start and not now is no longer offered: its commands are refused
  await db.query(
    `update app_private.chain_settings set enabled = false,
            reason = upper(left(app_private.chain_label(chain), 1)) || substr(app_private.chain_label(chain), 2) ||
                     ' is no longer available on this server. Ask your platform administrator to connect it.',
            updated_on = now()
      where enabled and chain <> all ($1::text[])`,
    [connections.map((c) => c.chain)],
  );

  const backends = new Map<string, Promise<ChainBackend>>();
  let closed = false;
  const backend = (chain: string): Promise<ChainBackend> => {
    let opening = backends.get(chain);
    if (!opening) {
      const connection = connections.find((c) => c.chain === chain);
      opening = (async () => {
        if (!connection) throw new Error(`unknown chain ${chain}`);
        if (connection.kind === "tezos") {
          // a Tezos chain's client (sync/chain/tezos.ts); the job runner hands its jobs to tezos.ts
          const { openTezos } = await import("./tezos.ts");
          return (await openTezos(connection)) as unknown as ChainBackend;
        }
        const { openBackend } = await import("./provider.ts");
        return openBackend(db, connection);
      })();
      opening.catch(() => backends.delete(chain));
      backends.set(chain, opening);
    }
    return opening;
  };

  let runnerPromise: Promise<JobRunner> | null = null;
  const runner = (): Promise<JobRunner> => {
    runnerPromise ??= import("./jobs.ts").then(
      ({ JobRunner }) =>
        new JobRunner({
          db,
          backend,
          onSigned: options.onSigned,
          batchSize: options.batchSize,
          leads: options.leads,
        }),
    );
    return runnerPromise;
  };

  const openChains = async () =>
    (
      await db.query<{ chain: string }>(
        "select distinct chain from app_private.chain_jobs where status in ('queued', 'signed')",
      )
    ).rows.map((row) => row.chain);

  // Each wake-up starts every chain that has open jobs; jobs.ts runs one chain's jobs one step at a time, and the
  // chains beside each other. The embedded chain (and ethers) load only once there is a job.
  const jobs: Runner = {
    name: "chain",
    channel: "chain_jobs",
    intervalMs: 60_000,
    runAtStart: true,
    async step() {
      if (closed) return IDLE;
      const open = await openChains();
      if (open.length > 0 || runnerPromise) {
        const r = await runner();
        for (const chain of open) r.kick(chain);
      }
      return IDLE;
    },
    // This process now runs the chain jobs another process ran until it died: the chains it opened before may lack
    // that process's blocks, so each is opened again (the embedded chain replays the stored blocks) first.
    async takeOver() {
      const stale = [...backends.values()];
      backends.clear();
      for (const opening of stale) (await opening.catch(() => null))?.close();
    },
    async close() {
      closed = true;
      if (runnerPromise) await (await runnerPromise).stop();
      for (const opening of backends.values()) {
        const b = await opening.catch(() => null);
        if (b?.embedded) await b.embedded.settle().catch(() => {});
        b?.close();
      }
    },
  };

  return {
    connections,
    backend,
    runner,
    jobs,
    routes: chainRoutes({ db, connections, backend }),
    async idle() {
      if (runnerPromise) await (await runnerPromise).idle();
    },
    async settle(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const r = await runner();
        await r.idle();
        const { rows } = await db.query<{ open: number }>(
          "select count(*)::int as open from app_private.chain_jobs where status in ('queued', 'signed')",
        );
        if ((rows[0]?.open ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`chain jobs still open after ${timeoutMs} ms`);
        await r.kickAll();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The chain service and its runner on their own (tests). */
export async function startChainService(
  options: ChainServiceOptions,
): Promise<ChainService & { close(): Promise<void> }> {
  const service = await prepareChainService(options);
  const running = startRunner(service.jobs, { leads: options.leads });
  return { ...service, close: running.close };
}
