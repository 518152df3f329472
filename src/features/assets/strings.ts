// The asset screens' own texts: the asset and round dialogs (the spec's messages stay in domain/messages.ts).

export const ASSET_DIALOG_TEXT = {
  createTitle: "Create asset",
  editTitle: "Edit asset",
  name: "Name",
  authorizedTotal: "Authorized total",
  type: "Type",
  status: "Status",
  typeFixed: "The type of an existing asset cannot change.",
};

export const ROUND_DIALOG_TEXT = {
  createTitle: "Create round",
  editTitle: "Edit round",
  accreditationRequired: "Requires verified accreditation",
  selfCertificationAllowed: "Allow self-certification",
  accreditationHint:
    "With verified accreditation required, holdings are issued only to investors whose accreditation was verified and has not expired. A self-certification does not count as verified.",
  debtDescription: "A debt round: term in years, coupon in percent.",
  name: "Name",
  opensOn: "Opens on",
  closesOn: "Closes on",
  termsUrl: "Dataroom Url",
  price: "Price",
  total: "Total",
  coupon: "Coupon (%)",
  term: "Term (years)",
  status: "Status",
  latestPrice: (security: string) => `Latest price of ${security}`,
};

/** The buttons of the asset, round and security dialogs. */
export const DIALOG_BUTTONS = { cancel: "Cancel", save: "Save", create: "Create" };

/** The assets page and its tables. */
export const ASSETS_TEXT = {
  assets: "Assets",
  createAsset: "Create asset",
  issuerIntro: "Your assets and their rounds, newest first.",
  allIssuersIntro: "Issuers, their assets and rounds.",
  /** An issuer group's name when the issuer is not on the device. */
  issuer: "Issuer",
  expand: "Expand",
  actions: "Actions",
  name: "Name",
  type: "Type",
  status: "Status",
  authorizedTotal: "Authorized total",
  rounds: "Rounds",
  created: "Created",
  toggleRounds: (expanded: boolean, assetName: string) => `${expanded ? "Hide" : "Show"} rounds of ${assetName}`,
  addRound: "Add round",
  edit: "Edit",
  editLabel: (name: string) => `Edit ${name}`,
  roundsOf: (assetName: string) => `Rounds of ${assetName}`,
  round: "Round",
  opens: "Opens",
  closes: "Closes",
  price: "Price",
  totalUnits: "Total units",
  coupon: "Coupon",
  term: "Term",
  years: (term: string) => `${term} years`,
  security: "Security",
  listingExchange: "Listing exchange",
  /** Shown for a missing value. */
  none: "—",
};

/** The holdings under an asset. */
export const ASSET_HOLDINGS_TEXT = {
  holdings: "Holdings",
  holdingsOf: (assetName: string) => `Holdings of ${assetName}`,
  investor: "Investor",
  round: "Round",
  units: "Units",
  purchasePrice: "Purchase price",
  issuedOn: "Issued on",
  status: "Status",
  issued: "Issued",
  showingNewest: (shown: number, total: number) => `Showing the newest ${shown} of ${total} holdings.`,
  allHoldings: "All holdings",
  /** Shown for a missing value. */
  none: "—",
};
