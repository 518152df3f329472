// Account pages: an issuer's or broker's page, an investor's page, the issuers and distributors lists.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AccountPage } from "./AccountPage.tsx";
export { DistributorsPage } from "./DistributorsPage.tsx";
export { InvestorPage } from "./InvestorPage.tsx";
export { IssuersPage } from "./IssuersPage.tsx";
