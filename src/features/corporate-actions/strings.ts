// The words of the corporate action screens (features/corporate-actions; docs/CORPORATE-ACTIONS.md). The refusals'
// texts are the server's, in src/domain/corporate-actions.ts.
export const CORPORATE_ACTIONS_TEXT = {
  card: "Corporate action",
  description:
    "Split or reverse split every holding of this security by a ratio. Fractions of a unit are rounded down and paid as cash in lieu at the price you state.",
  ratioNew: "New units",
  ratioOld: "For every (units held now)",
  price: "Cash in lieu price per unit",
  priceHint: "The price of one unit after the split",
  preview: "Preview",
  previewTitle: (ratioNew: number, ratioOld: number) => `Every ${ratioOld} units become ${ratioNew}`,
  holder: "Holder",
  round: "Round",
  before: "Units before",
  after: "Units after",
  fraction: "Fraction",
  cash: "Cash in lieu",
  total: "Total",
  noHoldings: "No holdings of this security.",
  confirm: "Confirm split",
  back: "Change",
  queued: "Split saved: it applies to every holding when the server receives it.",
  queuedOffline: "Saved on this device: the split is sent when you are back online.",
  waiting: "A split is waiting to sync.",
  onChain:
    "This security is tokenized: once the server applies the split, the chain follows. New units are minted to each holder's address and units taken away are burned.",
} as const;

export const REDEMPTION_TEXT = {
  card: "Redemption",
  description:
    "Buy back units from chosen holders at a price per unit. Type the units to buy back beside each holding; leave the others blank.",
  holder: "Holder",
  round: "Round",
  held: "Units held",
  units: "Units to buy back",
  unitsOf: (holder: string, round: string) => `Units to buy back from ${holder} (${round})`,
  price: "Price per unit",
  preview: "Preview redemption",
  previewTitle: (price: string) => `Buy back at ${price} per unit`,
  cash: "Cash paid",
  confirm: "Confirm redemption",
  back: "Change",
  noHoldings: "No holdings of this security.",
  queued: "Redemption saved: it applies when the server receives it.",
  queuedOffline: "Saved on this device: the redemption is sent when you are back online.",
  waiting: "A redemption is waiting to sync.",
  onChain:
    "This security is tokenized: once the server applies the redemption, the units bought back are burned on the chain.",
} as const;

export const CONVERSION_TEXT = {
  card: "Conversion into equity",
  description:
    "Convert every holding of this note into units of an equity round, at a conversion price or a ratio. Whole units are issued; the fraction left over is paid as cash in lieu.",
  debtRound: "Note round",
  equityRound: "Convert into",
  choose: "Choose a round",
  chooseEquity: "Choose the equity round to convert into.",
  by: "Convert at",
  byPrice: "A conversion price",
  byRatio: "A ratio",
  price: "Conversion price per unit",
  priceHint: "Each holding's principal divided by this price gives its units",
  ratio: "Units for each note unit",
  ratioHint: "Each note unit becomes this many units",
  preview: "Preview conversion",
  before: "Note units",
  after: "Units after",
  cash: "Cash in lieu",
  confirm: "Confirm conversion",
  back: "Change",
  noHoldings: "No holdings of this note.",
  queued: "Conversion saved: it applies when the server receives it.",
  queuedOffline: "Saved on this device: the conversion is sent when you are back online.",
  waiting: "A conversion is waiting to sync.",
  onChain:
    "This note is tokenized: once the server applies the conversion, the note's tokens are burned, and the new units are minted where their round is tokenized.",
} as const;

export const CHAIN_TEXT = {
  card: "On the chain",
  description:
    "The token balances follow each corporate action: new units are minted to each holder's address and units taken away are burned.",
  offline: "The chain's state shows when you are online.",
  none: "No corporate action has changed the tokens yet.",
  kinds: { split: "Split of", redemption: "Redemption of", conversion: "Conversion of" },
  status: {
    queued: "waiting for the chain",
    pending: "on its way on the chain",
    done: "the balances follow",
    failed: "the chain refused it",
  },
  retry: "Retry on the chain",
  retried: "Sent to the chain again.",
} as const;
