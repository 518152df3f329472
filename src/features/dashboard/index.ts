// /dashboard for issuers and brokers, and the transaction figures it shares with /transactions.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { DashboardPage } from "./DashboardPage.tsx";
export { paidOn, transactionUnits } from "./summary.ts";
