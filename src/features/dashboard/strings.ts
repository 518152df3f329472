// The dashboard's own texts: tiles, lists, first-sync progress (the spec's messages stay in domain/messages.ts).

export const DASHBOARD_TEXT = {
  dashboard: "Dashboard",
  capitalRaised: "Capital raised",
  investorsEngaged: "Investors engaged",
  distributions: "Distributions",
  allHoldings: "All Holdings",
  assets: "Assets",
  messages: "Messages",
  recentTransactions: "Recent transactions",
  transactions: "Transactions",
  closedRounds: "Closed rounds",
  activeRounds: "Active rounds",
  distributors: "Distributors",
  issuers: "Issuers",
  /** A transaction's name when its round is not known. */
  transaction: "Transaction",
  viewAll: "View all",
  /** The accessible name of a list's "View all" link: starts with its visible text (WCAG 2.5.3). */
  allOf: (label: string) => `View all ${label.toLowerCase()}`,
  syncing: (percent: number) => `Syncing ${percent}%`,
  /** The records the first sync has read so far, as text. */
  firstSync: (records: string) =>
    `First sync of this account on this device: ${records}. The dashboard's figures show when it is done; other pages can be used meanwhile.`,
  /** After the asset's type. */
  authorized: (units: string) => `${units} authorized`,
  units: (units: string) => `${units} units`,
};
