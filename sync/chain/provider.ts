// One client path for every EVM chain (docs/CHAIN.md): an ethers 6 provider and the operator's wallet, over the
// embedded chain (in-process JSON-RPC, no HTTP) or over a configured node's RPC URL. The job runner and the tests use
// only what a JSON-RPC node answers, so the same code deploys and mints on either.
import {
  hexlify,
  JsonRpcApiProvider,
  type JsonRpcPayload,
  JsonRpcProvider,
  type JsonRpcResult,
  Network,
  randomBytes,
  Wallet,
} from "ethers";
import type { Database } from "../db/database.ts";
import type { ChainConnection } from "./chains.ts";
import { EmbeddedChain, RpcError } from "./embedded.ts";
import { blockStore, operatorKey } from "./store.ts";

/** An EIP-1193 provider: `request({method, params})`, as wallets and viem/ethers BrowserProvider expect. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function eip1193(chain: EmbeddedChain): Eip1193Provider {
  return { request: ({ method, params }) => chain.request(method, params ?? []) };
}

/**
 * A JSON-RPC request answered by the embedded chain (the ethers provider and the HTTP endpoint share it; the endpoint
 * passes the chain as its caller may see it, rpc-access.ts).
 */
export async function answerRpc(
  chain: Pick<EmbeddedChain, "request">,
  payload: { id?: unknown; method?: unknown; params?: unknown },
): Promise<Record<string, unknown>> {
  const id = payload.id ?? null;
  if (typeof payload.method !== "string")
    return { jsonrpc: "2.0", id, error: { code: -32600, message: "invalid request" } };
  try {
    const params = Array.isArray(payload.params) ? payload.params : [];
    return { jsonrpc: "2.0", id, result: await chain.request(payload.method, params) };
  } catch (error) {
    const e = error as RpcError;
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: e instanceof RpcError ? e.code : -32603,
        message: e.message,
        ...(e instanceof RpcError && e.data ? { data: e.data } : {}),
      },
    };
  }
}

class EmbeddedProvider extends JsonRpcApiProvider {
  readonly #chain: EmbeddedChain;
  constructor(chain: EmbeddedChain) {
    const network = new Network("ethereum-ledgerline", chain.chainId);
    super(network, { staticNetwork: network, batchMaxCount: 1, pollingInterval: 50, cacheTimeout: -1 });
    this.#chain = chain;
  }
  async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const list = Array.isArray(payload) ? payload : [payload];
    return (await Promise.all(list.map((p) => answerRpc(this.#chain, p)))) as unknown as JsonRpcResult[];
  }
}

export interface ChainBackend {
  chain: string;
  provider: JsonRpcApiProvider;
  operator: Wallet;
  /** The in-process chain when this is the embedded one. */
  embedded: EmbeddedChain | null;
  close(): void;
}

export async function openBackend(db: Database, connection: ChainConnection): Promise<ChainBackend> {
  if (connection.kind !== "evm" || !connection.enabled)
    throw new Error(connection.reason ?? `${connection.chain} is not available`);
  const key = connection.key ?? (await operatorKey(db, connection.chain, () => hexlify(randomBytes(32))));
  if (connection.rpcUrl) {
    const provider = new JsonRpcProvider(connection.rpcUrl, undefined, { pollingInterval: 1000 });
    return {
      chain: connection.chain,
      provider,
      operator: new Wallet(key, provider),
      embedded: null,
      close: () => provider.destroy(),
    };
  }
  const address = new Wallet(key).address;
  const embedded = await EmbeddedChain.open(blockStore(db, connection.chain), address);
  const provider = new EmbeddedProvider(embedded);
  return {
    chain: connection.chain,
    provider,
    operator: new Wallet(key, provider),
    embedded,
    close: () => provider.destroy(),
  };
}
