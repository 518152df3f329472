// API keys: an account's keys (LedgerlineIO) and an investor's personal key (Portfolio), shown once, revoked here.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { ApiKeysSection } from "./ApiKeysSection.tsx";
