// The round page's texts: its views, the round information, distributors, allocations, cap table, buyers and capital.

export const ROUND_TEXT = {
  round: "Round",
  noRounds: "No rounds found.",
  assets: "Assets",
  asset: "Asset",
  /** The page title: the asset's name, then the round's. */
  title: (assetName: string, roundName: string) => `${assetName} · ${roundName}`,
  roundViews: "Round views",
  manage: "Round Management",
  capital: "Capital Management",
  token: "Token Management",
  // shared by the cards
  cancel: "Cancel",
  add: "Add",
  edit: "Edit",
  save: "Save",
  name: "Name",
  status: "Status",
  investor: "Investor",
  allocation: "Allocation",
  units: "Units",
  opensOn: "Opens On",
  closesOn: "Closes On",
  /** Shown for a missing value. */
  none: "—",
  notAvailable: "N/A",
};

/** The Round Information card. */
export const ROUND_INFO_TEXT = {
  title: "Round Information",
  nameRequired: "Name is required.",
  price: "Price",
  pricePerUnit: "Price per unit",
  unitsOffered: "Units offered",
  security: "Security",
  opens: "Opens",
  closes: "Closes",
  term: "Term",
  years: (term: string | undefined) => `${term} years`,
  yield: "Yield",
  percent: (coupon: string | undefined) => `${coupon}%`,
};

/** The Distributors card. */
export const DISTRIBUTORS_TEXT = {
  title: "Distributors",
  addDistributor: "Add Distributor",
  none: "No distributors yet.",
  distributor: "Distributor",
  managedUnits: "Managed units",
  broker: "Broker",
  brokerRequired: "A broker is required.",
};

/** The Allocations card. */
export const ROUND_ALLOCATIONS_TEXT = {
  title: "Allocations",
  addAllocation: "Add Allocation",
  none: "No allocations found.",
  owner: "Owner",
  opens: "Opens",
  closes: "Closes",
  distributions: "Distributions",
  /** The owner column when the viewer's account owns the allocation. */
  you: "You",
};

/** The Cap Table card. */
export const CAP_TABLE_TEXT = {
  title: "Cap Table",
  issue: "Issue",
  selectOne: "Select at least one distribution.",
  stakeholders: "STAKEHOLDERS",
  issuedUnits: "ISSUED UNITS",
  none: "No closed distributions found.",
  notIssued: "Not Issued",
  /** A holding's ledger status on the product's own ledger (ledger-status.ts). */
  issued: "Issued",
  /** The screen reader text of a row's checkbox. */
  select: (name: string) => `Select ${name}`,
  /** The (visually hidden) header of the select column. */
  selectColumn: "Select",
};

/** The Buyers card. */
export const BUYERS_TEXT = {
  title: "Buyers",
  searchByName: "Search by name",
  none: "No buyers found.",
  /** Followed by the sort arrow. */
  unitsSort: (arrow: string) => `Units${arrow}`,
  valueSort: (arrow: string) => `Value${arrow}`,
  statusOf: (name: string) => `Status of ${name}`,
  /** The buyer's name when none is known. */
  buyer: "buyer",
};

/** The capital views. */
export const CAPITAL_TEXT = {
  recentSummary: "Recent Capital Summary",
  holdings: "HOLDINGS",
  deployed: "DEPLOYED",
  remaining: "REMAINING",
  incoming: "Incoming Capital",
  committed: "COMMITTED",
  paidIn: "PAID IN",
  expected: "EXPECTED",
  noDistributions: "No distributions yet.",
  committedColumn: "Committed",
  paidInColumn: "Paid in",
  expectedColumn: "Expected",
  deployments: "Capital Deployments",
  noDeployments: "No capital deployments.",
  deployedOn: "Deployed on",
  description: "Description",
  amount: "Amount",
};
