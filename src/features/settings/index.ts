// The settings layout (tabs per account type) and the account details panel.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AccountSettings } from "./AccountSettings.tsx";
export { SettingsLayout } from "./SettingsLayout.tsx";
