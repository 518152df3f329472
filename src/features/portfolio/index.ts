// /portfolio: the investor's holdings as a grid, or cards on a phone.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { PortfolioPage } from "./PortfolioPage.tsx";
