// The wallet (spec part 2: wallet, constants): a card per deployed token with positive holdings. The product's own test
// chain ({product}n-hawknet) and zero amounts are hidden; amounts use the token's precision and whole units are
// floored; sell value and spot value = holding x sell or spot price; the price reads N/A when the buy price is not
// positive; Crypto tokens link to an external price page and offer Trade, others show a disabled Not Listed. The
// positions come from the holding documents (sync/database/read-models/10_holdings.sql: each holding carries the
// investor's positions in its round's tokens and its blockchain addresses); tokensOfHoldings counts each token once.
// Tokenized (portfolio): the holding has an address with status trade on a chain other than the product's test chain.
import { compare, type Decimal, dec, mul, parseDecimal, round, ZERO } from "./decimal.ts";

export const PRODUCT_TEST_CHAIN = "ledgerlinen-hawknet";

/** A deployed token: on its chain, including while a later Mint is issuing (its holders keep their balances). */
const DEPLOYED = new Set(["deployed", "issuing", "issued"]);

export interface WalletToken {
  id: string;
  name: string;
  symbol: string;
  type: string;
  status: string;
  precision: number;
  chain: string;
  coinbaseBuyPriceUSD?: string | null;
  coinbaseSellPriceUSD?: string | null;
  coinbaseSpotPriceUSD?: string | null;
  /** The investor's amount of this token (sum of its cap table entries). */
  amount: string;
}

export interface WalletCard {
  id: string;
  name: string;
  symbol: string;
  amount: Decimal;
  /** null: N/A */
  price: Decimal | null;
  sellValue: Decimal | null;
  spotValue: Decimal | null;
  tradable: boolean;
  priceUrl: string | null;
}

const positive = (value: string | null | undefined): Decimal | null => {
  const parsed = parseDecimal(value ?? null);
  return parsed && compare(parsed, ZERO) > 0 ? parsed : null;
};

export function walletCards(tokens: readonly WalletToken[]): WalletCard[] {
  return tokens
    .filter((token) => DEPLOYED.has(token.status))
    .filter((token) => token.chain !== PRODUCT_TEST_CHAIN)
    .map((token) => ({ token, amount: round(dec(token.amount), Math.max(0, token.precision), "floor") }))
    .filter(({ amount }) => compare(amount, ZERO) > 0)
    .map(({ token, amount }) => {
      const buy = positive(token.coinbaseBuyPriceUSD);
      const sell = positive(token.coinbaseSellPriceUSD);
      const spot = positive(token.coinbaseSpotPriceUSD);
      const crypto = token.type === "Crypto";
      return {
        id: token.id,
        name: token.name,
        symbol: token.symbol,
        amount,
        price: buy,
        sellValue: sell ? mul(amount, sell) : null,
        spotValue: spot ? mul(amount, spot) : null,
        tradable: crypto,
        priceUrl: crypto ? `https://www.coinbase.com/price/${encodeURIComponent(token.symbol.toLowerCase())}` : null,
      };
    });
}

/**
 * A token position embedded in a holding document (sync/database/read-models/10_holdings.sql): a wallet token whose
 * chain may be missing, with its round's and asset's names.
 */
interface HoldingTokenPosition extends Omit<WalletToken, "chain"> {
  chain?: string | null;
  roundName?: string | null;
  assetName?: string | null;
}

type HoldingToken = WalletToken & Pick<HoldingTokenPosition, "roundName" | "assetName">;

/** The wallet's tokens from the investor's holding documents: two holdings in one round carry the same positions. */
export function tokensOfHoldings(holdings: readonly { tokens?: readonly unknown[] | null }[]): HoldingToken[] {
  const byId = new Map<string, HoldingToken>();
  for (const holding of holdings) {
    for (const position of (holding.tokens ?? []) as HoldingTokenPosition[]) {
      if (!position?.id || byId.has(position.id)) continue;
      byId.set(position.id, { ...position, chain: position.chain ?? "", amount: position.amount ?? "0" });
    }
  }
  return [...byId.values()];
}

interface HoldingAddress {
  status?: string | null;
  chain?: string | null;
}

/** Tokenized: an address with status trade on a chain other than the product's own test chain. */
export function isTokenized(addresses: readonly unknown[] | null | undefined): boolean {
  return ((addresses ?? []) as HoldingAddress[]).some(
    (address) => address?.status === "trade" && !!address.chain && address.chain !== PRODUCT_TEST_CHAIN,
  );
}
