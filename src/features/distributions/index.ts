// /distributions: the distributions report.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { DistributionsPage } from "./DistributionsPage.tsx";
