// The portfolio page's texts.

export const PORTFOLIO_TEXT = {
  title: "Portfolio",
  intro: "Your investments by asset. Expand an asset to see its rounds and investments.",
  filterByStatus: "Filter by status",
  notAvailable: "N/A",
  holding: "Holding",
  distribution: "Distribution",
  /** Phones: the button that opens an asset card's rounds. */
  rounds: (count: number) => (count === 1 ? "1 round" : `${count} rounds`),
  /** Phones: a round's or an investment's units and value. */
  roundLine: (units: string, value: string) => `${units} units · ${value}`,
};

/** The grid's column headers, by column id. */
export const PORTFOLIO_COLUMNS = {
  asset: "Asset",
  issuer: "Issuer",
  round: "Round",
  tokenized: "Tokenized",
  status: "Status",
  progress: "Progress",
  nextStep: "Next Step",
  type: "Type",
  category: "Category",
  units: "Units",
  value: "Value",
  investment: "Investment",
  purchasePrice: "Cost Basis",
  latestPrice: "Latest Price",
  committedCapital: "Committed Capital",
  paidInCapital: "Paid-In Capital",
  percentPaid: "Percent Paid",
  deployedCapital: "Deployed Capital",
  undeployedCapital: "Undeployed Capital",
  paidOutDividends: "Paid-Out Dividends",
  coupon: "Yield",
  term: "Term (Years)",
};
