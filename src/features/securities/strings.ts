// The securities screens' own texts: the security dialog (the spec's messages stay in domain/messages.ts).

export const SECURITY_DIALOG_TEXT = {
  title: "Create security",
  name: "Name",
  total: "Total",
  symbol: "Symbol",
  optional: "Optional",
};

/** The securities list and a security's page. */
export const SECURITIES_TEXT = {
  securities: "Securities",
  security: "Security",
  createSecurity: "Create security",
  issuerIntro: "Your securities, their latest price and where they are listed.",
  atsIntro: "Securities listed on your exchange.",
  filterByName: "Filter by name",
  name: "Name",
  symbol: "Symbol",
  totalUnits: "Total units",
  /** Followed by the sort arrow. */
  latestPriceSort: "Latest price ",
  latestPrice: "Latest price",
  latestValue: "Latest value",
  ats: "ATS",
  listingExchange: "Listing exchange",
  /** Followed by the round names. */
  roundsPrefix: "Rounds: ",
};
