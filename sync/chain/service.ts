// The server's chain service (docs/CHAIN.md): which chains are available (written to app_private.chain_settings at
// start, so the token commands refuse a disabled chain with its reason), the job runner woken by
// NOTIFY chain_jobs, and the HTTP side: GET /api/v2/chains (the chains offered, with availability) and
// POST /api/v2/chain/ethereum-ledgerline (the embedded chain's JSON-RPC: an issuer's owners and admins about their
// own tokens, the platform admin the chain-level methods; rpc-access.ts).
// Cheap at start: two small queries; the embedded chain (and ethers, @ethereumjs) load on first use only.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import { sendJson } from "../http/respond.ts";
import { type ChainConnection, chainConnections, EMBEDDED_CHAIN } from "./chains.ts";
import type { JobRunner } from "./jobs.ts";
import type { ChainBackend } from "./provider.ts";

export const CHAINS_PATH = "/api/v2/chains";
export const CHAIN_RPC_PREFIX = "/api/v2/chain/";
/** The most calls one JSON-RPC batch may hold; a larger batch is refused whole. */
export const RPC_BATCH_LIMIT = 100;

export interface ChainServiceOptions {
  db: Database;
  env?: NodeJS.ProcessEnv;
  notifications?: AsyncIterableIterator<unknown> | null;
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
  isPath(path: string): boolean;
  /** `session`: the request's session, or null when not signed in. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, session: SessionClaims | null): Promise<void>;
  /**
   * This process now runs the chain jobs another process ran until it died (sync/db/runner-locks.ts): the chains it
   * opened before may lack that process's blocks, so each is opened again (the embedded chain replays the stored
   * blocks) before the open jobs run.
   */
  takeOver(): Promise<void>;
  close(): Promise<void>;
}

export async function startChainService(options: ChainServiceOptions): Promise<ChainService> {
  const { db } = options;
  const connections = chainConnections(options.env);
  // the operator's part (what to set) goes to the log and docs/CHAIN.md; issuers read the reason's sentence
  for (const connection of connections)
    if (connection.setup) console.warn(`chain ${connection.chain} is not available: ${connection.setup}`);
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
  const report = (error: unknown) => console.error("chain service:", error);

  // Jobs left open by the last run resume now; new ones arrive by NOTIFY chain_jobs.
  const open = await db.query<{ chain: string }>(
    "select distinct chain from app_private.chain_jobs where status in ('queued', 'signed')",
  );
  if (open.rows.length > 0) runner().then((r) => r.kickAll(), report);
  const notifications = options.notifications ?? null;
  if (notifications) {
    (async () => {
      for await (const event of notifications) {
        if (closed) break;
        const chain = typeof event === "string" ? event : null;
        const r = await runner();
        if (chain) r.kick(chain);
        else await r.kickAll();
      }
    })().catch(report);
  }

  return {
    connections,
    backend,
    runner,
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
    isPath: (path) => path === CHAINS_PATH || path.startsWith(CHAIN_RPC_PREFIX),
    async handle(req, res, path, session) {
      if (!session)
        return sendJson(res, 401, { errors: [{ message: "Not signed in", extensions: { code: "LL401" } }] });
      if (path === CHAINS_PATH) {
        return sendJson(
          res,
          200,
          connections.map(({ chain, enabled, reason }) => ({
            chain,
            symbol: chain.startsWith("tezos") ? "XTZ" : "ETH",
            enabled,
            reason,
          })),
        );
      }
      const chain = decodeURIComponent(path.slice(CHAIN_RPC_PREFIX.length));
      const connection = connections.find((c) => c.chain === chain);
      if (chain !== EMBEDDED_CHAIN || !connection || connection.rpcUrl)
        return sendJson(res, 404, { errors: [{ message: "No embedded chain here", extensions: { code: "LL404" } }] });
      if (req.method !== "POST")
        return sendJson(res, 405, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "POST only" } });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > 1_000_000)
          return sendJson(res, 413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "too large" } });
        chunks.push(chunk);
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return sendJson(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
      }
      const [{ answerRpc }, { chainFor, rpcReader }] = await Promise.all([
        import("./provider.ts"),
        import("./rpc-access.ts"),
      ]);
      const { embedded } = await backend(chain);
      if (!embedded) return sendJson(res, 404, { errors: [{ message: "No embedded chain here" }] });
      if (Array.isArray(body)) {
        if (body.length === 0)
          return sendJson(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "empty batch" } });
        if (body.length > RPC_BATCH_LIMIT) {
          // refused whole, nothing run: each call gets the error with its id (geth answers "batch too large" too)
          const message = `batch too large: at most ${RPC_BATCH_LIMIT} calls per batch, this one has ${body.length}; none was run`;
          return sendJson(
            res,
            200,
            body.map((item) => ({
              jsonrpc: "2.0",
              id: (item as { id?: unknown } | null)?.id ?? null,
              error: { code: -32600, message },
            })),
          );
        }
      }
      // what this session may see of the chain, looked up once per request
      const reader = chainFor(embedded, await rpcReader(db, chain, session));
      if (Array.isArray(body)) {
        const answers = [];
        for (const item of body) answers.push(await answerRpc(reader, item as Record<string, unknown>));
        return sendJson(res, 200, answers);
      }
      return sendJson(res, 200, await answerRpc(reader, (body ?? {}) as Record<string, unknown>));
    },
    async takeOver() {
      const stale = [...backends.values()];
      backends.clear();
      for (const opening of stale) (await opening.catch(() => null))?.close();
      await (await runner()).kickAll();
    },
    async close() {
      closed = true;
      await notifications?.return?.();
      if (runnerPromise) await (await runnerPromise).stop();
      for (const opening of backends.values()) {
        const b = await opening.catch(() => null);
        if (b?.embedded) await b.embedded.settle().catch(() => {});
        b?.close();
      }
    },
  };
}
