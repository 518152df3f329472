// The chain routes (docs/CHAIN.md): GET /api/v2/chains (the chains offered, with availability) and
// POST /api/v2/chain/ethereum-ledgerline (the embedded chain's JSON-RPC: an issuer's owners and admins about their own
// tokens, the platform admin the chain-level methods; rpc-access.ts).
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import { sendJson } from "../http/respond.ts";
import type { Route } from "../http/routes.ts";
import { type ChainConnection, EMBEDDED_CHAIN } from "./chains.ts";
import type { ChainBackend } from "./provider.ts";

export const CHAINS_PATH = "/api/v2/chains";
export const CHAIN_RPC_PREFIX = "/api/v2/chain/";
/** The most calls one JSON-RPC batch may hold; a larger batch is refused whole. */
export const RPC_BATCH_LIMIT = 100;

export function chainRoutes(options: {
  db: Database;
  connections: ChainConnection[];
  backend(chain: string): Promise<ChainBackend>;
}): Route[] {
  const { db, connections, backend } = options;
  return [
    {
      method: "GET",
      answersOtherMethods: true,
      path: CHAINS_PATH,
      access: "session",
      doc: "The chains offered, with availability and the reason a chain is disabled (docs/CHAIN.md)",
      handle: (_req, res) =>
        sendJson(
          res,
          200,
          connections.map(({ chain, enabled, reason }) => ({
            chain,
            symbol: chain.startsWith("tezos") ? "XTZ" : "ETH",
            enabled,
            reason,
          })),
        ),
    },
    {
      method: "POST",
      answersOtherMethods: true,
      path: `${CHAIN_RPC_PREFIX}*`,
      access: "session",
      doc: "The embedded chain's JSON-RPC (`ethereum-ledgerline` only, batches of at most 100; rpc-access.ts decides who may call what)",
      async handle(req, res, { path, session }) {
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
        const reader = chainFor(embedded, await rpcReader(db, chain, session as SessionClaims));
        if (Array.isArray(body)) {
          const answers = [];
          for (const item of body) answers.push(await answerRpc(reader, item as Record<string, unknown>));
          return sendJson(res, 200, answers);
        }
        return sendJson(res, 200, await answerRpc(reader, (body ?? {}) as Record<string, unknown>));
      },
    },
  ];
}
