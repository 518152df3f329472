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
  onChain: "This security is tokenized: a split is not possible while the chain cannot be kept equal to the ledger.",
} as const;
