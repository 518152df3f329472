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

/** The wallet's Addresses section: the investor's address per chain (messages as the server's, sync/database/tokens). */
export const ADDRESS_TEXT = {
  title: "Blockchain addresses",
  intro:
    "Tokens are minted to your address on each chain. Without an address of your own, the platform creates a custodial one when your first holding is minted there.",
  chain: "Chain",
  address: "Address",
  kind: "Kind",
  status: "Status",
  custodial: "Custodial (held by the platform)",
  own: "Your own address",
  none: "None yet",
  noneNote: "A custodial address is created when your first holding is minted on this chain.",
  inUse: (count: number) => `${count} holding${count === 1 ? "" : "s"} issued`,
  minting: (count: number) => `${count} minting`,
  failed: (count: number) => `${count} failed`,
  unused: "Not used yet",
  add: "Use my own address",
  addTitle: "Use my own address",
  addDescription: (chain: string) => `Tokens on ${chain} will be minted to this address from now on.`,
  save: "Save",
  cancel: "Cancel",
  placeholderEvm: "0x…",
  placeholderTezos: "tz1…",
  required: "Address is required.",
  evmInvalid: "Address must be 0x followed by 40 hexadecimal characters.",
  tezosInvalid: "Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.",
  tooLong: "Address must be at most 200 characters, without spaces.",
  readOnly: "Viewers of this account read its addresses; an owner or admin can add one.",
  copy: "Copy address",
};
