// A stand-in Ethereum node for tests (docs/CHAIN.md "Chains"): a second EmbeddedChain (the same pure-JavaScript EVM
// as the embedded chain, blocks kept in memory) served over HTTP JSON-RPC, so a configured chain such as
// ethereum-rinkeby (LL_CHAIN_ETHEREUM_RINKEBY_RPC_URL and _KEY) is reached through the server's ordinary RPC client,
// exactly as a real node would be. The operator's address (from the key it returns) is funded at genesis.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hexlify, randomBytes, Wallet } from "ethers";
import { type BlockStore, EmbeddedChain, type StoredBlock } from "../../sync/chain/embedded.ts";
import { answerRpc } from "../../sync/chain/provider.ts";

export interface EvmNode {
  /** The JSON-RPC URL (LL_CHAIN_<CHAIN>_RPC_URL). */
  url: string;
  /** The operator's signing key (LL_CHAIN_<CHAIN>_KEY), funded at genesis. */
  key: string;
  chain: EmbeddedChain;
  /** JSON-RPC methods received, in order (tests check the server went through RPC). */
  methods: string[];
  /** The environment that configures `chain` (e.g. "ethereum-rinkeby") to use this node. */
  env(chain: string): Record<string, string>;
  close(): Promise<void>;
}

function memoryStore(): BlockStore {
  const blocks: StoredBlock[] = [];
  return {
    loadBlocks: async () => [...blocks],
    saveBlock: async (block) => {
      blocks.push({ number: block.number, rlp: block.rlp });
    },
  };
}

export async function startEvmNode(): Promise<EvmNode> {
  const key = hexlify(randomBytes(32));
  const chain = await EmbeddedChain.open(memoryStore(), new Wallet(key).address);
  const methods: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }));
      return;
    }
    const answer = async (item: Record<string, unknown>) => {
      if (typeof item.method === "string") methods.push(item.method);
      return answerRpc(chain, item);
    };
    const result = Array.isArray(body)
      ? await Promise.all(body.map((item) => answer(item as Record<string, unknown>)))
      : await answer((body ?? {}) as Record<string, unknown>);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    key,
    chain,
    methods,
    env(name) {
      const prefix = `LL_CHAIN_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
      return { [`${prefix}_RPC_URL`]: url, [`${prefix}_KEY`]: key };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await chain.settle().catch(() => {});
    },
  };
}
