// The chains a token may live on (spec part 2 constants; docs/CHAIN.md, README "Chains") and how the server reaches
// each: `ethereum-ledgerline` is the embedded chain (sync/chain/embedded.ts) unless an RPC URL is configured for it;
// the public EVM chains the spec gives explorers for (ethereum-mainnet, ethereum-rinkeby) are offered once their RPC
// URL and signing key are set (the same ethers client as the embedded chain); Tezos is offered always, enabled once
// its RPC URL and key are set (connect-only through Taquito, sync/chain/tezos.ts), else disabled with the reason.
//
// Settings per chain (NAME = the chain in capitals, "-" as "_", e.g. TEZOS_MAINNET):
//   LL_CHAIN_<NAME>_RPC_URL   the node's JSON-RPC URL
//   LL_CHAIN_<NAME>_KEY       the operator's signing key (0x + 64 hex for EVM chains; a Tezos secret key, edsk...)

export const EMBEDDED_CHAIN = "ethereum-ledgerline";
/** The product's own test chain: hidden in the wallet, not Tokenized. */
export const TEST_CHAIN = "ledgerlinen-hawknet";

export interface ChainInfo {
  chain: string;
  /** How people read it (src/domain/chains.ts, app_private.chain_label). */
  label: string;
  kind: "evm" | "tezos";
  symbol: string;
  /** The explorer page of an address or contract; null when the chain has none. */
  explorer: string | null;
  /** Offered in Setup Token and Swap Chain: always, or only once configured (RPC URL and key set). */
  offered: boolean | "configured";
}

export const CHAINS: readonly ChainInfo[] = [
  {
    chain: EMBEDDED_CHAIN,
    label: "Ethereum (Ledgerline private network)",
    kind: "evm",
    symbol: "ETH",
    explorer: null,
    offered: true,
  },
  {
    chain: "tezos-mainnet",
    label: "Tezos mainnet",
    kind: "tezos",
    symbol: "XTZ",
    explorer: "https://tzkt.io/{address}",
    offered: true,
  },
  {
    chain: "ethereum-mainnet",
    label: "Ethereum mainnet",
    kind: "evm",
    symbol: "ETH",
    explorer: "https://etherscan.io/address/{address}",
    offered: "configured",
  },
  {
    chain: "ethereum-rinkeby",
    label: "Ethereum Rinkeby",
    kind: "evm",
    symbol: "ETH",
    explorer: "https://rinkeby.etherscan.io/address/{address}",
    offered: "configured",
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
  /** Why the chain is disabled, as a sentence for the issuer (no settings named: those are the operator's). */
  reason: string | null;
  /** What the operator sets to enable it (the server log and docs/CHAIN.md; never shown to issuers). */
  setup: string | null;
}

/** The issuer's sentence for a chain this server does not reach. */
export const unavailableReason = (label: string) =>
  `${label} is not available on this server. Ask your platform administrator to connect it.`;

export function envName(chain: string): string {
  return chain.toUpperCase().replace(/[^A-Z0-9]/g, "_");
}

/** How each offered chain is reached, from the environment. */
export function chainConnections(env: NodeJS.ProcessEnv = process.env): ChainConnection[] {
  const setting = (chain: string, what: "RPC_URL" | "KEY") => env[`LL_CHAIN_${envName(chain)}_${what}`]?.trim() || null;
  const configured = (info: ChainInfo) => Boolean(setting(info.chain, "RPC_URL") && setting(info.chain, "KEY"));
  return CHAINS.filter((c) => c.offered === true || (c.offered === "configured" && configured(c))).map((info) => {
    const name = envName(info.chain);
    const rpcUrl = setting(info.chain, "RPC_URL");
    const key = setting(info.chain, "KEY");
    const setup = `Set LL_CHAIN_${name}_RPC_URL and LL_CHAIN_${name}_KEY.`;
    const base = { chain: info.chain, kind: info.kind, rpcUrl, key };
    if (info.chain === EMBEDDED_CHAIN) {
      if (rpcUrl && !key) return { ...base, enabled: false, reason: unavailableReason(info.label), setup };
      return { ...base, enabled: true, reason: null, setup: null };
    }
    // Tezos is connect-only (sync/chain/tezos.ts): the node at the RPC URL, the operator's secret key (edsk/spsk/p2sk)
    const enabled = Boolean(rpcUrl && key);
    return enabled
      ? { ...base, enabled, reason: null, setup: null }
      : { ...base, enabled, reason: unavailableReason(info.label), setup };
  });
}

export function explorerUrl(chain: string, address: string): string | null {
  const template = CHAINS.find((c) => c.chain === chain)?.explorer;
  return template ? template.replace("{address}", address) : null;
}
