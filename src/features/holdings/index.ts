// /holdings and /holding/{id} (with its dividends).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { HoldingPage } from "./HoldingPage.tsx";
export { HoldingsPage } from "./HoldingsPage.tsx";
