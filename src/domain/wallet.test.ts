import { describe, expect, it } from "vitest";
import { toString as decimalText, ZERO } from "./decimal.ts";
import { isTokenized, PRODUCT_TEST_CHAIN, tokensOfHoldings, type WalletToken, walletCards } from "./wallet.ts";

const token = (change: Partial<WalletToken>): WalletToken => ({
  id: "t",
  name: "Token",
  symbol: "TKN",
  type: "Security",
  status: "deployed",
  precision: 2,
  chain: "ethereum-ledgerline",
  amount: "10.567",
  ...change,
});

describe("wallet cards", () => {
  it("hide the product's test chain, undeployed tokens and zero amounts; floor to the precision", () => {
    const cards = walletCards([
      token({ id: "a" }),
      token({ id: "b", chain: PRODUCT_TEST_CHAIN }),
      token({ id: "c", status: "not_deployed" }),
      token({ id: "e", status: "deploying" }),
      token({ id: "f", status: "issuing" }),
      token({ id: "g", status: "issued" }),
      token({ id: "d", amount: "0.001" }),
    ]);
    expect(cards.map((card) => card.id)).toEqual(["a", "f", "g"]);
    expect(decimalText(cards[0]?.amount ?? ZERO)).toBe("10.56");
  });

  it("values at sell and spot prices, N/A without a positive buy price, Trade only for crypto", () => {
    const [crypto] = walletCards([
      token({
        type: "Crypto",
        symbol: "XTZ",
        amount: "2",
        precision: 0,
        coinbaseBuyPriceUSD: "1.5",
        coinbaseSellPriceUSD: "1.4",
        coinbaseSpotPriceUSD: "1.45",
      }),
    ]);
    expect(crypto?.tradable).toBe(true);
    expect(crypto?.priceUrl).toBe("https://www.coinbase.com/price/xtz");
    expect(decimalText(crypto?.sellValue ?? ZERO)).toBe("2.8");
    expect(decimalText(crypto?.spotValue ?? ZERO)).toBe("2.9");
    const [listed] = walletCards([token({ coinbaseBuyPriceUSD: "0" })]);
    expect(listed?.price).toBeNull();
    expect(listed?.tradable).toBe(false);
    expect(listed?.priceUrl).toBeNull();
  });
});

describe("wallet positions from holdings", () => {
  it("count a token once when two holdings of its round carry it", () => {
    const position = {
      id: "t1",
      name: "A",
      symbol: "A",
      type: "Crypto",
      status: "deployed",
      precision: 0,
      chain: "tezos-mainnet",
      amount: "5",
    };
    const tokens = tokensOfHoldings([{ tokens: [position] }, { tokens: [position] }, { tokens: null }]);
    expect(tokens.map((t) => [t.id, t.amount])).toEqual([["t1", "5"]]);
  });
});

describe("tokenized", () => {
  it("needs an address with status trade on a chain other than the product's test chain", () => {
    expect(isTokenized([{ status: "trade", chain: "tezos-mainnet" }])).toBe(true);
    expect(isTokenized([{ status: "trade", chain: PRODUCT_TEST_CHAIN }])).toBe(false);
    expect(isTokenized([{ status: "pending", chain: "tezos-mainnet" }])).toBe(false);
    expect(isTokenized([])).toBe(false);
    expect(isTokenized(undefined)).toBe(false);
  });
});
