// /securities and /security/{id}.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { SecuritiesPage } from "./SecuritiesPage.tsx";
export { SecurityPage } from "./SecurityPage.tsx";
