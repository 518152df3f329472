// /capitalization: the cap table and the schedule of purchasers.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { CapitalizationPage } from "./CapitalizationPage.tsx";
