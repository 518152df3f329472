// The chains a token may live on (spec part 2 constants; docs/CHAIN.md, README "Chains") and how the server reaches
// each: `ethereum-ledgerline` is the embedded chain (sync/chain/embedded.ts) unless an RPC URL is configured for it;
// any other EVM chain needs an RPC URL and a signing key; Tezos is connect-only and offered disabled, with the reason,
// unless configured.
//
// Settings per chain (NAME = the chain in capitals, "-" as "_", e.g. TEZOS_MAINNET):
//   LL_CHAIN_<NAME>_RPC_URL   the node's JSON-RPC URL
//   LL_CHAIN_<NAME>_KEY       the operator's signing key (0x + 64 hex for EVM chains)

export const EMBEDDED_CHAIN = "ethereum-ledgerline";
/** The product's own test chain: hidden in the wallet, not Tokenized. */
export const TEST_CHAIN = "ledgerlinen-hawknet";

export interface ChainInfo {
  chain: string;
  kind: "evm" | "tezos";
  symbol: string;
  /** The explorer page of an address or contract; null when the chain has none. */
  explorer: string | null;
  /** Offered in Setup Token and Swap Chain. */
  offered: boolean;
}

export const CHAINS: readonly ChainInfo[] = [
  { chain: EMBEDDED_CHAIN, kind: "evm", symbol: "ETH", explorer: null, offered: true },
  { chain: "tezos-mainnet", kind: "tezos", symbol: "XTZ", explorer: "https://tzkt.io/{address}", offered: true },
  {
    chain: "ethereum-mainnet",
    kind: "evm",
    symbol: "ETH",
    explorer: "https://etherscan.io/address/{address}",
    offered: false,
  },
  {
    chain: "ethereum-rinkeby",
    kind: "evm",
    symbol: "ETH",
    explorer: "https://rinkeby.etherscan.io/address/{address}",
    offered: false,
  },
];

export interface ChainConnection {
  chain: string;
  kind: "evm" | "tezos";
  /** null: the embedded chain. */
  rpcUrl: string | null;
  /** The operator's key from the environment; null: the server's own key (kept sealed in the database). */
  key: string | null;
  enabled: boolean;
  /** Why the chain is disabled (shown to the issuer). */
  reason: string | null;
}

export function envName(chain: string): string {
  return chain.toUpperCase().replace(/[^A-Z0-9]/g, "_");
}

/** How each offered chain is reached, from the environment. */
export function chainConnections(env: NodeJS.ProcessEnv = process.env): ChainConnection[] {
  return CHAINS.filter((c) => c.offered).map((info) => {
    const name = envName(info.chain);
    const rpcUrl = env[`LL_CHAIN_${name}_RPC_URL`]?.trim() || null;
    const key = env[`LL_CHAIN_${name}_KEY`]?.trim() || null;
    const settings = `LL_CHAIN_${name}_RPC_URL and LL_CHAIN_${name}_KEY`;
    if (info.chain === EMBEDDED_CHAIN) {
      if (rpcUrl && !key)
        return { chain: info.chain, kind: info.kind, rpcUrl, key, enabled: false, reason: `Set ${settings}.` };
      return { chain: info.chain, kind: info.kind, rpcUrl, key, enabled: true, reason: null };
    }
    if (info.kind === "tezos") {
      const reason =
        rpcUrl && key
          ? "Tezos deployment needs the Taquito client (@taquito/taquito), which this server does not include."
          : `Tezos is not configured on this server (set ${settings}).`;
      return { chain: info.chain, kind: info.kind, rpcUrl, key, enabled: false, reason };
    }
    const enabled = Boolean(rpcUrl && key);
    return {
      chain: info.chain,
      kind: info.kind,
      rpcUrl,
      key,
      enabled,
      reason: enabled ? null : `${info.chain} is not configured on this server (set ${settings}).`,
    };
  });
}

export function explorerUrl(chain: string, address: string): string | null {
  const template = CHAINS.find((c) => c.chain === chain)?.explorer;
  return template ? template.replace("{address}", address) : null;
}
