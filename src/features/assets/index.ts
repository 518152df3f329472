// /assets: assets and their rounds, with the asset and round dialogs.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AssetsPage } from "./AssetsPage.tsx";
export { DIALOG_BUTTONS } from "./strings.ts";
