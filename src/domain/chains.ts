// How a chain reads on every screen (issue 37 finding 1): the wallet, the round's Cap Table badge, the token screens,
// Swap Chain and the sync review all name a chain by its label, never by its id (ethereum-ledgerline,
// tezos-mainnet). The ids are the server's (sync/chain/chains.ts) and the spec's (part 2, section 9); the
// server's texts use the same labels (app_private.chain_label in sync/database/tokens/10_tokens.sql, CHAINS' label).

export const CHAIN_LABELS: Record<string, string> = {
  "ethereum-ledgerline": "Ethereum (Ledgerline private network)",
  "tezos-mainnet": "Tezos mainnet",
  "ethereum-mainnet": "Ethereum mainnet",
  "ethereum-rinkeby": "Ethereum Rinkeby",
  "ledgerlinen-hawknet": "Ledgerline test chain",
};

/** A chain's label; an unknown chain in words ("polygon-mainnet" -> "Polygon mainnet"); "" for none. */
export function chainLabel(chain: string | null | undefined): string {
  if (!chain) return "";
  const known = CHAIN_LABELS[chain];
  if (known) return known;
  const words = chain.replaceAll(/[-_]+/g, " ").trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : chain;
}
