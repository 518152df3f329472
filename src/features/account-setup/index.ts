// Account Setup (/account/setup): the investor's account details form, its panel and the link to it.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AccountSetupPage, useAccountSetUp } from "./AccountSetupPage.tsx";
export { AccountSetupPanel } from "./AccountSetupPanel.tsx";
export { SetUpAccountLink } from "./SetUpAccountLink.tsx";
