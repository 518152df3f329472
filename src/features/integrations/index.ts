// /settings/integrations.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { IntegrationsPage } from "./IntegrationsPage.tsx";
export { LedgerlineIoPage } from "./LedgerlineIoPage.tsx";
export { PortfolioConnectPage } from "./PortfolioConnectPage.tsx";
