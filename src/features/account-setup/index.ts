// Account Setup (/account/setup): the investor's account details form (also the in-person session's account details
// step), its panel, the link to it, and the lists it needs kept on the device.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").

export { HostedAccountSetupForm } from "./AccountSetupForm.tsx";
export { AccountSetupPage, useAccountSetUp } from "./AccountSetupPage.tsx";
export { AccountSetupPanel } from "./AccountSetupPanel.tsx";
export { useKeepSetupReferenceData } from "./reference-data.ts";
export { SetUpAccountLink } from "./SetUpAccountLink.tsx";
