// The wallet page's texts (the empty state is MESSAGES.noWalletTokens).

export const WALLET_TEXT = {
  title: "Wallet",
  intro: "Your tokens on public and private chains, valued at the latest exchange prices.",
  balance: "Balance",
  price: "Price",
  sellValue: "Sell value",
  spotValue: "Spot value",
  notAvailable: "N/A",
  trade: "Trade",
  priceHistory: "Price history",
  notListed: "Not Listed",
};
