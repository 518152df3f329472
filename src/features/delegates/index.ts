// /settings/delegates: the account's delegates.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { DelegatesPage } from "./DelegatesPage.tsx";
