// The top bar's sync status and the editors of rejected changes.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { SyncIndicator } from "./SyncIndicator.tsx";
