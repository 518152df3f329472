// Portfolio downloads: the investor's OFX file and statement PDF (issue 35 item 2).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { PortfolioDownloads } from "./PortfolioDownloads.tsx";
